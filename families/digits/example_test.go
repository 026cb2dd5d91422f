package digits_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/families/digits"
)

// Wolf's puzzle P1: its rows, columns and diagonals as lines.
func Example() {
	line := func(words []string, ops ...digits.Op) digits.Line { return digits.Line{Words: words, Ops: ops} }
	p := &digits.Puzzle{Lines: []digits.Line{
		line([]string{"AB", "C", "DEA"}, digits.Mul, digits.Eq),
		line([]string{"AB", "B", "EF"}, digits.Mul, digits.Eq),
		line([]string{"BC", "A", "EF"}, digits.Mul, digits.Eq),
		line([]string{"AB", "AB", "BC"}, digits.Add, digits.Eq),
		line([]string{"C", "B", "A"}, digits.Div, digits.Eq),
		line([]string{"DEA", "EF", "EF"}, digits.Sub, digits.Eq),
		line([]string{"DEA", "B", "BC"}, digits.Div, digits.Eq),
	}}
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
	line := func(words []string, ops ...digits.Op) digits.Line { return digits.Line{Words: words, Ops: ops} }
	const add, sub, mul, div, eq = digits.Add, digits.Sub, digits.Mul, digits.Div, digits.Eq
	p := &digits.Puzzle{
		Lines: []digits.Line{
			line([]string{"A", "B", "C", "3"}, sub, mul, eq),
			line([]string{"D", "F", "G", "20"}, add, mul, eq),
			line([]string{"H", "K", "M", "20"}, add, add, eq),
			line([]string{"A", "D", "H", "13"}, sub, add, eq),
			line([]string{"B", "F", "K", "1"}, add, div, eq),
			line([]string{"C", "G", "M", "20"}, mul, mul, eq),
		},
		Eval:   digits.LTR,
		Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9},
	}
	r, err := p.Solve(context.Background(), 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Solutions[0])
	// Output:
	// unique A=9 B=6 C=1 D=3 F=2 G=4 H=7 K=8 M=5
}
