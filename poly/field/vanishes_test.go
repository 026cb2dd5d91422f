package field

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// TestVanishes checks Vanishes against the definition on a family over
// shared and separate denominators: the line a + b + c - (d + e)*f = 0 of
// a grid holds or fails as it should, and SubstNumerator (one power per
// variable), the sum of terms as fractions and the value at a point agree
// on every case.
func TestVanishes(t *testing.T) {
	R := poly.MustRing(poly.Grevlex, "a", "b", "c", "d", "e", "f")
	P := poly.MustRing(poly.Grevlex, "s", "t")
	fr := func(num, den string) *Frac { return New(P.MustParse(num), P.MustParse(den)) }
	D := "s^2 + t + 1"
	// d + e = 2s and f = 1 on every case, so the line holds when
	// a + b + c = 2s.
	for _, tc := range []struct {
		name string
		vals []*Frac
		want bool
	}{
		{"one denominator", []*Frac{fr("s*t", D), fr("s^3 + s", D), fr("s", "1"),
			fr("s", "1"), fr("s", "1"), fr("1", "1")}, true},
		{"one denominator, off by one", []*Frac{fr("s*t + 1", D), fr("s^3 + s", D), fr("s", "1"),
			fr("s", "1"), fr("s", "1"), fr("1", "1")}, false},
		{"two denominators", []*Frac{fr("s", "t"), fr("-s", "t"), fr("2*s", "1"),
			fr("2*s*t + s", "t + 1"), fr("s", "t + 1"), fr("1", "1")}, true},
		{"two denominators, wrong", []*Frac{fr("s", "t"), fr("s", "t"), fr("2*s", "1"),
			fr("2*s*t + s", "t + 1"), fr("s", "t + 1"), fr("1", "1")}, false},
		{"a denominator with content", []*Frac{fr("s", "2*t"), fr("-s", "2*t"), fr("2*s", "1"),
			fr("s", "3"), fr("5*s", "3"), fr("1", "1")}, true},
	} {
		line := R.MustParse("a + b + c - (d + e)*f")
		got, err := Vanishes(context.Background(), line, tc.vals)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s: Vanishes = %v, want %v", tc.name, got, tc.want)
		}
		num, err := SubstNumerator(context.Background(), line, tc.vals)
		if err != nil {
			t.Fatal(err)
		}
		if num.IsZero() != tc.want {
			t.Errorf("%s: SubstNumerator zero = %v, want %v", tc.name, num.IsZero(), tc.want)
		}
		// The two other ways Vanishes can take, each on its own.
		sum, err := sumOfTerms(context.Background(), line, tc.vals)
		if err != nil {
			t.Fatal(err)
		}
		if sum.num.IsZero() != tc.want {
			t.Errorf("%s: sum of terms %v, want zero = %v", tc.name, sum, tc.want)
		}
		if nz := nonzeroAtPoint(line, tc.vals); nz == tc.want {
			t.Errorf("%s: nonzero at a point = %v on a line that vanishes = %v", tc.name, nz, tc.want)
		}
	}
}
