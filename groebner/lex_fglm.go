package groebner

import (
	"errors"

	"github.com/families-project/families/poly"
)

// viaFGLM computes the reduced basis of the (nonzero, sorted) inputs F in
// r's order, which is not graded (lex, a block order), as the reduced
// grevlex basis followed by FGLM (fglm.go, a multi-modular walk with an
// exact proof), when the ideal is zero-dimensional; ok is false, and
// nothing but one run mod p spent, when a grevlex basis mod p says it is
// not (or the degree passes what FGLM takes). Buchberger's algorithm in
// lex meets coefficients far larger than the grevlex basis and the lex
// result have (katsura-5: 425-digit results, and the exact lex run does
// not finish in minutes), which the walk never sees. Cost: one F4 run mod
// p, the grevlex basis, then FGLM's D*n normal forms and word-size walks
// for D solutions in n variables.
func viaFGLM(r *poly.Ring, lim *limits, F []*poly.Poly) ([]*poly.Poly, bool, error) {
	rg, err := r.WithOrder(poly.Grevlex)
	if err != nil {
		return nil, false, nil
	}
	Fg, err := poly.ToRingAll(F, rg)
	if err != nil {
		return nil, false, nil
	}
	Fg = nonzeroSorted(rg, Fg)
	// One grevlex basis mod p tells the dimension of the ideal mod p,
	// which equals that over Q unless p is unlucky (then the exact basis
	// below says so, and only time is lost).
	b, _, _, err := modRun(newMonoOps(rg), lim, Fg, primes[0], nil)
	if err != nil {
		return nil, false, onlyTime(err)
	}
	if !b.ok || !b.unit && !zeroDimLeads(b.g, rg.NumVars()) {
		return nil, false, nil
	}
	B, err := Basis(lim.ctx, Fg, innerLimits(lim))
	if err != nil {
		return nil, false, onlyTime(err)
	}
	if isUnit(B) {
		return []*poly.Poly{r.One()}, true, nil
	}
	if d, _ := Dimension(B); d != 0 {
		return nil, false, nil
	}
	if _, ok := StandardMonomials(B, maxFGLMDegree); !ok {
		return nil, false, nil
	}
	G, err := FGLM(lim.ctx, B, r, innerLimits(lim))
	if err != nil {
		return nil, false, onlyTime(err)
	}
	return G, true, nil
}

// onlyTime returns err when it is the caller's deadline or cancellation,
// and nil for any other error (a bound on the basis size or the
// coefficients met in grevlex or in the walk): the run in the order
// itself then decides under the same bounds, as before this path existed.
func onlyTime(err error) error {
	var le *LimitError
	if errors.As(err, &le) && le.Limit != LimitTime && le.Limit != LimitCanceled {
		return nil
	}
	if le == nil && err != nil {
		return nil // not a limit: FGLM's refusals
	}
	return err
}

// zeroDimLeads reports whether the leading monomials of G (stride n+1,
// the degree first) include a pure power of each of the n variables: the
// ideal they generate, and so the ideal of G, is then zero-dimensional.
func zeroDimLeads(G []*mpoly, n int) bool {
	s := n + 1
	pure := make([]bool, n)
	for _, g := range G {
		m := g.m[:s]
		v, count := -1, 0
		for i := 1; i < s; i++ {
			if m[i] != 0 {
				v, count = i-1, count+1
			}
		}
		if count == 1 {
			pure[v] = true
		}
	}
	for _, p := range pure {
		if !p {
			return false
		}
	}
	return true
}
