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

// Every member of the one-parameter family up to parameter sum 10, counted:
// k = 3, ..., 10 (k = 1 and 2 give f = k - 2 below 1), the first two
// listed.
func ExampleSource_MembersUpTo() {
	setting := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(context.Background(), setting, families.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	ms, sum, err := src.MembersUpTo(context.Background(), members.Filter{MaxSum: 10}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range ms {
		fmt.Println(m.Sum, m)
	}
	fmt.Println(sum.Count, sum.Text)
	// Output:
	// 3 3 2 5 / 2 1 3 / 6 3 2
	// 4 4 2 6 / 2 2 4 / 8 4 2
	// 8 exactly 8 members with parameter sum at most 10 (proved: every choice of the parameters up to that sum was decided)
}

// A family whose number b = (m - 2)/(m + 1) is below 1 for every m >= 1
// has no positive member: the search proves it from the signs of the
// formula's coefficients at m = 1 + y, without trying a value.
func ExampleSource_Search() {
	setting := grid.MustParseOps("x=|-+x-/|+=|=====|-=", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(context.Background(), setting, families.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := src.Search(context.Background(), members.Filter{}, nil, func(*members.Member) bool { return true })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Complete, rep.Listed, rep.Steps)
	fmt.Println(rep.Empty[0])
	// Output:
	// true 0 0
	// b = (m - 2)/(m + 1) is below 1 wherever the parameters m are at least 1
}
