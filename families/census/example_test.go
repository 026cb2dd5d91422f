package census_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/families-project/families/families/census"
	"github.com/families-project/families/families/grid"
)

// Wolf's all-lines-zero question: a 3x3 grid of positive integers up to 12 whose
// rows, columns and all diagonals are zero under a setting with all four
// operators. There is one, up to symmetry.
func Example() {
	c, err := census.New(census.Options{Size: grid.Size{Rows: 3, Cols: 3}, Max: 12, Analyze: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = c.Run(context.Background(), 0, func(recs []*census.Record, d census.Done) error {
		for _, r := range recs {
			fmt.Println(r.Grid, r.Settings, "settings;", r.Answer.Kind, "by the", r.Answer.By)
			for _, im := range r.Images {
				fmt.Println(" ", im.Symmetry, im.Grid, im.Settings)
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	// Output:
	// 10 2 12 / 2 4 2 / 8 2 6 3 settings; isolated by the engine
	//   identity 10 2 12 / 2 4 2 / 8 2 6 3
	//   mirror-lr 12 2 10 / 2 4 2 / 6 2 8 3
}

// A per-setting limit given as a time is read as a budget of work: the
// same budget, and so the same answers, on any machine under any load.
func ExampleWorkOf() {
	fmt.Println(census.WorkOf(time.Minute) == census.DefaultSystemWork)
	fmt.Println(census.WorkOf(50*time.Millisecond), census.WorkOf(time.Nanosecond), census.WorkOf(0))
	// Output:
	// true
	// 1000 1 0
}
