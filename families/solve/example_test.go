package solve_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// Wolf's two-parameter grid: every number is a rational function of
// two of them.
func ExampleSolve() {
	s := grid.MustParseOps("-=|-xx/+|x=|=====|x=", grid.Size{Rows: 3, Cols: 3})
	sys, err := s.System(0, grid.Precedence, poly.Grevlex)
	if err != nil {
		panic(err)
	}
	res, err := solve.Solve(context.Background(), sys.Polys(), sys.Nonzero, solve.Options{})
	if err != nil {
		panic(err)
	}
	for _, f := range res.Families() {
		fmt.Printf("%s family in %v\n", f.Kind, f.Parameters)
		for _, v := range f.Values {
			if !v.Parameter {
				fmt.Printf("  %s = %s\n", v.Name, v.Format(solve.Person))
			}
		}
	}
	// Output:
	// rational family in [b h]
	//   a = b h
	//   c = b (h - 1)
	//   d = h (b - 1)
	//   f = b (h - 1)/h
	//   g = b (b - 1)(h - 1)
	//   k = b^2 (h - 1)/h
	//   m = b^2 (h - 1)
}

// A finite grid with square roots: each solution is proved to 50 digits.
func ExampleSolve_squareRoots() {
	s := grid.MustParseOps("/+|--+--|/+|+-/-+|+/", grid.Size{Rows: 3, Cols: 3})
	sys, _ := s.System(0, grid.Precedence, poly.Grevlex)
	res, _ := solve.Solve(context.Background(), sys.Polys(), sys.Nonzero, solve.Options{})
	for _, p := range res.Points() {
		fmt.Println(p.Class, p.Degree)
		for _, x := range p.Numbers[:3] {
			fmt.Printf("  %s = %s ≈ %s\n", x.Name, x, x.Re.Text('g', 20))
		}
	}
	// Output:
	// real_algebraic 2
	//   a = -sqrt(2) ≈ -1.4142135623730950488
	//   b = 1 ≈ 1
	//   c = sqrt(2) ≈ 1.4142135623730950488
	// real_algebraic 2
	//   a = sqrt(2) ≈ 1.4142135623730950488
	//   b = 1 ≈ 1
	//   c = -sqrt(2) ≈ -1.4142135623730950488
}
