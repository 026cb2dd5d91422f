package grid_test

import (
	"fmt"
	"math/big"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

func Example() {
	// Wolf's one-parameter family: its operator setting and system.
	s, err := grid.ParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	sys, err := s.System(0, grid.Precedence, poly.Grevlex)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range sys.Equations {
		fmt.Printf("%-14s %-10s 0 = %s\n", e.Line.Name, e.Text, e.Poly)
	}
	fmt.Println("nonzero:", sys.Nonzero)

	// Wolf's solution S1 checks against P1's setting, and mirrors to S4.
	p1 := grid.MustParseOps("x=|+x//-|x=|=====|x=", grid.Size{Rows: 3, Cols: 3})
	s1 := []*big.Rat{big.NewRat(24, 1), big.NewRat(8, 1), big.NewRat(192, 1),
		big.NewRat(24, 1), big.NewRat(4, 1), big.NewRat(96, 1),
		big.NewRat(48, 1), big.NewRat(2, 1), big.NewRat(96, 1)}
	r, _ := p1.Check(s1, 0, grid.Precedence)
	fmt.Println(r)
	s4, v4, err := p1.Transform(grid.MirrorLR, s1, 0, grid.Precedence)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s4, v4[0:3])
	// Output:
	// row 1          a + b = c  0 = a + b - c
	// row 2          d + f = g  0 = d + f - g
	// row 3          h / k = m  0 = -k*m + h
	// column 1       a * d = h  0 = a*d - h
	// column 2       b + f = k  0 = b + f - k
	// column 3       c - g = m  0 = c - g - m
	// diagonal       a - f = m  0 = a - f - m
	// anti-diagonal  c + f = h  0 = c + f - h
	// nonzero: [a b c d f g h k m]
	// ok: 8 lines hold
	// /=|-//x+|/=|=====|/= [192/1 8/1 24/1]
}
