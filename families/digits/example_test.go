package digits_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/families-project/families/families/digits"
)

// Wolf's puzzle P1: its rows, columns and diagonals as lines.
func Example() {
	p, err := digits.Parse(strings.NewReader(`
		AB x C = DEA
		AB x B = EF
		BC x A = EF
		AB + AB = BC
		C / B = A
		DEA - EF = EF
		DEA / B = BC
	`))
	if err != nil {
		panic(err)
	}
	r, err := p.Solve(context.Background(), 2) // a limit of 2 decides uniqueness
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Solutions[0])
	for _, l := range p.Lines[:3] {
		fmt.Println(l.Fill(r.Solutions[0]))
	}
	// Output:
	// unique A=2 B=4 C=8 D=1 E=9 F=6
	// 24 x 8 = 192
	// 24 x 4 = 96
	// 48 x 2 = 96
}

// The Migros cross-math: strictly left to right, digits 1 to 9 each once.
func ExamplePuzzle_Solve_leftToRight() {
	var lines []digits.Line
	for _, s := range []string{
		"A - B x C = 3", "D + F x G = 20", "H + K + M = 20",
		"A - D + H = 13", "B + F / K = 1", "C x G x M = 20",
	} {
		l, err := digits.ParseLine(s)
		if err != nil {
			panic(err)
		}
		lines = append(lines, l)
	}
	p := &digits.Puzzle{Lines: lines, Eval: digits.LTR, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}}
	r, err := p.Solve(context.Background(), 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Solutions[0])
	// Output:
	// unique A=9 B=6 C=1 D=3 F=2 G=4 H=7 K=8 M=5
}
