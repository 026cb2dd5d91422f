package solve

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// The canonical form of a decomposition. The strategies that find the
// components (Solve's bases in block orders, SolveCases's substitutions and
// case splits, raced for speed) reach them by different routes and write
// them differently: one route gives a family in the parameters g, h, p,
// another the same family in g, h, n, a third a part of the closure of a
// larger family as a family of its own. The canonical form removes the
// route, so that the answer is a function of the system alone:
//
//   - a rational family is written in the parameters that its component
//     determines: the first set U of numbers over which the component is
//     rational (every number a rational function of U), the sets that
//     hold the last numbers coming first (the order of combinations on
//     the numbers reversed). Whether a component is rational over U does
//     not depend on how it was found, and over such a U the formulas are
//     unique;
//   - a component that another contains is dropped, and so is a repeated
//     one;
//   - the components are sorted by dimension, degree and formulas (or
//     basis).

// maxCanonicalTries bounds the fibers tried to find a rational family's
// parameters (one small basis each): a 4x4 grid's family of dimension 6
// in 8 remaining numbers has 28 subsets, a 5x5 grid's up to thousands.
// The first set that qualifies is taken: choosing the simplest formulas
// among the first four needed the formulas over each, and on 4x4 grids
// one inversion could take 15 s (a basis in a block order) where the
// first set needed none.
const maxCanonicalTries = 256

// canonicalRational returns the rational family f, whose numbers are those
// of d's ring, in its canonical parameters with its formulas over them.
// Cost: a Jacobian test per subset scanned and, per subset that passes it,
// one basis in the numbers that the new parameters replace.
func (d *decomposer) canonicalRational(f *Family) (*Family, error) {
	n := d.ring.NumVars()
	vals := make([]*field.Frac, n)
	var V []int
	for _, v := range f.Values {
		x, rf, err := d.valueInRing(v)
		if err != nil {
			return nil, err
		}
		vals[x] = rf
		if v.Parameter {
			V = append(V, x)
		}
	}
	slices.Sort(V)
	if len(V) == 0 || len(V) == n {
		return f, nil
	}
	jac := newJacobian(vals, V)
	tries := 0
	for R := range combinations(n, len(V)) {
		if err := d.ctx.Err(); err != nil {
			return nil, limitErr(err)
		}
		// The sets that hold the last numbers first: those the
		// substitutions leave, where the parameters of a grid's family
		// usually are already (no formula to invert).
		C := make([]int, len(R))
		for i, r := range R {
			C[len(R)-1-i] = n - 1 - r
		}
		if !slices.Equal(C, V) && !jac.birational(C) {
			continue
		}
		if tries++; tries > maxCanonicalTries {
			// Past the bound the family keeps the parameters it was found
			// in, which a different route may not share (README).
			C = V
		}
		got, err := d.invert(vals, V, C)
		if err != nil {
			return nil, err
		}
		if got != nil {
			return d.familyOver(C, got), nil
		}
	}
	return nil, fmt.Errorf("%w: a rational family is not rational over any set of its numbers", ErrInternal)
}

// familyOver returns the rational family with parameters U and formulas
// vals (every number of d's ring).
func (d *decomposer) familyOver(U []int, vals []*field.Frac) *Family {
	out := &Family{Kind: Rational, Polynomial: true, Degree: 1}
	for _, u := range U {
		out.Parameters = append(out.Parameters, d.ring.VarName(u))
	}
	for x := range d.ring.NumVars() {
		if !vals[x].IsPoly() {
			out.Polynomial = false
		}
		out.Values = append(out.Values, &Value{Name: d.ring.VarName(x), Parameter: slices.Contains(U, x),
			Num: vals[x].Num(), Den: vals[x].Den(), Degree: 1})
	}
	return out
}

// valueInRing returns the index in d's ring of a family's number v and
// its formula num/den moved into that ring.
func (d *decomposer) valueInRing(v *Value) (int, *field.Frac, error) {
	x, ok := d.ring.VarIndex(v.Name)
	if !ok {
		return 0, nil, fmt.Errorf("%w: family number %s is not a number of %s", ErrInternal, v.Name, d.ring)
	}
	rf, err := field.Raw(v.Num, v.Den).ToRing(d.ring)
	return x, rf, err
}

// invert returns the formulas of every number over U, given those over V
// (vals), when the family is rational over U; nil when it is not (U not
// free, or an extension of degree above 1). A fixed fiber of the map from
// V to U decides first (fiberIsPoint); the formulas then come from a path
// of single exchanges (exchangePath) or, when none exists, from the
// equations u den_u(V) - num_u(V) = 0 of U \ V solved for W = V \ U in a
// block order over Q(U) (solveOver).
func (d *decomposer) invert(vals []*field.Frac, V, U []int) ([]*field.Frac, error) {
	if slices.Equal(U, V) {
		return vals, nil
	}
	var W []int
	for _, v := range V {
		if !slices.Contains(U, v) {
			W = append(W, v)
		}
	}
	if ok, err := d.fiberIsPoint(vals, V, U, W); err != nil || !ok {
		return nil, err
	}
	tried := 0
	got, err := d.exchangePath(vals, V, U, 0, &tried)
	if err == nil && got == nil {
		tried = 0
		got, err = d.exchangePath(vals, V, U, 1, &tried)
	}
	if err != nil || got != nil {
		return got, err
	}
	return d.solveOver(vals, V, U, W)
}

// maxExchanges bounds the single exchanges that exchangePath tries.
const maxExchanges = 64

// exchangePath returns the formulas over U of the family whose formulas
// over V are vals, by single exchanges: a parameter w for a number e whose
// formula has degree 1 in w (then w is a rational function of e and the
// other parameters, and the map is birational: Lüroth). The numbers of U
// come in first; with spare steps (spare > 0) a number outside U may stand
// in between, which reaches sets that no direct order of exchanges does.
// nil when no path is found within maxExchanges. Along the path only the
// parameters V are carried, as functions of the current set S (cur), and
// a number's formula is composed when an exchange asks for it; every
// formula is composed once, at the end. Cost: per exchange tried, one
// composition; at the end, one per number.
func (d *decomposer) exchangePath(vals []*field.Frac, V, U []int, spare int, tried *int) ([]*field.Frac, error) {
	cur := make([]*field.Frac, len(vals))
	for _, v := range V {
		cur[v] = field.FromPoly(d.ring.Var(v))
	}
	return d.exchangeFrom(vals, V, cur, V, U, spare, tried)
}

func (d *decomposer) exchangeFrom(vals []*field.Frac, V []int, cur []*field.Frac, S, U []int, spare int, tried *int) ([]*field.Frac, error) {
	if slices.Equal(S, U) {
		out := make([]*field.Frac, len(vals))
		for x := range vals {
			if slices.Contains(U, x) {
				out[x] = field.FromPoly(d.ring.Var(x))
				continue
			}
			var err error
			if out[x], err = d.overCurrent(vals, V, cur, x); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var out, in, other []int
	for _, v := range S {
		if !slices.Contains(U, v) {
			out = append(out, v)
		}
	}
	for v := range vals {
		switch {
		case slices.Contains(S, v):
		case slices.Contains(U, v):
			in = append(in, v)
		case spare > 0:
			other = append(other, v)
		}
	}
	formula := map[int]*field.Frac{}
	for _, es := range [][]int{in, other} {
		for _, e := range es {
			for _, w := range out {
				if *tried++; *tried > maxExchanges {
					return nil, nil
				}
				f, ok := formula[e]
				if !ok {
					var err error
					if f, err = d.overCurrent(vals, V, cur, e); err != nil {
						return nil, err
					}
					formula[e] = f
				}
				if max(f.Num().Degree(w), f.Den().Degree(w)) != 1 {
					continue
				}
				wv, ok, err := d.solveFor(f, w, e)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
				at := make([]*field.Frac, len(vals))
				for v := range at {
					at[v] = field.FromPoly(d.ring.Var(v))
				}
				at[w] = wv
				next := make([]*field.Frac, len(vals))
				for _, v := range V {
					if next[v], err = composeRat(d.ctx, cur[v], at); err != nil {
						return nil, err
					}
				}
				left := spare
				if !slices.Contains(U, e) {
					left--
				}
				S2 := slices.Sorted(slices.Values(append(without1(S, w), e)))
				got, err := d.exchangeFrom(vals, V, next, S2, U, left, tried)
				if err != nil || got != nil {
					return got, err
				}
			}
		}
	}
	return nil, nil
}

// overCurrent returns the formula of number x over the current
// parameters: its formula over V with each parameter of V replaced by
// cur.
func (d *decomposer) overCurrent(vals []*field.Frac, V []int, cur []*field.Frac, x int) (*field.Frac, error) {
	if slices.Contains(V, x) {
		return cur[x], nil
	}
	return composeRat(d.ctx, vals[x], cur)
}

// solveFor returns w from e = f = (n1 w + n0) / (d1 w + d0), with n_i, d_i
// free of w: w = (n0 - e d0) / (e d1 - n1); ok is false when that
// denominator vanishes.
func (d *decomposer) solveFor(f *field.Frac, w, e int) (*field.Frac, bool, error) {
	n1, n0 := coefficientOf(f.Num(), w, 1), coefficientOf(f.Num(), w, 0)
	d1, d0 := coefficientOf(f.Den(), w, 1), coefficientOf(f.Den(), w, 0)
	ev := d.ring.Var(e)
	den := new(poly.Poly).Sub(new(poly.Poly).Mul(ev, d1), n1)
	if den.IsZero() {
		return nil, false, nil
	}
	wv, err := field.NewContext(d.ctx, new(poly.Poly).Sub(n0, new(poly.Poly).Mul(ev, d0)), den)
	if err != nil {
		return nil, false, limitErr(err)
	}
	return wv, true, nil
}

// composeRat returns f with every number v replaced by at[v]
// (field.Compose), with a vanishing denominator an internal error and an
// ended context a limit.
func composeRat(ctx context.Context, f *field.Frac, at []*field.Frac) (*field.Frac, error) {
	out, err := field.Compose(ctx, f, at)
	switch {
	case errors.Is(err, field.ErrZeroDenominator):
		return nil, fmt.Errorf("%w: a denominator vanishes on a family", ErrInternal)
	case err != nil:
		return nil, limitErr(err)
	}
	return out, nil
}

// solveOver returns the formulas over U by a basis in the block order of
// W over U of the equations u den_u(V) - num_u(V) = 0 (u in U \ V),
// saturated by their denominators when the basis alone has more than the
// one general solution; nil when the degree over Q(U) is not 1.
func (d *decomposer) solveOver(vals []*field.Frac, V, U, W []int) ([]*field.Frac, error) {
	var names []string
	for _, v := range slices.Concat(W, U) {
		names = append(names, d.ring.VarName(v))
	}
	br, err := poly.NewRing(names, poly.Block(len(W)))
	if err != nil {
		return nil, err
	}
	var eqs, dens []*poly.Poly
	for _, u := range U {
		if slices.Contains(V, u) {
			continue
		}
		e := new(poly.Poly).Sub(new(poly.Poly).Mul(vals[u].Den(), d.ring.Var(u)), vals[u].Num())
		be, err := e.ToRing(br)
		if err != nil {
			return nil, err
		}
		eqs = append(eqs, be)
		if !vals[u].Den().IsConst() {
			bd, err := vals[u].Den().ToRing(br)
			if err != nil {
				return nil, err
			}
			dens = append(dens, bd)
		}
	}
	B, err := groebner.Basis(d.ctx, eqs, d.lim)
	if err != nil {
		return nil, err
	}
	bb := &blockBasis{main: d.ring, ring: br, xs: W, us: U, basis: B}
	// The true general point is a solution over Q(U), so a basis of
	// degree 1 has found it; a larger degree may count solutions where a
	// denominator vanishes with its numerator, which the saturation
	// removes.
	if e, ok := bb.extensionDegree(); !ok || e != 1 {
		// By each distinct irreducible factor, smallest first: many are
		// numbers (saturated by Bayer's lemma at once), and a large
		// denominator whole took seconds where its factors took
		// milliseconds.
		qs, err := d.distinctFactorsOf(dens, br)
		if err != nil {
			return nil, err
		}
		for _, q := range qs {
			if isUnit(B) {
				return nil, nil
			}
			if B, err = groebner.Saturate(d.ctx, B, q, d.lim); err != nil {
				return nil, err
			}
		}
		if isUnit(B) {
			return nil, nil
		}
		bb.basis = B
		if e, ok := bb.extensionDegree(); !ok || e != 1 {
			return nil, nil
		}
	}
	sol, ok := bb.rational()
	if !ok {
		return nil, fmt.Errorf("%w: no rational formulas from a basis of degree 1", ErrInternal)
	}
	at := make([]*field.Frac, len(vals))
	for v := range at {
		at[v] = field.FromPoly(d.ring.Var(v))
	}
	for _, w := range W {
		at[w] = sol[w]
	}
	out := make([]*field.Frac, len(vals))
	for x := range vals {
		switch {
		case slices.Contains(U, x):
			out[x] = field.FromPoly(d.ring.Var(x))
		case slices.Contains(W, x):
			out[x] = sol[x]
		default:
			if out[x], err = composeRat(d.ctx, vals[x], at); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// fiberIsPoint reports whether the map from the family's parameters V to
// the numbers U has one point in its fiber over the image of a fixed
// point v0: the numbers W = V \ U solved from u den_u(V) = u(v0) den_u(V)
// ... with the other parameters at v0, saturated by the denominators
// there. A map of degree 1 passes unless v0 lies on a proper subvariety;
// one of higher degree never does, and invert confirms every pass exactly.
// Cost: a basis in the |W| numbers with rational coefficients.
func (d *decomposer) fiberIsPoint(vals []*field.Frac, V, U, W []int) (bool, error) {
	n := d.ring.NumVars()
	x0 := make([]*big.Rat, n)
	p := int64(1)
	for i := range x0 {
		// Distinct primes from 13 on: away from the small values where
		// grid formulas have their special points, and small enough that
		// the fiber's basis over Q keeps small coefficients (a point of
		// five-digit fractions made one fiber take seconds on a 4x4 grid).
		for p = p + 1; !big.NewInt(p).ProbablyPrime(0) || p < 13; p++ {
		}
		x0[i] = big.NewRat(p, 1)
	}
	var names []string
	for _, w := range W {
		names = append(names, d.ring.VarName(w))
	}
	wr, err := poly.NewRing(names, poly.Grevlex)
	if err != nil {
		return false, err
	}
	images := make([]*poly.Poly, n)
	for v := range n {
		if j := slices.Index(W, v); j >= 0 {
			images[v] = wr.Var(j)
		} else {
			images[v] = wr.Const(x0[v])
		}
	}
	var eqs, dens []*poly.Poly
	for _, u := range U {
		if slices.Contains(V, u) {
			continue
		}
		u0, ok := vals[u].Eval(x0)
		if !ok {
			return false, nil // v0 is a pole: not decided, not taken
		}
		num, err := vals[u].Num().Compose(wr, images)
		if err != nil {
			return false, err
		}
		den, err := vals[u].Den().Compose(wr, images)
		if err != nil {
			return false, err
		}
		eqs = append(eqs, new(poly.Poly).Sub(new(poly.Poly).Scale(den, u0), num))
		if !den.IsConst() {
			dens = append(dens, den)
		}
	}
	G, err := groebner.Basis(d.ctx, eqs, d.lim)
	if err != nil {
		return false, err
	}
	for _, q := range dens {
		if isUnit(G) {
			return false, nil
		}
		if G, err = groebner.Saturate(d.ctx, G, q, d.lim); err != nil {
			return false, err
		}
	}
	k, ok := groebner.Degree(G, 2)
	return ok && k == 1, nil
}

// distinctFactorsOf returns the distinct irreducible nonconstant factors
// of the polynomials ps, in the ring r, the shortest first.
func (d *decomposer) distinctFactorsOf(ps []*poly.Poly, r *poly.Ring) ([]*poly.Poly, error) {
	seen := map[string]bool{}
	var out []*poly.Poly
	for _, p := range ps {
		main, err := p.ToRing(d.ring)
		if err != nil {
			return nil, err
		}
		fz, err := d.factorsOf(main)
		if err != nil {
			return nil, err
		}
		for _, q := range fz.factors {
			key := q.Monic().String()
			if seen[key] || q.IsConst() {
				continue
			}
			seen[key] = true
			rq, err := q.ToRing(r)
			if err != nil {
				return nil, err
			}
			out = append(out, rq)
		}
	}
	slices.SortStableFunc(out, func(a, b *poly.Poly) int { return a.Len() - b.Len() })
	return out, nil
}

// familyKey is the text of a family's formulas: equal for two rational
// families in their canonical parameters exactly when they are one
// component.
func familyKey(f *Family) string {
	var sb strings.Builder
	sb.WriteString(strings.Join(f.Parameters, ","))
	for _, v := range f.Values {
		sb.WriteByte(';')
		switch {
		case v.Degree > 1:
			sb.WriteString(v.MinPoly.String())
		case v.Num != nil:
			sb.WriteString(FormatRational(v.Num, v.Den, Singular))
		}
	}
	return sb.String()
}

// graphEquations returns den x - num for every number x of the rational
// family f that is not a parameter: the reduced Gröbner basis, over the
// field of f's parameters, of its component's prime ideal, with the
// denominators cleared.
func graphEquations(f *Family) []*poly.Poly {
	var out []*poly.Poly
	for _, v := range f.Values {
		if !v.Parameter {
			out = append(out, graphEquation(v))
		}
	}
	return out
}

// graphEquation returns den x - num for the number v = num/den.
func graphEquation(v *Value) *poly.Poly {
	r := v.Num.Ring()
	return new(poly.Poly).Sub(new(poly.Poly).Mul(v.Den, r.VarNamed(v.Name)), v.Num)
}

// insideGraph reports whether it proves that the rational family a lies
// in the closure of the rational family b: a's general point is a point
// of b's parametrization (onGraph). false is not a proof of the contrary:
// a may still lie where b's denominators vanish.
func insideGraph(ctx context.Context, a, b *Family) (bool, error) {
	return onGraph(ctx, b, familyValues(a), (*poly.Poly).IsZero)
}

// onGraph reports whether the point vals (rational functions of some
// ring, one per number of b's ring) is a point of the rational family b's
// parametrization: every graph equation of b vanishes there and no
// denominator of b does, vanishes deciding for a polynomial of vals' ring.
func onGraph(ctx context.Context, b *Family, vals []*field.Frac, vanishes func(*poly.Poly) bool) (bool, error) {
	for _, v := range b.Values {
		if v.Parameter {
			continue
		}
		den, err := field.SubstNumerator(ctx, v.Den, vals)
		if err != nil {
			return false, limitErr(err)
		}
		if vanishes(den) {
			return false, nil
		}
		res, err := field.SubstNumerator(ctx, graphEquation(v), vals)
		if err != nil {
			return false, limitErr(err)
		}
		if !vanishes(res) {
			return false, nil
		}
	}
	return true, nil
}

// insideBasis reports whether the rational family a lies in the zeros of
// the ideal with basis P: every element vanishes on it (exact).
func insideBasis(ctx context.Context, a *Family, P []*poly.Poly) (bool, error) {
	avals := familyValues(a)
	for _, p := range P {
		zero, err := field.Vanishes(ctx, p, avals)
		if err != nil {
			return false, limitErr(err)
		}
		if !zero {
			return false, nil
		}
	}
	return true, nil
}

// basisInsideGraph reports whether it proves that the component with
// prime P lies in the closure of the rational family b: b's graph
// equations lie in P and none of its denominators does.
func basisInsideGraph(P []*poly.Poly, b *Family) (bool, error) {
	r := P[0].Ring()
	for _, v := range b.Values {
		if v.Parameter {
			continue
		}
		den, err := v.Den.ToRing(r)
		if err != nil {
			return false, err
		}
		if groebner.IsMember(den, P) {
			return false, nil
		}
	}
	for _, g := range graphEquations(b) {
		h, err := g.ToRing(r)
		if err != nil {
			return false, err
		}
		if !groebner.IsMember(h, P) {
			return false, nil
		}
	}
	return true, nil
}

// familyValues returns the formulas of a rational family indexed by the
// numbers of its ring.
func familyValues(f *Family) []*field.Frac {
	r := f.Values[0].Num.Ring()
	vals := make([]*field.Frac, r.NumVars())
	for _, v := range f.Values {
		if x, ok := r.VarIndex(v.Name); ok {
			vals[x] = field.Raw(v.Num, v.Den)
		}
	}
	return vals
}

func without1(xs []int, x int) []int {
	return slices.DeleteFunc(slices.Clone(xs), func(y int) bool { return y == x })
}
