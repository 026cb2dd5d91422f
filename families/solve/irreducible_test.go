package solve

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// TestIrreducibleLabel checks that a component the decomposition could not
// prove prime is reported as such: refinePositive keeps a case whose proof
// gave up, and Result used to call every component irreducible. The cases
// are recorded by hand, as the searches that give up need extensions of
// degree beyond 4096; the curve y = x^2 is the component either way.
func TestIrreducibleLabel(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	F := []*poly.Poly{r.MustParse("y - x^2")}
	nonzero := []*poly.Poly{r.MustParse("x"), r.MustParse("y")}
	tests := []struct {
		name  string
		prime bool
	}{
		{"proved prime", true},
		{"proof gave up", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := &decomposer{ctx: context.Background(), ring: r, nonzero: nonzero,
				factors: map[string]factored{}, eliminants: map[string]*poly.Poly{}, maxCases: 16}
			d.record(&component{basis: F, dim: 1, indep: []int{0}, prime: tc.prime, degree: 1})
			res, err := d.result(F, nonzero, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Components) != 1 || res.Components[0].Family == nil {
				t.Fatalf("components %+v, want the one family", res.Components)
			}
			if got := res.Components[0].Irreducible; got != tc.prime {
				t.Errorf("Irreducible = %v, want %v", got, tc.prime)
			}
		})
	}
}
