package groebner

import (
	"github.com/families-project/families/poly"
)

// traceBasis computes the reduced Gröbner basis of the (nonzero, sorted)
// inputs F with Traverso's trace algorithm (C. Traverso, "Gröbner trace
// algorithms", ISSAC 1988; see also E. A. Arnold, "Modular algorithms for
// computing Gröbner bases", J. Symbolic Comput. 35, 2003):
//
//  1. Run Buchberger's algorithm modulo a prime p (modEngine), recording
//     for every S-pair and input whether it reduced to zero and the leading
//     monomial of the result otherwise.
//  2. Replay the run over Q with the exact engine, which makes the same
//     choices, skipping every reduction that gave zero mod p. Each replayed
//     result must have the leading monomial recorded mod p; otherwise p is
//     unlucky and the next prime is tried.
//  3. Interreduce over Q, giving a candidate G.
//  4. Certify G over Q (certify).
//
// What is proved, all with exact integer arithmetic, is:
//
//   - G ⊆ <F>: every element of G is obtained from F by exact S-polynomials
//     and reductions (steps 2 and 3; skipping reductions drops elements,
//     it never adds any that are not in the ideal);
//   - F ⊆ <G>: every input reduces to zero by G;
//   - G is a Gröbner basis: every S-pair of G left by the Gebauer–Möller
//     criteria reduces to zero by G (Buchberger's criterion with the
//     chain and product criteria, Becker and Weispfenning, Gröbner Bases,
//     1993, Theorem 5.68);
//   - G is reduced: interreduction leaves no term of an element divisible
//     by another element's leading monomial, and the output is monic.
//
// Together these make G the unique reduced Gröbner basis of <F>; nothing
// rests on p being lucky, which only decides whether the shortcut works.
// It returns ok = false when no prime gave a certified basis; the caller
// then runs the plain exact algorithm.
func traceBasis(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly) (G []*gpoly, ok bool, err error) {
	for attempt, p := range primes {
		if attempt == 2 {
			break
		}
		me := newModEngine(ops, p, lim)
		if _, ok, err := me.run(F); err != nil {
			return nil, false, err
		} else if !ok {
			continue
		}
		e := newEngine(r, ops, lim)
		in := make([]*gpoly, len(F))
		for k, f := range F {
			in[k] = e.fromPoly(f)
		}
		G, ok, err := e.replay(me.trace, in)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		ok, err = e.certify(G, in)
		if err != nil || ok {
			return G, ok, err
		}
	}
	return nil, false, nil
}

// replay performs over Q the reductions of the modular trace that did not
// give zero and returns the interreduced basis; ok is false when a leading
// monomial differs from the modular one.
func (e *engine) replay(trace []traceEvent, in []*gpoly) (G []*gpoly, ok bool, err error) {
	for _, ev := range trace {
		if ev.lm == nil {
			continue
		}
		var w *gpoly
		if ev.i < 0 {
			w = in[ev.j].clone()
		} else {
			f, g := e.basis[ev.i], e.basis[ev.j]
			l := make([]uint16, e.s)
			monoLCM(l, e.lm(f), e.lm(g))
			if w, err = e.spoly(f, g, l); err != nil {
				return nil, false, err
			}
		}
		if err := e.lim.check(); err != nil {
			return nil, false, err
		}
		h, err := e.reduce(w, true)
		if err != nil {
			return nil, false, err
		}
		if len(h.c) == 0 || !monoEqual(e.lm(h), ev.lm) {
			return nil, false, nil
		}
		if h.m[0] == 0 {
			// 1 is in <F>, exactly: the reduced basis is [1].
			return []*gpoly{h}, true, nil
		}
		if err := e.add(h); err != nil {
			return nil, false, err
		}
	}
	G, err = e.interreduce()
	return G, err == nil, err
}

// certify reports whether G (interreduced, by increasing leading monomial)
// is a Gröbner basis containing the inputs, by exact top-reductions: every
// S-pair that the Gebauer–Möller criteria keep and every input must reduce
// to zero.
func (e *engine) certify(G, in []*gpoly) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil // G = [1] and 1 is in <F>
	}
	red := e.sub()
	ps := newPairSet(e.ops)
	for _, g := range G {
		red.push(g)
		ps.add(e.lm(g), g.sugar)
	}
	for {
		p, more := ps.next()
		if !more {
			break
		}
		if err := e.lim.check(); err != nil {
			return false, err
		}
		sp, err := red.spoly(G[p.i], G[p.j], p.lcm)
		if err != nil {
			return false, err
		}
		h, err := red.reduce(sp, false)
		if err != nil {
			return false, err
		}
		if len(h.c) != 0 {
			return false, nil
		}
	}
	for _, f := range in {
		h, err := red.reduce(f.clone(), false)
		if err != nil {
			return false, err
		}
		if len(h.c) != 0 {
			return false, nil
		}
	}
	return true, nil
}
