package solve

import (
	"context"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// TestCheckAlgebraicCanceled checks that a context done before the checks
// of an algebraic family start gives a *groebner.LimitError, which the
// analysis reports as class timeout, and that the same check passes with
// a live context.
func TestCheckAlgebraicCanceled(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Parse("x^2 - y")
	if err != nil {
		t.Fatal(err)
	}
	c := &Component{Basis: []*poly.Poly{h}, Family: &Family{Parameters: []string{"y"}}}
	vals := []*field.Frac{field.FromPoly(r.Var(0)), field.FromPoly(r.Var(1))}
	F, nonzero := []*poly.Poly{h}, []*poly.Poly{r.Var(0)}
	if err := checkAlgebraic(context.Background(), c, vals, F, nonzero); err != nil {
		t.Fatalf("live context: %v", err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := checkAlgebraic(done, c, vals, F, nonzero); !groebner.IsLimit(err) {
		t.Fatalf("done context: err = %v, want a *groebner.LimitError", err)
	}
}

// TestFirstOf checks that the race of two ways to the same value gives
// that value, whichever wins, and a *groebner.LimitError when the context
// is done.
func TestFirstOf(t *testing.T) {
	r, err := poly.NewRing([]string{"a", "b"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	ps := parseAll(r, "a^2 - b^2", "a - b", "a + b", "1")
	vals := []*field.Frac{field.FromPoly(r.Var(0)), field.FromPoly(r.Var(1))}
	slow := elimQuotient{ps[0], ps[1], vals} // (a^2 - b^2)/(a - b)
	fast := elimQuotient{ps[2], ps[3], vals} // a + b
	for range 10 {
		v, err := firstOf(context.Background(), slow, fast)
		if err != nil {
			t.Fatal(err)
		}
		if !v.Num().Equal(ps[2]) || !v.Den().IsConst() {
			t.Fatalf("got %v / %v, want a + b", v.Num(), v.Den())
		}
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := firstOf(done, slow, fast); !groebner.IsLimit(err) {
		t.Fatalf("done context: err = %v, want a *groebner.LimitError", err)
	}
}
