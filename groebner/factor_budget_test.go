package groebner

import (
	"context"
	"testing"

	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
)

// TestDistinctFactorsWork checks that the factorization before a
// saturation is bounded by counted work, not by a clock: a small product
// is split, a large one is taken whole once saturateFactorWork is spent,
// and the work it charges to a budget around it is the same on every run
// (with a 200 ms clock it varied with the machine's load).
func TestDistinctFactorsWork(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "a", "b", "c", "d", "e")
	small := r.MustParse("(a*b + c)*(a - d + 1)")
	if got := distinctFactors(context.Background(), small); len(got) != 2 {
		t.Fatalf("small product: %d factors, want 2", len(got))
	}
	large := r.MustParse("(a^3*b^2 + c^4*d - e^3 + 7*a*b*c*d*e + 1)^2*(b^4*e + a^2*d^3 - c*e^4 + 3*a*b*c + d)*(a^5 + b^5 + c^5 + d^5 + e^5 + a*b*c*d*e + 2)")
	// The large product costs some 400 units; a budget of 100 cuts it.
	defer func(w int64) { saturateFactorWork = w }(saturateFactorWork)
	saturateFactorWork = 100
	spent := int64(-1)
	for run := range 3 {
		ctx, cancel := work.WithBudget(context.Background(), 1<<40)
		got := distinctFactors(ctx, large)
		left, _ := work.Left(ctx)
		cancel()
		used := 1<<40 - left
		if run == 0 {
			spent = used
			t.Logf("%d factors, %d units", len(got), used)
		}
		if used != spent {
			t.Fatalf("run %d charged %d units, run 0 %d", run, used, spent)
		}
		if used > saturateFactorWork+1 {
			t.Fatalf("charged %d units, past the budget of %d", used, saturateFactorWork)
		}
		if len(got) != 1 || !got[0].Equal(large) {
			t.Fatalf("past the budget: %d factors, want the condition whole", len(got))
		}
	}
}
