package families

import (
	"context"

	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// proveComplete sets Complete from the proof that the zeros of the
// saturated basis G all lie on the components whose ideals are primes
// (solve.ProveComplete, within solve.ProofLimits). A deadline fails the
// report as any other stage's does.
func (r *Report) proveComplete(ctx context.Context, G []*poly.Poly, primes [][]*poly.Poly, opt Options) {
	r.stage(opt, "completeness")
	c, err := solve.ProveComplete(ctx, G, primes, solve.ProofLimits)
	if err != nil {
		r.fail(err, "completeness: ")
		return
	}
	r.Complete, r.CompleteReason = &c.Proved, c.Reason
}
