package families

import (
	"context"
	"fmt"

	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
)

// proofWork is the work budget (internal/work) of the proof of
// completeness, primes included: some ten CPU seconds of a 4x4 analysis.
// A budget of work, not time, so that whether a decomposition is proved
// complete is a function of the system.
const proofWork = 200_000

// proveComplete sets Complete from the proof that the zeros of the
// saturated basis G all lie on the components whose ideals primes
// computes (solve.ProveComplete), within proofWork and solve.ProofLimits;
// it returns those ideals, nil when the proof ran out of its budget before
// it had them. A budget spent gives Complete false with the reason; a
// deadline or another error fails the report as any other stage's does.
func (r *Report) proveComplete(ctx context.Context, G []*poly.Poly, primes func(context.Context) ([][]*poly.Poly, error), opt Options) [][]*poly.Poly {
	r.stage(opt, "completeness")
	pctx, cancel := work.WithBudget(ctx, proofWork)
	defer cancel()
	P, err := primes(pctx)
	var c solve.Completeness
	if err == nil {
		c, err = solve.ProveComplete(pctx, G, P, solve.ProofLimits)
	}
	if err != nil {
		if ctx.Err() == nil && work.Spent(pctx) {
			err, c = nil, solve.Completeness{Reason: fmt.Sprintf("the proof of completeness stopped at its work budget of %d units", proofWork)}
		} else if reason, ok := solve.WorkLimit(err); ok {
			err, c = nil, solve.Completeness{Reason: reason}
		}
		if err != nil {
			r.fail(err, "completeness: ")
			return nil
		}
		P = nil
	}
	r.Complete, r.CompleteReason = &c.Proved, c.Reason
	return P
}
