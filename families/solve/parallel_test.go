package solve

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// TestEachParallel checks that every index runs once when none fails, that
// the error of the lowest failing index is returned whatever the schedule,
// and that a done context is reported.
func TestEachParallel(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{0, 1, 2, 7, 100} {
		hits := make([]atomic.Int32, n)
		if err := eachParallel(ctx, n, func(i int) error { hits[i].Add(1); return nil }); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		for i := range hits {
			if h := hits[i].Load(); h != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, h)
			}
		}
	}
	for range 20 {
		err := eachParallel(ctx, 50, func(i int) error {
			if i == 3 || i == 40 {
				return fmt.Errorf("index %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "index 3" {
			t.Fatalf("err = %v, want index 3", err)
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := eachParallel(done, 10, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("done context: err = %v, want context.Canceled", err)
	}
}

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
