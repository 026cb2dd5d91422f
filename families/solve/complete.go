package solve

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// The proof that a decomposition is complete. Let G be the saturated
// basis of a system and P_1, ..., P_k ideals whose zeros are the reported
// components (each contains G). Every zero of G lies on a component exactly
// when the product P_1 ... P_k lies in the radical of G (Hilbert's
// Nullstellensatz). The product has as many generators as the primes'
// generator counts multiplied; one polynomial in a new variable t stands
// for them all: with g_i(t) = sum_j t^j g_ij over the generators g_ij of
// P_i, h(t) = g_1(t) ... g_k(t) vanishes identically in t at a point x
// exactly when some g_i(x, t) does (a product of nonzero polynomials in t
// is nonzero), that is, when x lies on some component. A polynomial in t
// of degree D vanishes identically once it vanishes at D+1 values, so the
// proof is that h(0), h(1), ..., h(D) lie in the radical of G: each by a
// normal form modulo G (h in G) or else by a saturation (G : h^∞ = 1).
// The generators are reduced modulo G first: those in G drop out, and a
// component whose prime is G itself makes h zero at once.

// A Completeness is the outcome of the proof that a decomposition is
// complete: every solution of the system lies on a reported component.
type Completeness struct {
	// Proved reports that the proof holds.
	Proved bool
	// Reason says, when Proved is false, why the proof was not made (a
	// budget of work it ran out of).
	Reason string
}

// ProofLimits is the work budget of ProveComplete and of the primes it
// needs (Reduction.Canonical): bounds on basis size and coefficient size,
// never a time, so that whether a decomposition is proved complete is a
// function of the system. The caller's deadline still ends the whole run.
var ProofLimits = groebner.Limits{MaxBasis: 4000, MaxCoeffBits: 1 << 14}

// ProveComplete proves that every zero of the reduced grevlex basis G lies
// on the zeros of one of the ideals primes (each a basis in G's ring that
// contains G), as explained above. An empty G (no equations) needs a
// component with the zero ideal. Work limits of lim (basis and
// coefficient size) that are reached give Proved false with the reason; a
// deadline or cancellation of ctx is returned as an error. Cost: D+1
// products of k polynomials reduced modulo G, D the sum of the primes'
// generator counts less k, and a saturation for each product not in G.
func ProveComplete(ctx context.Context, G []*poly.Poly, primes [][]*poly.Poly, lim groebner.Limits) (Completeness, error) {
	if isUnit(G) {
		return Completeness{Proved: true}, nil
	}
	if len(primes) == 0 {
		return Completeness{Reason: "the system has solutions and no component was found"}, nil
	}
	// The generators of each prime modulo G.
	var gens [][]*poly.Poly
	D := 0
	for _, P := range primes {
		if len(G) > 0 && len(P) > 0 {
			var err error
			if P, err = poly.ToRingAll(P, G[0].Ring()); err != nil {
				return Completeness{}, err
			}
		}
		var g []*poly.Poly
		for _, p := range P {
			if err := ctx.Err(); err != nil {
				return Completeness{}, err
			}
			if nf := groebner.NormalForm(p, G); !nf.IsZero() {
				g = append(g, nf)
			}
		}
		if len(g) == 0 {
			// The component is all of G's zeros.
			return Completeness{Proved: true}, nil
		}
		gens = append(gens, g)
		D += len(g) - 1
	}
	r := gens[0][0].Ring()
	for t := range D + 1 {
		h := r.One()
		tt := big.NewRat(int64(t), 1)
		for _, g := range gens {
			// g(t) = sum_j t^j g_j, by Horner's rule.
			q := r.Zero()
			for j := len(g) - 1; j >= 0; j-- {
				q.Scale(q, tt)
				q.Add(q, g[j])
			}
			if err := h.MulContext(ctx, h, q); err != nil {
				return Completeness{}, err
			}
			h = groebner.NormalForm(h, G)
			if h.IsZero() {
				break
			}
		}
		if h.IsZero() {
			continue
		}
		S, err := groebner.Saturate(ctx, G, h, lim)
		if err != nil {
			if reason, ok := WorkLimit(err); ok {
				return Completeness{Reason: reason}, nil
			}
			return Completeness{}, err
		}
		if !isUnit(S) {
			return Completeness{}, fmt.Errorf("%w: a solution lies on no reported component (h(%d) is not in the radical)", ErrInternal, t)
		}
	}
	return Completeness{Proved: true}, nil
}

// WorkLimit reports whether err is a work limit (basis or coefficient
// size), as opposed to a deadline, and describes it.
func WorkLimit(err error) (string, bool) {
	var le *groebner.LimitError
	if errors.As(err, &le) && (le.Limit == groebner.LimitBasisSize || le.Limit == groebner.LimitCoeffBits || le.Limit == groebner.LimitDegree) {
		return fmt.Sprintf("the proof of completeness stopped at its %s limit of %d", le.Limit, le.Value), true
	}
	return "", false
}

// PrimeInRemaining returns the prime ideal, in the remaining numbers
// (red.Sub), of a component that Canonical wrote: its Basis when that is
// already a basis in those numbers, and for a rational family written over
// its parameters (BasisOverParameters) the saturated basis G with its graph
// equations, saturated by the remaining conditions and the denominators of
// its formulas. Cost: nothing, or one SaturateAll in the remaining numbers
// within lim.
func (red *Reduction) PrimeInRemaining(ctx context.Context, c *Component, G []*poly.Poly, lim groebner.Limits) ([]*poly.Poly, error) {
	if !c.BasisOverParameters {
		return poly.ToRingAll(c.Basis, red.Sub)
	}
	var gens []*poly.Poly
	for _, g := range append(append([]*poly.Poly(nil), G...), c.Basis...) {
		if !g.IsZero() {
			gens = append(gens, g)
		}
	}
	if len(gens) == 0 {
		return nil, nil // the zero ideal: every point of the remaining numbers
	}
	gens, err := poly.ToRingAll(gens, red.Sub)
	if err != nil {
		return nil, err
	}
	// On the component the nonzero conditions hold generically, and G with
	// the graph equations cuts out the component itself wherever no
	// denominator vanishes (the family is a component of G's zeros): the
	// denominators are the only conditions to saturate by.
	var conds []*poly.Poly
	seen := map[string]bool{}
	for _, v := range c.Family.Values {
		if _, kept := red.Sub.VarIndex(v.Name); kept && !v.Parameter && !v.Den.IsConst() {
			den, err := v.Den.ToRing(red.Sub)
			if err != nil {
				return nil, err
			}
			if k := den.String(); !seen[k] {
				seen[k] = true
				conds = append(conds, den)
			}
		}
	}
	return groebner.SaturateAll(ctx, gens, conds, lim)
}
