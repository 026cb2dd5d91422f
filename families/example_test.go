package families_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

// Wolf's one-parameter grid: its saturated basis says every number is
// determined by k, and the family writes each as a polynomial in it.
func ExampleAnalyze() {
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	rep, err := families.Analyze(context.Background(), s, families.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Class, *rep.Dimension, rep.Independent)
	fmt.Println(rep.Basis)
	// Output:
	// positive_dimensional 1 [k]
	// [a - k b - 2 c - k - 2 d - 2 f - k + 2 g - k h - 2*k m - 2]
}
