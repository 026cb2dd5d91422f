package groebner

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// TestGrlexBasisSingular checks Basis in grlex on every golden system
// with a Singular grlex basis (std in Dp): inhomogeneous inputs past the
// plain run go through the homogenization in the weighted order of
// homogOrder (homogBasis), and every path must give Singular's reduced
// basis.
func TestGrlexBasisSingular(t *testing.T) { basisInOrderSingular(t, "grlex", poly.Grlex) }

// TestHomogBasisGrlex checks the grlex path through the homogenization on
// its own (homogBasis, not only as Basis happens to choose it) against
// the trace algorithm's basis, on systems whose homogenization has
// solutions at infinity (reimer5, cyclic6) and one without (katsura5).
func TestHomogBasisGrlex(t *testing.T) {
	for _, name := range []string{"katsura5", "cyclic6", "reimer5"} {
		t.Run(name, func(t *testing.T) {
			r, F, _ := loadSystem(t, "../testdata/systems/"+name+".sys")
			gr, _ := r.WithOrder(poly.Grlex)
			Fg := nonzeroSorted(gr, mustMove(t, F, gr))
			l, cancel := newLimits(context.Background(), Limits{})
			defer cancel()
			ops := newMonoOps(gr)
			G, ok, err := homogBasis(gr, ops, &l, Fg)
			if err != nil || !ok {
				t.Fatalf("homogBasis: ok %v, err %v", ok, err)
			}
			got := newEngine(gr, ops, &l).output(G)
			defer func(old int) { forcePath = old }(forcePath)
			forcePath = pathTrace
			want, err := Basis(context.Background(), Fg, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !sameStrings(got, want) {
				t.Errorf("homogBasis gave %d elements, the trace %d, or they differ", len(got), len(want))
			}
		})
	}
}
