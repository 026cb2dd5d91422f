package groebner

import (
	"math/big"
	"slices"

	"github.com/families-project/families/poly"
)

// modularBasis returns the reduced basis of the (nonzero, sorted) inputs F
// in r's order from a multi-modular candidate (modularCandidate) and an
// exact proof, or ok = false when there is no candidate or the proof fails
// (the caller then runs the trace algorithm). Homogeneous inputs are
// proved directly (any order), others in grevlex and grlex through the
// homogenization (homogBasis), in other orders through a grevlex basis
// (crossBasis).
//
// Why not just check the candidate G like the trace algorithm's
// certificate does? That proves that G is a Gröbner basis and that
// F ⊆ <G>, but not G ⊆ <F>: the candidate could generate a larger ideal.
// For homogeneous ideals a prime settles that (E. A. Arnold, "Modular
// algorithms for computing Gröbner bases", J. Symbolic Comput. 35, 2003):
// the span of the multiples of F of degree d over Q has at least the rank
// of its reduction mod p, so the Hilbert function of <F> is at most that of
// <F mod p>, which equals that of <G> when their leading monomials agree;
// as <F> ⊆ <G>, the two are then equal. For inhomogeneous F this fails when
// degrees fall (solutions at infinity, as in reimer-5), so the proof is
// made for the homogenization, where no degree falls.
func modularBasis(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly) ([]*gpoly, bool, error) {
	switch {
	case homogeneous(F):
		// Arnold's argument applies to F itself, in any order.
		return provedHomogeneous(r, ops, lim, F)
	case r.Order().Equal(poly.Grevlex) || r.Order().Equal(poly.Grlex):
		return homogBasis(r, ops, lim, F)
	}
	return crossBasis(r, ops, lim, F)
}

// homogBasis computes the reduced basis of the inhomogeneous F in grevlex
// or grlex through the homogenization F^h in one more variable h, last,
// in the order homogOrder gives:
//
//  1. a multi-modular candidate G^h for the reduced basis of <F^h>;
//  2. the exact proof that G^h is a Gröbner basis and F^h ⊆ <G^h>
//     (certify); with the leading monomials of G^h equal to those of the
//     reduced basis mod p, Arnold's argument above gives <G^h> = <F^h>;
//  3. setting h = 1 maps <F^h> onto <F>, and maps a homogeneous Gröbner
//     basis in the extended order to a Gröbner basis of <F> (D. Cox, J.
//     Little, D. O'Shea, Ideals, Varieties, and Algorithms, §8.4):
//     leading monomials are kept because the extended order prefers,
//     among monomials of equal degree, the smaller power of h, that is
//     the larger degree without h, and then compares like r's order
//     without h (homogOrder);
//  4. the minimal elements of that basis, interreduced over Q, are the
//     reduced basis; every input must reduce to zero by it.
//
// Cost: one modular run of F^h per prime, the certificate (one exact
// reduction per S-pair kept by the criteria, on the final, small
// coefficients) and an interreduction.
func homogBasis(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly) ([]*gpoly, bool, error) {
	rh, Fh, err := homogenize(r, F)
	if err != nil {
		return nil, false, nil
	}
	Gh, ok, err := provedHomogeneous(rh, newMonoOps(rh), lim, nonzeroSorted(rh, Fh))
	if err != nil || !ok {
		return nil, false, err
	}
	e := newEngine(r, ops, lim)
	D := make([]*gpoly, len(Gh))
	for k, g := range Gh {
		D[k] = dehomogenize(e, g)
	}
	G, err := interreduceMinimal(e, D)
	if err != nil {
		return nil, false, err
	}
	// Steps 3 and 4 are theorems: the dehomogenized minimal elements of a
	// proved homogeneous basis, interreduced, form the reduced basis of
	// <F>. Checking that conclusion again by a certificate of the affine
	// basis cost 9% of reimer-5's time; only its cheap half stays, that
	// every input reduces to zero, as a guard on the dehomogenization.
	ok, err = e.contains(G, e.fromPolys(F))
	if err != nil || !ok {
		return nil, false, err
	}
	return G, true, nil
}

// provedHomogeneous returns the reduced basis of the homogeneous F (sorted)
// from a multi-modular candidate proved by Arnold's argument, in the
// engine's form (primitive integer polynomials); ok is false when there
// is no candidate or the proof fails. Only that form is kept through the
// certificate: the candidate's fractions are dropped before it.
func provedHomogeneous(rh *poly.Ring, opsh *monoOps, lim *limits, Fh []*poly.Poly) ([]*gpoly, bool, error) {
	Gh, unit, ok, err := modularCandidate(rh, opsh, lim, Fh)
	if err != nil || !ok || unit {
		// A homogeneous F is the unit ideal mod p only if some f is a
		// nonzero constant, which the plain run has handled.
		return nil, false, err
	}
	eh := newEngine(rh, opsh, lim)
	gh := eh.fromPolys(Gh)
	if ok, err := eh.certify(gh, eh.fromPolys(Fh)); err != nil || !ok {
		return nil, false, err
	}
	return gh, true, nil
}

// homogeneous reports whether every polynomial of F is homogeneous.
func homogeneous(F []*poly.Poly) bool {
	for _, f := range F {
		d := f.TotalDegree()
		for i := range f.Len() {
			if f.Monomial(i).Degree() != d {
				return false
			}
		}
	}
	return true
}

// crossBasis computes the reduced basis of F in an order other than
// grevlex and grlex (lex, block, weighted) as a multi-modular candidate G
// proved against the reduced grevlex basis B of F (itself proved, by
// Basis): G is a Gröbner basis containing B (certify), and every element
// of G reduces to zero by B, so <G> = <B> = <F>. Cost: a grevlex basis,
// the modular runs in r's order, the certificate and |G| reductions by B.
func crossBasis(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly) ([]*gpoly, bool, error) {
	G, unit, ok, err := modularCandidate(r, ops, lim, F)
	if err != nil || !ok || unit {
		return nil, false, err
	}
	rg, B, err := grevlexBasis(r, F, lim)
	if err != nil {
		return nil, false, err
	}
	e := newEngine(r, ops, lim)
	gz := e.fromPolys(G)
	in := make([]*gpoly, len(B))
	for k, b := range B {
		bb, err := b.ToRing(r)
		if err != nil {
			return nil, false, nil
		}
		in[k] = e.fromPoly(bb)
	}
	if ok, err := e.certify(gz, in); err != nil || !ok {
		return nil, false, err
	}
	if ok, err := inIdeal(rg, B, G, lim); err != nil || !ok {
		return nil, false, err
	}
	return gz, true, nil
}

// homogOrder returns the order of the homogenized ring of r (r's
// variables and h, last) whose leading monomials of homogeneous
// polynomials are those of r's order once h = 1: grevlex itself (with h
// last it prefers the smaller power of h among monomials of one degree),
// and for grlex the weighted order with weight 2 on r's variables and 1
// on h, ties broken lexicographically (grlex itself would compare the
// first variable's exponent before the power of h).
func homogOrder(r *poly.Ring) poly.Order {
	if !r.Order().Equal(poly.Grlex) {
		return r.Order()
	}
	w := make([]int64, r.NumVars()+1)
	for i := range w {
		w[i] = 2
	}
	w[len(w)-1] = 1
	return poly.WeightedLex(w...)
}

// homogenize returns F^h in the ring of r's variables and a new last one,
// in the order homogOrder gives.
func homogenize(r *poly.Ring, F []*poly.Poly) (*poly.Ring, []*poly.Poly, error) {
	h := "h_hom"
	for {
		if _, ok := r.VarIndex(h); !ok {
			break
		}
		h += "_"
	}
	rh, err := poly.NewRing(append(r.Vars(), h), homogOrder(r))
	if err != nil {
		return nil, nil, err
	}
	out := make([]*poly.Poly, len(F))
	for k, f := range F {
		d := f.TotalDegree()
		c := make([]*big.Rat, f.Len())
		m := make([]poly.Monomial, f.Len())
		for i := range c {
			c[i] = f.Coef(i)
			mi := append(poly.Monomial{uint16(d)}, f.Monomial(i)[1:]...)
			m[i] = append(mi, uint16(d-f.Monomial(i).Degree()))
		}
		out[k] = rh.FromTerms(c, m)
	}
	return rh, out, nil
}

// dehomogenize returns g, an element of a homogeneous basis in the
// homogenized ring of e's (one more variable h, last, in homogOrder), with
// h set to 1, in e's form. Its terms stay in order, since homogOrder
// compares monomials of one degree like e's order once h = 1, and its
// coefficients are g's, shared (g is not used after).
func dehomogenize(e *engine, g *gpoly) *gpoly {
	s, sh := e.s, e.s+1
	n := len(g.c)
	d := &gpoly{c: slices.Clone(g.c), m: make([]uint16, n*s)}
	for i := range n {
		gm, dm := g.m[i*sh:(i+1)*sh], d.m[i*s:(i+1)*s]
		dm[0] = gm[0] - gm[s]
		copy(dm[1:], gm[1:s])
	}
	d.deg = int(d.m[0])
	d.sugar = d.deg
	return d
}

// interreduceMinimal returns the reduced basis spanned by the Gröbner basis
// D: its elements with minimal leading monomials, by increasing leading
// monomial, each fully reduced by the smaller ones (the only ones that can
// divide its terms).
func interreduceMinimal(e *engine, D []*gpoly) ([]*gpoly, error) {
	D = slices.Clone(D)
	slices.SortStableFunc(D, func(a, b *gpoly) int { return e.ops.cmp(e.lm(a), e.lm(b)) })
	var out []*gpoly
	for _, g := range D {
		if slices.ContainsFunc(out, func(o *gpoly) bool { return divides(e.lm(o), e.lm(g)) }) {
			continue
		}
		h, err := e.reduce(g, true)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
		e.push(h)
	}
	return out, nil
}

// grevlexBasis returns the ring of r's variables in grevlex (r itself when
// it is grevlex) and the reduced basis there of F, under lim's deadline
// and bounds.
func grevlexBasis(r *poly.Ring, F []*poly.Poly, lim *limits) (*poly.Ring, []*poly.Poly, error) {
	rg, Fg := r, F
	if !r.Order().Equal(poly.Grevlex) {
		var err error
		if rg, err = r.WithOrder(poly.Grevlex); err != nil {
			return nil, nil, err
		}
		if Fg, err = poly.ToRingAll(F, rg); err != nil {
			return nil, nil, err
		}
	}
	B, err := Basis(lim.ctx, Fg, innerLimits(lim))
	return rg, B, err
}

// innerLimits returns the bounds of l for a nested computation, which
// takes its deadline from l.ctx.
func innerLimits(l *limits) Limits {
	return Limits{MaxBasis: l.maxBasis, MaxCoeffBits: l.maxBits}
}

// inIdeal reports whether every element of G (in a ring of rg's variables)
// reduces to zero by the reduced grevlex basis B (in rg): then G lies in
// the ideal of B. Cost: one top-reduction per element.
func inIdeal(rg *poly.Ring, B, G []*poly.Poly, lim *limits) (bool, error) {
	eg := newEngine(rg, newMonoOps(rg), lim)
	for _, b := range slices.Backward(B) { // by increasing leading monomial
		eg.push(eg.fromPoly(b))
	}
	for _, g := range G {
		gg, err := g.ToRing(rg)
		if err != nil {
			return false, nil
		}
		w, err := eg.reduce(eg.fromPoly(gg), false)
		if err != nil || len(w.c) != 0 {
			return false, err
		}
	}
	return true, nil
}
