package solve

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// sharedBases lets the two strategies of SolveCases share the saturated
// bases of their cases: both often meet the same case (the same equations
// and conditions), or cases whose equations differ but have the same basis
// before the saturation, which costs most (the same proofs of a 4x4 grid's
// case, seconds each, were made twice). On two cores a basis computed
// twice costs the other strategy its core. The first caller computes a
// case's basis, or the saturation of a basis; a later one waits for it. A
// computation that its caller's own deadline ends (a budgeted quickBasis)
// is forgotten, and a caller still in time computes it again; nothing is
// computed on behalf of a caller that has gone.
type sharedBases struct {
	mu sync.Mutex
	m  map[string]*basisCall
}

type basisCall struct {
	done chan struct{}
	G    []*poly.Poly
	err  error
	// forgotten: the computing caller's own deadline ended it
	forgotten bool
}

// saturated returns groebner.SaturateAll(ctx, F, nonzero, lim), computed at most
// once at a time for a case, and its saturation at most once at a time
// for a basis and conditions.
func (s *sharedBases) saturated(ctx context.Context, F, nonzero []*poly.Poly, lim groebner.Limits) ([]*poly.Poly, error) {
	if s == nil {
		return groebner.SaturateAll(ctx, F, nonzero, lim)
	}
	r := F[0].Ring()
	return s.once(ctx, "F"+caseKey(F, nonzero), r, func() ([]*poly.Poly, error) {
		G, err := groebner.Basis(ctx, F, lim)
		if err != nil || len(G) == 0 || isUnit(G) {
			return G, err
		}
		return s.once(ctx, "G"+caseKey(G, nonzero), r, func() ([]*poly.Poly, error) {
			return groebner.SaturateAll(ctx, G, nonzero, lim)
		})
	})
}

// once returns compute(), which is run at most once at a time for key by
// the first caller; later callers wait for its result, moved to their ring
// r.
func (s *sharedBases) once(ctx context.Context, key string, r *poly.Ring, compute func() ([]*poly.Poly, error)) ([]*poly.Poly, error) {
	for {
		s.mu.Lock()
		call, ok := s.m[key]
		if !ok {
			call = &basisCall{done: make(chan struct{})}
			s.m[key] = call
			s.mu.Unlock()
			call.G, call.err = compute()
			if call.err != nil && ctx.Err() != nil {
				s.mu.Lock()
				delete(s.m, key)
				call.forgotten = true
				s.mu.Unlock()
			}
			close(call.done)
			return slices.Clone(call.G), call.err
		}
		s.mu.Unlock()
		select {
		case <-call.done:
		case <-ctx.Done():
			return nil, limitErr(ctx.Err())
		}
		if !call.forgotten {
			if call.err != nil {
				return nil, call.err
			}
			// The other strategy's ring has the same numbers in the same
			// order (the key says so) but is another value: move the basis
			// to the caller's. The polynomials are never changed in place.
			return poly.ToRingAll(call.G, r)
		}
		// The computing caller's deadline ended it: compute it here.
	}
}

// caseKey names a case by its ring (numbers and order), equations and
// conditions, the last two in any order.
func caseKey(F, nonzero []*poly.Poly) string {
	part := func(ps []*poly.Poly) string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = p.String()
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	return F[0].Ring().String() + "|" + part(F) + "|" + part(nonzero)
}
