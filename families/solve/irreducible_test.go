package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/families-project/families/groebner"
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
				factors: &poly.Map[factored]{}, eliminants: map[string]*poly.Poly{}, maxCases: 16}
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

// TestPrimalityProofPaths reaches the three ends of refinePositive that
// the grid systems never do, on curves over Q(t) given by square roots:
//
//   - x = √t, y = √(t+1): the extension has degree 4 and each variable
//     degree 2, so only a primitive element (a linear form in x, y) proves
//     the case prime.
//   - x, y, z linear in √t, √(t+1), √(t+2) (degree 8), chosen so that each
//     variable misses one root and each linear form tried (x + cy + c²z,
//     c = 2, 3, 4) loses one root's coefficient: every minimal polynomial
//     found has degree 4, and the prime case is kept as not proved
//     irreducible, with its family.
//   - x^17 = t, y^17 = t+1, z^17 = t+2: an extension of degree 17^3 = 4913,
//     beyond the 4096 the proof and the family take on: a LimitError of
//     kind LimitExtension, not a wrong family.
func TestPrimalityProofPaths(t *testing.T) {
	for _, tc := range []struct {
		name string
		vars []string
		F    []string
		// e is the degree the case is recorded with: the extension's, or
		// 0 when it was too large to count.
		e           int
		irreducible bool
		limit       groebner.LimitKind
	}{
		{"primitive element", []string{"t", "x", "y"}, []string{"x^2 - t", "y^2 - t - 1"}, 4, true, ""},
		{"no primitive element among the forms tried", []string{"t", "x", "y", "z"},
			[]string{"(x + 3*y + 12*z)^2 - 64*t", "(x + y + 4*z)^2 - 4*(t + 1)", "(x + 3*y + 4*z)^2 - 64*(t + 2)"}, 8, false, ""},
		{"extension too large", []string{"t", "x", "y", "z"}, []string{"x^17 - t", "y^17 - t - 1", "z^17 - t - 2"}, 0, false, LimitExtension},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := poly.NewRing(tc.vars, poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			var F []*poly.Poly
			for _, s := range tc.F {
				F = append(F, r.MustParse(s))
			}
			G, err := groebner.Basis(context.Background(), F, groebner.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			// The decomposition alone: one case, the whole curve, with the
			// proof's verdict.
			d := &decomposer{ctx: context.Background(), ring: r,
				factors: &poly.Map[factored]{}, eliminants: map[string]*poly.Poly{}, maxCases: 16}
			if err := d.split(F, nil, false); err != nil {
				t.Fatal(err)
			}
			if len(d.comps) != 1 || d.comps[0].prime != tc.irreducible || d.comps[0].degree != tc.e || fmt.Sprint(d.comps[0].basis) != fmt.Sprint(G) {
				t.Fatalf("cases %+v, want one: the basis %v, prime %v, degree %d", d.comps, G, tc.irreducible, tc.e)
			}
			// Solve: the verdict reaches Component.Irreducible, or the
			// limit is an error.
			res, err := Solve(context.Background(), F, nil, Options{})
			if tc.limit != "" {
				var le *groebner.LimitError
				if !errors.As(err, &le) || le.Limit != tc.limit {
					t.Fatalf("got %v, want a %q limit", err, tc.limit)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Components) != 1 {
				t.Fatalf("%d components, want 1", len(res.Components))
			}
			if c := res.Components[0]; c.Dimension != 1 || c.Irreducible != tc.irreducible || c.Family == nil {
				t.Errorf("dimension %d, irreducible %v, family %v; want 1, %v, a family", c.Dimension, c.Irreducible, c.Family != nil, tc.irreducible)
			}
		})
	}
}

// TestSplitsInRefinePositive: two cases whose basis elements are all
// irreducible, so that only refinePositive can split them. In x^2 = t,
// y^2 = t the minimal polynomial of x + 2y over Q(t), (z^2 - t)(z^2 - 9t),
// factors: the lines y = x and y = -x (the origin, on both, is dropped).
// In x^2 = t, ty = x the leading coefficient t saturates away the line
// t = x = 0 (y free) from the curve xy = 1.
func TestSplitsInRefinePositive(t *testing.T) {
	r, err := poly.NewRing([]string{"t", "x", "y"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		F    []string
		want []string // the components' bases, sorted
	}{
		{[]string{"x^2 - t", "y^2 - t"}, []string{"[y^2 - t x + y]", "[y^2 - t x - y]"}},
		{[]string{"x^2 - t", "t*y - x"}, []string{"[t x]", "[x^2 - t t*y - x x*y - 1]"}},
	} {
		var F []*poly.Poly
		for _, s := range tc.F {
			F = append(F, r.MustParse(s))
		}
		res, err := Solve(context.Background(), F, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Components {
			if c.Dimension != 1 || !c.Irreducible {
				t.Errorf("%v: component %v of dimension %d, irreducible %v; want curves proved irreducible", tc.F, c.Basis, c.Dimension, c.Irreducible)
			}
			got = append(got, fmt.Sprint(c.Basis))
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v: components %q, want %q", tc.F, got, tc.want)
		}
	}
}
