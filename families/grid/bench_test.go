package grid

import (
	"math/big"
	"testing"

	"github.com/families-project/families/poly"
)

var z3 = Size{Rows: 3, Cols: 3}

// BenchmarkSystem times turning a setting into its polynomial system, the
// first step of every analysis in a sweep.
func BenchmarkSystem(b *testing.B) {
	s := MustParseOps("x=|+x//-|x=|=====|x=", z3)
	for b.Loop() {
		if _, err := s.System(0, Precedence, poly.Grevlex); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStandardForm times the standard form of Wolf's S1 under
// P1's setting: the orbit under the grid's symmetries and the choice.
func BenchmarkStandardForm(b *testing.B) {
	s := MustParseOps("x=|+x//-|x=|=====|x=", z3)
	vals := make([]*big.Rat, 9)
	for i, v := range []int64{24, 8, 192, 24, 4, 96, 48, 2, 96} {
		vals[i] = big.NewRat(v, 1)
	}
	for b.Loop() {
		if _, err := s.StandardForm(vals, 0, Precedence); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAll times enumerating the 65,536 settings of the classic
// pattern.
func BenchmarkAll(b *testing.B) {
	p := MustParseOps(".=|.....|.=|=====|.=", z3)
	for b.Loop() {
		n := 0
		for range p.All() {
			n++
		}
		if n != 65536 {
			b.Fatalf("%d settings", n)
		}
	}
}
