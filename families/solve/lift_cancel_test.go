package solve

import (
	"context"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
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
	vals := []ratFunc{ratPoly(r.Var(0)), ratPoly(r.Var(1))}
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
