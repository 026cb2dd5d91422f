package solve

import (
	"context"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

// benchSolve times Solve on the system of one setting: the family
// decomposition or the exact points, the work behind every record of a
// sweep that has solutions.
func benchSolve(b *testing.B, ops string) {
	benchSolveSize(b, ops, grid.Size{Rows: 3, Cols: 3})
}

func benchSolveSize(b *testing.B, ops string, z grid.Size) {
	s := grid.MustParseOps(ops, z)
	sys, err := s.System(0, grid.Precedence, poly.Grevlex)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Solve(context.Background(), sys.Polys(), sys.Nonzero, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveOneParameter(b *testing.B)  { benchSolve(b, "+=|x-++-|+=|=====|/=") }
func BenchmarkSolveTwoParameters(b *testing.B) { benchSolve(b, "-=|-xx/+|x=|=====|x=") }
func BenchmarkSolveAllZero(b *testing.B)       { benchSolve(b, "--|-----|-/|x-+--|+-") }
func BenchmarkSolveSquareRoots(b *testing.B)   { benchSolve(b, "/+|--+--|/+|+-/-+|+/") }
func BenchmarkSolveAlgebraicFamily(b *testing.B) {
	benchSolve(b, "-=|x/x+/|/=|=====|/=")
}

// The parameter search of larger grids: a linear family of dimension 8 in
// 16 numbers (12,870 subsets) and one of dimension 15 in 25 numbers.
func BenchmarkSolveLinear4x4(b *testing.B) {
	benchSolveSize(b, "++-|-_+_-_+|-+=|+_-_+_-|+-=|=_=_=_=|+-=", grid.Size{Rows: 4, Cols: 4})
}
func BenchmarkSolveLinear5x5(b *testing.B) {
	benchSolveSize(b, "+++-|+_-_+_-_+|+-+=|-_+_-_+_-|-++=|+_+_-_-_+|++-=|=_=_=_=_=|+--=", grid.Size{Rows: 5, Cols: 5})
}
