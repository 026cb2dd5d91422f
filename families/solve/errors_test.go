package solve

import (
	"context"
	"errors"
	"testing"

	"github.com/families-project/families/poly"
)

// TestVerifyFamilyWrapsErrInternal: a family that does not solve the
// system, or on which a nonzero condition vanishes, is reported with an
// error wrapping ErrInternal, so callers tell a bug from bad input with
// errors.Is; a true family passes.
func TestVerifyFamilyWrapsErrInternal(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	F := []*poly.Poly{r.MustParse("x - y")}
	family := func(y string) *Family {
		return &Family{Parameters: []string{"x"}, Kind: Rational, Degree: 1, Values: []*Value{
			{Name: "x", Parameter: true, Num: r.MustParse("x"), Den: r.One()},
			{Name: "y", Num: r.MustParse(y), Den: r.One()},
		}}
	}
	for _, tc := range []struct {
		name    string
		y       string
		nonzero []*poly.Poly
		bug     bool
	}{
		{"true family", "x", nil, false},
		{"wrong family", "x + 1", nil, true},
		{"nonzero condition vanishes", "x", []*poly.Poly{r.MustParse("x - y")}, true},
	} {
		err := verifyFamily(context.Background(), family(tc.y), nil, F, tc.nonzero)
		if got := errors.Is(err, ErrInternal); got != tc.bug || (err != nil) != tc.bug {
			t.Errorf("%s: err %v, errors.Is(err, ErrInternal) = %v, want %v", tc.name, err, got, tc.bug)
		}
		// The same checks where they are large enough to run at once: a
		// power of each equation, after a harmless one.
		big := []*poly.Poly{r.MustParse("x^2 - x*y"), new(poly.Poly).Pow(F[0], 40)}
		err = verifyFamily(context.Background(), family(tc.y), nil, big, tc.nonzero)
		if got := errors.Is(err, ErrInternal); got != tc.bug || (err != nil) != tc.bug {
			t.Errorf("%s, large: err %v, errors.Is(err, ErrInternal) = %v, want %v", tc.name, err, got, tc.bug)
		}
	}
}
