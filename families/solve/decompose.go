package solve

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
	"github.com/families-project/families/poly/field"
)

// A component is a case that the decomposition finished: a prime
// component when prime is set, and otherwise a case whose primality proof
// gave up (refinePositive), which Result reports as not proved
// irreducible.
type component struct {
	basis  []*poly.Poly // reduced grevlex basis
	dim    int
	indep  []int // a maximal independent set (variable indices)
	prime  bool  // primality proved (always, unless a search gave up)
	degree int   // dimension 0: the number of points; otherwise the degree over Q(indep)
	zero   *zeroDim
	// solved: the component as Solve solved it (Canonical keeps it)
	solved *Component
}

// A decomposer runs the factorizing decomposition of one system.
type decomposer struct {
	ctx     context.Context
	lim     groebner.Limits
	ring    *poly.Ring
	nonzero []*poly.Poly
	comps   []*component
	factors *poly.Map[factored]
	// eliminants caches minimal polynomials over Q(U): the primality
	// proof and the family both need them.
	eliminants map[string]*poly.Poly
	cases      int
	maxCases   int
}

// factored holds the distinct irreducible nonconstant factors of a
// polynomial and whether one of them is repeated.
type factored struct {
	factors  []*poly.Poly
	repeated bool
	// whole: the factorization gave up (caser.quickFactors) and factors
	// is the polynomial itself, not proved irreducible.
	whole bool
}

// splits reports whether the factorization gives more than the polynomial
// itself: several factors, or a square.
func (f factored) splits() bool { return len(f.factors) > 1 || f.repeated }

func (d *decomposer) factorsOf(g *poly.Poly) (factored, error) {
	if f, ok := d.factors.Get(g); ok {
		return f, nil
	}
	var out factored
	if g.TotalDegree() <= 1 {
		out.factors = []*poly.Poly{g}
		d.factors.Put(g, out)
		return out, nil
	}
	fz, err := factor.Factor(d.ctx, g)
	if err != nil {
		if e := d.ctx.Err(); e != nil {
			return out, limitErr(e)
		}
		// A polynomial beyond the factorizer's limits is kept whole: the
		// primality test after it still splits the case if it must.
		// whole says that its factors are unknown: it may be reducible.
		out.factors = []*poly.Poly{g}
		out.whole = true
		return out, nil
	}
	for _, p := range fz.Factors {
		if p.Poly.IsConst() {
			continue
		}
		out.factors = append(out.factors, p.Poly)
		if p.Mult > 1 {
			out.repeated = true
		}
	}
	d.factors.Put(g, out)
	return out, nil
}

func limitErr(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &groebner.LimitError{Limit: groebner.LimitTime, Err: err}
	}
	return &groebner.LimitError{Limit: groebner.LimitCanceled, Err: err}
}

// saturate returns the reduced basis of (F) saturated by every nonzero
// condition and every polynomial of extra, or nil when that is the unit
// ideal (a condition vanishes on every solution).
func (d *decomposer) saturate(F, extra []*poly.Poly) ([]*poly.Poly, error) {
	G, err := groebner.Basis(d.ctx, F, d.lim)
	if err != nil {
		return nil, err
	}
	for _, h := range slices.Concat(d.nonzero, extra) {
		if isUnit(G) || groebner.IsMember(h, G) {
			return nil, nil
		}
		if G, err = groebner.Saturate(d.ctx, G, h, d.lim); err != nil {
			return nil, err
		}
	}
	if isUnit(G) {
		return nil, nil
	}
	return G, nil
}

// LimitCases is the kind of the *groebner.LimitError that Solve reports
// when a decomposition splits into more cases than its bound.
const LimitCases groebner.LimitKind = "decomposition cases"

// LimitFactorSize is the kind of the *groebner.LimitError that SolveCases
// reports when a hypersurface it must decompose could not be factored
// within the factorizer's bounds (factor.ErrTooLarge and the like): its
// components are then unknown.
const LimitFactorSize groebner.LimitKind = "factorization size"

// split decomposes V(F) without the zeros of the nonzero conditions and of
// extra. sat says that F is already such a saturated reduced basis.
func (d *decomposer) split(F, extra []*poly.Poly, sat bool) error {
	if d.cases++; d.cases > d.maxCases {
		// a size limit like the engine's, so that the case is reported as
		// timeout rather than lost
		return &groebner.LimitError{Limit: LimitCases, Value: int64(d.maxCases)}
	}
	if err := d.ctx.Err(); err != nil {
		return limitErr(err)
	}
	G := F
	if !sat {
		var err error
		if G, err = d.saturate(F, extra); err != nil || G == nil {
			return err
		}
	}
	// Cheap factorizations first: a split early saves work on every case.
	order := slices.Clone(G)
	slices.SortStableFunc(order, func(a, b *poly.Poly) int {
		if c := a.TotalDegree() - b.TotalDegree(); c != 0 {
			return c
		}
		return a.Len() - b.Len()
	})
	for _, g := range order {
		fz, err := d.factorsOf(g)
		if err != nil {
			return err
		}
		if fz.splits() {
			return d.branch(G, extra, fz.factors)
		}
	}
	dim, indep := d.dimension(G)
	if dim == 0 {
		return d.refineZero(G, extra)
	}
	return d.refinePositive(G, extra, dim, indep)
}

// branch splits V(G) into the cases G + f_i, the i-th with the earlier
// factors kept nonzero: their union is V(G) when the product of the
// factors vanishes on V(G), and they overlap less than plain cases.
func (d *decomposer) branch(G, extra, fs []*poly.Poly) error {
	for i, f := range fs {
		F := append(slices.Clone(G), f)
		if err := d.split(F, slices.Concat(extra, fs[:i]), false); err != nil {
			return err
		}
	}
	return nil
}

// refinePositive proves the case G of positive dimension prime or splits
// it further, with the independent set indep as parameters U.
func (d *decomposer) refinePositive(G, extra []*poly.Poly, dim int, indep []int) error {
	bb, err := d.blockBasis(G, indep)
	if err != nil {
		return err
	}
	e, ok := bb.extensionDegree()
	if !ok {
		// Too large an extension to test: kept, not proved prime.
		d.record(&component{basis: G, dim: dim, indep: indep})
		return nil
	}
	qs, err := d.leadFactors(bb, extra)
	if err != nil {
		return err
	}
	if e == 1 {
		return d.refineRational(G, extra, dim, indep, bb, qs)
	}
	// V(G) = V(G : q^∞) ∪ V(G + q) for each factor q of a leading
	// coefficient; the first part is where U is free and the basis over
	// Q(U) holds.
	for _, q := range qs {
		G2, err := groebner.Saturate(d.ctx, G, q, d.lim)
		if err != nil {
			return err
		}
		if !slices.EqualFunc(G2, G, (*poly.Poly).Equal) {
			if err := d.split(append(slices.Clone(G), q), extra, false); err != nil {
				return err
			}
			if isUnit(G2) {
				return nil
			}
			return d.split(G2, extra, true)
		}
	}
	// The minimal polynomial over Q(U) of each dependent variable: a
	// factor splits the case, full degree proves it prime.
	for _, x := range bb.xs {
		m, err := d.eliminant(G, indep, d.ring.Var(x))
		if err != nil {
			return err
		}
		if m == nil {
			continue
		}
		if done, err := d.tryMinPoly(G, extra, m, nil, x, e, dim, indep); done || err != nil {
			return err
		}
	}
	// A primitive element: a linear form in the dependent variables.
	for try := 1; try <= 3; try++ {
		L := linearForm(d.ring, bb.xs, try)
		m, err := d.eliminant(G, indep, L)
		if err != nil {
			return err
		}
		if m == nil {
			continue
		}
		if done, err := d.tryMinPoly(G, extra, m, L, -1, e, dim, indep); done || err != nil {
			return err
		}
	}
	// No minimal polynomial of degree e was found: the case is kept whole
	// and not proved prime, which Result says (Component.Irreducible).
	d.record(&component{basis: G, dim: dim, indep: indep, degree: e})
	return nil
}

// refineRational settles a case whose extension over Q(U) has degree 1:
// every variable is a rational function r of U there, and the prime
// P = G : h^∞ (h the leading coefficients) is the ideal of that
// parametrization, (den x - num) saturated by the denominators: a basis of
// equations linear in X, much cheaper than saturating G. G is prime when it
// equals P; otherwise V(G) is V(P) and the parts where a leading
// coefficient vanishes.
func (d *decomposer) refineRational(G, extra []*poly.Poly, dim int, indep []int, bb *blockBasis, qs []*poly.Poly) error {
	vals, ok := bb.rational()
	if !ok {
		return fmt.Errorf("%w: no rational formulas from a basis of degree 1", ErrInternal)
	}
	P, err := d.parametrizationIdeal(vals, bb.xs)
	if err != nil {
		return err
	}
	if slices.EqualFunc(P, G, (*poly.Poly).Equal) {
		d.record(&component{basis: G, dim: dim, indep: indep, prime: true, degree: 1})
		return nil
	}
	pd, pindep := d.dimension(P)
	d.record(&component{basis: P, dim: pd, indep: pindep, prime: true, degree: 1})
	for _, q := range qs {
		if err := d.split(append(slices.Clone(G), q), extra, false); err != nil {
			return err
		}
	}
	return nil
}

// parametrizationIdeal returns the reduced grevlex basis of the prime
// ideal of the rational parametrization x = num_x/den_x (x in xs): the
// equations den_x x - num_x saturated by every factor of the denominators.
func (d *decomposer) parametrizationIdeal(vals []*field.Frac, xs []int) ([]*poly.Poly, error) {
	var F []*poly.Poly
	var dens []*poly.Poly
	for _, x := range xs {
		v := vals[x]
		F = append(F, new(poly.Poly).Sub(new(poly.Poly).Mul(v.Den(), d.ring.Var(x)), v.Num()))
		if !v.Den().IsConst() {
			dens = append(dens, v.Den())
		}
	}
	P, err := groebner.Basis(d.ctx, F, d.lim)
	if err != nil {
		return nil, err
	}
	var seen poly.Set
	for _, den := range dens {
		fz, err := d.factorsOf(den)
		if err != nil {
			return nil, err
		}
		for _, q := range fz.factors {
			if seen.Add(q.Monic()) {
				if P, err = groebner.Saturate(d.ctx, P, q, d.lim); err != nil {
					return nil, err
				}
			}
		}
	}
	return P, nil
}

// leadFactors returns the irreducible factors of the leading coefficients
// of a Gröbner basis over Q(U) taken from bb, without the nonzero
// conditions (the ideal is saturated by them already) and without repeats.
// Among the basis elements with the same leading X-monomial it takes the
// one whose coefficient leaves the least to saturate by: each saturation is
// a Gröbner basis, and a long factor makes it slow.
func (d *decomposer) leadFactors(bb *blockBasis, extra []*poly.Poly) ([]*poly.Poly, error) {
	var known poly.Set
	for _, h := range slices.Concat(d.nonzero, extra) {
		known.Add(h.Monic())
	}
	var out []*poly.Poly
	var seen poly.Set
	for _, group := range bb.minimalGroups() {
		var best []*poly.Poly
		bestCost := -1
		for _, p := range group {
			c := bb.coefficient(p, bb.xExps(p, 0))
			if c.IsConst() {
				best, bestCost = nil, 0
				break
			}
			fz, err := d.factorsOf(c)
			if err != nil {
				return nil, err
			}
			var fs []*poly.Poly
			cost := 0
			for _, q := range fz.factors {
				if !known.Has(q.Monic()) {
					fs = append(fs, q)
					cost += q.Len()
				}
			}
			if bestCost < 0 || cost < bestCost {
				best, bestCost = fs, cost
			}
		}
		for _, q := range best {
			if seen.Add(q.Monic()) {
				out = append(out, q)
			}
		}
	}
	return out, nil
}

// tryMinPoly looks at the minimal polynomial m(U, z) of z = L (or of the
// variable x when L is nil) over Q(U): a factorization splits the case, an
// irreducible m of degree e (the degree of the extension) proves it prime.
// done reports that the case is settled.
func (d *decomposer) tryMinPoly(G, extra []*poly.Poly, m *poly.Poly, L *poly.Poly, x, e, dim int, indep []int) (done bool, err error) {
	zr := m.Ring()
	z := zr.NumVars() - 1 // eliminant rings put the eliminated-into variable last
	fz, err := d.factorsOf(m)
	if err != nil {
		return true, err
	}
	var fs []*poly.Poly
	for _, f := range fz.factors {
		if f.Degree(z) > 0 {
			fs = append(fs, f)
		}
	}
	if len(fs) > 1 || fz.repeated {
		back := make([]*poly.Poly, len(fs))
		for i, f := range fs {
			if back[i], err = d.substituteBack(f, L); err != nil {
				return true, err
			}
		}
		if len(fs) == 1 {
			return true, d.split(append(slices.Clone(G), back[0]), extra, false)
		}
		return true, d.branch(G, extra, back)
	}
	if len(fs) == 1 && fs[0].Degree(z) == e {
		d.record(&component{basis: G, dim: dim, indep: indep, prime: true, degree: e})
		return true, nil
	}
	return false, nil
}

// record keeps a finished case.
func (d *decomposer) record(c *component) { d.comps = append(d.comps, c) }

// minimal drops every component that lies inside another (or equals an
// earlier one): V(P) ⊆ V(Q) exactly when Q ⊆ P, for P prime (the one
// direction, Q ⊆ P gives V(P) ⊆ V(Q), holds for any P, so a component not
// proved prime is only ever dropped rightly).
func (d *decomposer) minimal() []*component {
	cs := slices.Clone(d.comps)
	slices.SortStableFunc(cs, func(a, b *component) int { return b.dim - a.dim })
	var out []*component
	for _, c := range cs {
		inside := false
		for _, k := range out {
			if contains(k.basis, c.basis) {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, c)
		}
	}
	return out
}

// contains reports whether every element of the basis Q lies in the ideal
// with Gröbner basis P.
func contains(Q, P []*poly.Poly) bool {
	for _, q := range Q {
		if !groebner.IsMember(q, P) {
			return false
		}
	}
	return true
}

func isUnit(G []*poly.Poly) bool {
	for _, g := range G {
		if g.IsConst() && !g.IsZero() {
			return true
		}
	}
	return false
}

// dimension is groebner.Dimension with the zero ideal (every variable
// free) handled.
func (d *decomposer) dimension(G []*poly.Poly) (int, []int) {
	if len(G) == 0 {
		all := make([]int, d.ring.NumVars())
		for i := range all {
			all[i] = i
		}
		return len(all), all
	}
	return groebner.Dimension(G)
}

// linearForm returns x_1 + c x_2 + c^2 x_3 + ... over the variables xs
// with c = try+1: distinct small forms, one of which separates the
// conjugates for all but finitely many c.
func linearForm(r *poly.Ring, xs []int, try int) *poly.Poly {
	L := r.Zero()
	c := big.NewRat(1, 1)
	step := big.NewRat(int64(try+1), 1)
	for _, x := range xs {
		L.Add(L, new(poly.Poly).Scale(r.Var(x), c))
		c = new(big.Rat).Mul(c, step)
	}
	return L
}
