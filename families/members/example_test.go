package members_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// The first members without 0 or 1 of the one-parameter family of
// T. Wolf's calcrostics talk (2010), +=|x-++-|+=|=====|/=: a = k, c = k + 2,
// h = 2k, from k = 4 (k = 3 gives f = 1).
func ExampleSource_Members() {
	setting := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(context.Background(), setting, families.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	ms, err := src.Members(context.Background(), members.Filter{Min: 2}, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range ms {
		fmt.Println(m)
	}
	// Output:
	// 4 2 6 / 2 2 4 / 8 4 2
	// 5 2 7 / 2 3 5 / 10 5 2
	// 6 2 8 / 2 4 6 / 12 6 2
}
