package puzzle_test

import (
	"context"
	"fmt"
	"github.com/families-project/families/families/members"
	"math/big"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/puzzle"
)

// Wolf's solution S1 encoded with canonical letters is its puzzle P1.
func ExampleEncode() {
	var vals []*big.Int
	for _, v := range []int64{24, 8, 192, 24, 4, 96, 48, 2, 96} {
		vals = append(vals, big.NewInt(v))
	}
	words, letters, _ := puzzle.Encode(vals, nil)
	fmt.Println(words)
	fmt.Println(letters)
	// Output:
	// [AB C DEA AB B EF BC A EF]
	// A=2 B=4 C=8 D=1 E=9 F=6
}

// The one-parameter family of T. Wolf's calcrostics talk (2010): its
// first member without 0 or 1, the first digit puzzle with a unique
// solution, and a "find the numbers" question.
func ExamplePuzzles() {
	ctx := context.Background()
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(ctx, s, families.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := members.Filter{Min: 2}
	ms, _ := src.Members(ctx, f, 1)
	fmt.Println(ms[0])
	ps, _ := puzzle.Puzzles(ctx, src, f, puzzle.PuzzleOptions{Diagonals: true}, 1)
	fmt.Print(ps[0].Text())
	qs, _ := puzzle.Questions(ctx, src, f, 1)
	fmt.Println("revealed:", qs[0].Revealed)
	fmt.Print(qs[0].Text())
	// Output:
	// 4 2 6 / 2 2 4 / 8 4 2
	// A  +  B  =  C
	// x  -  +  +  -
	// B  +  B  =  A
	// =  =  =  =  =
	// D  /  A  =  B
	// revealed: [a]
	// 4  +  ?  =  ?
	// x  -  +  +  -
	// ?  +  ?  =  ?
	// =  =  =  =  =
	// ?  /  ?  =  ?
}

// A digit puzzle typed as a token grid: the Migros cross-math, digits 1 to
// 9 each once, lines read strictly left to right.
func ExampleParseGrid() {
	const text = `
A  -  B  x  C  =  3
-     +     x     _
D  +  F  x  G  =  20
+     /     x     _
H  +  K  +  M  =  20
=     =     =     _
13 _  1  _  20 _  _
`
	_, p, err := puzzle.ParseGrid(text, puzzle.Rules{Eval: grid.LeftToRight, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := p.Solve(context.Background(), 2)
	fmt.Println(res.Status, res.Solutions[0])
	// Output:
	// unique A=9 B=6 C=1 D=3 F=2 G=4 H=7 K=8 M=5
}
