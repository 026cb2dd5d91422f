package groebner

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestModularFirst checks the choice of path by input shape: grevlex with
// small coefficients goes to the multi-modular path first; grlex, lex and
// large or fractional coefficients go to the trace algorithm.
func TestModularFirst(t *testing.T) {
	for _, tc := range []struct {
		name string
		sys  string
		ord  poly.Order
		want bool
	}{
		{"katsura grevlex", "vars: x y z\nx + 2*y + 2*z - 1\nx^2 + 2*y^2 + 2*z^2 - x\n2*x*y + 2*y*z - y\n", poly.Grevlex, true},
		{"katsura grlex", "vars: x y z\nx + 2*y + 2*z - 1\nx^2 + 2*y^2 + 2*z^2 - x\n2*x*y + 2*y*z - y\n", poly.Grlex, true},
		{"katsura lex", "vars: x y z\nx + 2*y + 2*z - 1\nx^2 + 2*y^2 + 2*z^2 - x\n2*x*y + 2*y*z - y\n", poly.Lex, false},
		{"16 bits", "vars: x y\nx^2 - 255*y\ny^2 - x\n", poly.Grevlex, true},       // 8 + 1 bits
		{"17 bits", "vars: x y\nx^2 - 65535*y\ny^2 - x\n", poly.Grevlex, false},    // 16 + 1
		{"fraction", "vars: x y\nx^2 - 255/256*y\ny^2 - x\n", poly.Grevlex, false}, // 8 + 9
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, F, err := poly.ParseSystem(tc.sys, tc.ord)
			if err != nil {
				t.Fatal(err)
			}
			if got := modularFirst(r, F); got != tc.want {
				t.Errorf("modularFirst = %v, want %v (height %d)", got, tc.want, inputHeight(F))
			}
		})
	}
}

// TestPathsSameBasis checks that the trace algorithm and the multi-modular
// path, forced in turn, and the path Basis chooses give the same reduced
// basis on systems past the plain run's budget: the unique reduced basis,
// whichever proof produced it.
func TestPathsSameBasis(t *testing.T) {
	for _, name := range []string{"katsura6", "cyclic6", "reimer5"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("../testdata/systems/" + name + ".sys")
			if err != nil {
				t.Fatal(err)
			}
			_, F, err := poly.ParseSystem(string(data), poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			defer func(old int) { forcePath = old }(forcePath)
			var want []string
			for _, path := range []int{pathTrace, pathModular, pathAuto} {
				forcePath = path
				G, err := Basis(context.Background(), F, Limits{})
				if err != nil {
					t.Fatal(err)
				}
				got := make([]string, len(G))
				for k, g := range G {
					got[k] = g.String()
				}
				if want == nil {
					want = got
				} else if !slices.Equal(got, want) {
					t.Errorf("path %d: basis of %d elements differs from the trace's (%d)", path, len(got), len(want))
				}
			}
		})
	}
}
