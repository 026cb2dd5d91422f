package sweep_test

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/sweep"
)

// Sweep a corner of Wolf's all-lines-zero experiment: five wildcards,
// 1024 settings, of which the positivity rule keeps 4.
func Example() {
	pattern := grid.MustParseOps("--|..-.-|-/|x-+..|+-", grid.Size{Rows: 3, Cols: 3})
	opt := sweep.Options{Filter: sweep.Filter{Positive: true}, Members: 3}
	plan, err := sweep.NewPlan(context.Background(), pattern, opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.Len(), "settings of", pattern.Count())
	// The records (JSON Lines) go to io.Discard here; the summary is a table.
	sum, err := plan.Run(context.Background(), io.Discard)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum.WriteTo(os.Stdout)
	// Output:
	// 4 settings of 1024
	// sweep: 4 settings, 4 systems solved, the others renamed from an equivalent setting
	//   class                  dimension   records
	//   inconsistent                             3
	//   finite                                   1
	//                                  0         1
	//   positive_dimensional                     0
	//   timeout                                  0
	//   error                                    0
	// solutions of finite systems by kind: rational 1
	// settings with positive-integer members: 1; among their members 1 distinct grid of numbers and 1 distinct calcrostic (setting and numbers), up to the symmetries of the grid
	//   --|-----|-/|x-+--|+-  12 2 10 / 2 4 2 / 6 2 8
}
