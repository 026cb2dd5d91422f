package groebner

import (
	"context"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestNonZeroDivisorPoly checks the proof that a polynomial changes nothing
// in a saturation, on ideals where the answer is known, and that Saturate
// then agrees with the elimination of t from I + <t*f - 1>.
func TestNonZeroDivisorPoly(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	for _, tc := range []struct {
		ideal []string
		f     string
		nzd   bool
	}{
		{[]string{"x*y"}, "x + 1", true},
		{[]string{"x*y"}, "x - y", true},
		{[]string{"x*y"}, "x + x*y", false}, // the line y = 0 remains: (x*y) : f^∞ = (y)
		{[]string{"x*y", "x*z"}, "x", false},
		{[]string{"x*y", "x*z"}, "y + z + 1", true}, // in neither associated prime (x), (y, z)
		{[]string{"x^2 - y", "y*z - 1"}, "x*z + 2", true},
		{[]string{"x*(y - 1)", "x*(z - 2)"}, "y - 1", false},
		{[]string{"x*(y - 1)", "x*(z - 2)"}, "y + z + 5", true},
	} {
		F := make([]*poly.Poly, len(tc.ideal))
		for i, s := range tc.ideal {
			F[i] = r.MustParse(s)
		}
		f := r.MustParse(tc.f)
		G, err := Basis(context.Background(), F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		l, cancel := newLimits(context.Background(), Limits{})
		got, err := nonZeroDivisorPoly(r, G, f, &l)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		sat, err := Saturate(context.Background(), F, f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		want := rabinowitsch(t, r, F, f)
		if !slices.EqualFunc(sat, want, (*poly.Poly).Equal) {
			t.Errorf("%v : (%s)^∞ = %v, want %v", tc.ideal, tc.f, sat, want)
		}
		unchanged := slices.EqualFunc(want, G, (*poly.Poly).Equal)
		if got && !unchanged {
			t.Errorf("%v, %s: proved a nonzero divisor, but the saturation is %v", tc.ideal, tc.f, want)
		}
		if got != tc.nzd {
			t.Errorf("%v, %s: nonzero divisor proved %v, want %v", tc.ideal, tc.f, got, tc.nzd)
		}
	}
}
