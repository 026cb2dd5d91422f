package solve

import (
	"context"
	"errors"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// TestProveComplete checks the proof on small ideals whose components are
// known: it holds when the primes cover the zeros (also of a non-radical
// basis, where the products lie only in the radical), and a component
// left out is reported as an internal error, never as proved.
func TestProveComplete(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	tests := []struct {
		name   string
		G      []string
		primes [][]string
		proved bool // false: the proof must fail with ErrInternal
	}{
		{"unit ideal, no component", []string{"1"}, nil, true},
		{"a point", []string{"x", "y", "z"}, [][]string{{"x", "y", "z"}}, true},
		{"two planes", []string{"x*y"}, [][]string{{"x"}, {"y"}}, true},
		{"one plane left out", []string{"x*y"}, [][]string{{"x"}}, false},
		{"a double plane (not radical)", []string{"x^2"}, [][]string{{"x"}}, true},
		{"a line and a plane", []string{"x*z", "y*z"}, [][]string{{"z"}, {"x", "y"}}, true},
		{"the line left out", []string{"x*z", "y*z"}, [][]string{{"z"}}, false},
		{"a component given twice", []string{"x*y"}, [][]string{{"x"}, {"y"}, {"x"}}, true},
		{"a smaller ideal named (its zeros too large)", []string{"x*y", "z"}, [][]string{{"x", "z"}, {"y", "z"}}, true},
	}
	for _, tt := range tests {
		G, err := groebner.Basis(context.Background(), parseAll(r, tt.G...), groebner.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var primes [][]*poly.Poly
		for _, p := range tt.primes {
			primes = append(primes, parseAll(r, p...))
		}
		c, err := ProveComplete(context.Background(), G, primes, ProofLimits)
		switch {
		case tt.proved && (err != nil || !c.Proved):
			t.Errorf("%s: not proved: %v %s", tt.name, err, c.Reason)
		case !tt.proved && !errors.Is(err, ErrInternal):
			t.Errorf("%s: %v, %+v; want an error wrapping ErrInternal", tt.name, err, c)
		}
	}
	// With no component at all, a consistent system is not proved complete.
	G := parseAll(r, "x")
	if c, err := ProveComplete(context.Background(), G, nil, ProofLimits); err != nil || c.Proved || c.Reason == "" {
		t.Errorf("no component: %+v, %v; want not proved, with a reason", c, err)
	}
}
