package solve

import (
	"context"
	"fmt"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// Canonical returns the canonical form of res, a decomposition of the
// remaining system red.F with red.Nonzero (whose reduced saturated grevlex
// basis is G, nil for no equations), written in all the numbers of
// red.Ring: F and nonzero are the original system. The substitutions are
// a function of the system (Reduce) and map the solutions of the original
// system one to one onto those of the remaining one, so a component is
// named in the remaining numbers:
//
//   - a rational family by its formulas in its canonical parameters,
//     chosen among the remaining numbers (canonicalRational), and its
//     Basis is the reduced Gröbner basis of its prime over the field of
//     those parameters, den x - num for every other remaining number
//     (Component.BasisOverParameters);
//   - any other component by the reduced grevlex basis of its prime in
//     the remaining numbers, and its family chosen from that basis as
//     Solve chooses.
//
// A component inside another is dropped when that is proved: always
// between components of the second kind, and for a rational family when
// the general point of the smaller one is a point of the larger one's
// parametrization (insideGraph). Families are then written in all numbers
// (each eliminated number by its formula) and verified against F and
// nonzero; points are solved in all numbers.
//
// Cost: per rational family, the choice of its parameters; per other
// component, a saturation of its ideal in the remaining numbers and
// Solve's choice of parameters; per pair of components, a substitution or
// normal forms; the lifting.
func (red *Reduction) Canonical(ctx context.Context, res *Result, G, F, nonzero []*poly.Poly, opt Options) (*Result, error) {
	var err error
	if F, err = poly.ToRingAll(F, red.Ring); err != nil {
		return nil, err
	}
	if nonzero, err = poly.ToRingAll(nonzero, red.Ring); err != nil {
		return nil, err
	}
	if G, err = poly.ToRingAll(G, red.Sub); err != nil {
		return nil, err
	}
	d := newDecomposer(ctx, opt, red.Sub, red.Nonzero)
	var rats []*Family
	for _, c := range res.Components {
		if c.Family != nil && c.Family.Kind == Rational {
			f, err := d.canonicalRational(c.Family)
			if err != nil {
				return nil, err
			}
			rats = append(rats, f)
		}
	}
	for _, c := range res.Components {
		if c.Family != nil && c.Family.Kind == Rational {
			continue
		}
		// A part of a rational family's closure is dropped before its
		// prime in the remaining numbers is computed, the costly step.
		inside := false
		for _, b := range rats {
			if len(b.Parameters) <= c.Dimension {
				continue
			}
			if inside, err = componentInsideGraph(ctx, c, b, red.Sub); err != nil || inside {
				break
			}
		}
		if err != nil {
			return nil, err
		}
		if inside {
			continue
		}
		comp, err := d.primeOfRemaining(c, G)
		if err != nil {
			return nil, err
		}
		if comp != nil {
			d.record(comp)
		}
	}
	// The other components, minimal among themselves, with their families.
	var others []*component
	for _, c := range d.minimal() {
		if c.solved == nil && c.dim > 0 {
			fam, err := d.family(c, true)
			if err != nil {
				return nil, err
			}
			if fam.Kind == Rational {
				if fam, err = d.canonicalRational(fam); err != nil {
					return nil, err
				}
				rats = append(rats, fam)
				continue
			}
			c.solved = &Component{Basis: c.basis, Dimension: c.dim, Irreducible: c.prime, Degree: fam.Degree, Family: fam}
		}
		if c.solved != nil && c.solved.Family != nil && c.solved.Family.Kind == Rational {
			fam, err := d.canonicalRational(c.solved.Family)
			if err != nil {
				return nil, err
			}
			rats = append(rats, fam)
			continue
		}
		others = append(others, c)
	}
	rats, others, err = d.dropInside(rats, others, G)
	if err != nil {
		return nil, err
	}
	out := &Result{}
	for _, f := range rats {
		fam, err := red.liftFamily(ctx, f)
		if err != nil {
			return nil, err
		}
		if err := verifyFamily(ctx, fam, nil, F, nonzero); err != nil {
			return nil, err
		}
		out.Components = append(out.Components, &Component{Basis: graphEquations(f), BasisOverParameters: true,
			Dimension: len(f.Parameters), Irreducible: true, Degree: 1, Family: fam})
	}
	for _, c := range others {
		if c.dim == 0 {
			pts, err := red.pointsInAll(ctx, c.basis, F, nonzero, opt)
			if err != nil {
				return nil, err
			}
			out.Components = append(out.Components, &Component{Basis: c.basis, Irreducible: true, Degree: len(pts), Points: pts})
			continue
		}
		sub := *c.solved
		sub.Basis = c.basis
		fam, err := red.liftAlgebraic(ctx, &sub, F, nonzero, true)
		if err != nil {
			return nil, err
		}
		out.Components = append(out.Components, &Component{Basis: c.basis, Dimension: c.dim, Irreducible: c.prime,
			Degree: fam.Degree, Family: fam})
	}
	sortComponents(out.Components)
	return out, nil
}

// dropInside removes the repeated rational families and every component
// proved to lie inside another: a rational family in the closure of a
// larger one (insideGraph), in the zeros of another component's prime
// (insideBasis), or on which a nonzero divisor modulo G vanishes
// (zeroOfNonZeroDivisor); another component in the closure of a larger
// rational family (basisInsideGraph). The others are minimal among
// themselves already.
func (d *decomposer) dropInside(rats []*Family, others []*component, G []*poly.Poly) ([]*Family, []*component, error) {
	ctx := d.ctx
	slices.SortStableFunc(rats, func(a, b *Family) int { return len(b.Parameters) - len(a.Parameters) })
	var keptRats []*Family
	seen := map[string]bool{}
	for _, a := range rats {
		key := familyKey(a)
		if seen[key] {
			continue
		}
		seen[key] = true
		inside := false
		for _, b := range keptRats {
			if len(b.Parameters) <= len(a.Parameters) {
				continue
			}
			ok, err := insideGraph(ctx, a, b)
			if err != nil {
				return nil, nil, err
			}
			if inside = ok; inside {
				break
			}
		}
		for _, c := range others {
			if inside || c.dim < len(a.Parameters) {
				continue
			}
			ok, err := insideBasis(ctx, a, c.basis)
			if err != nil {
				return nil, nil, err
			}
			inside = ok
		}
		if !inside {
			ok, err := d.zeroOfNonZeroDivisor(a, keptRats, G)
			if err != nil {
				return nil, nil, err
			}
			inside = ok
		}
		if !inside {
			keptRats = append(keptRats, a)
		}
	}
	var keptOthers []*component
	for _, c := range others {
		inside := false
		for _, b := range keptRats {
			if len(b.Parameters) <= c.dim || len(c.basis) == 0 {
				continue
			}
			ok, err := basisInsideGraph(c.basis, b)
			if err != nil {
				return nil, nil, err
			}
			if inside = ok; inside {
				break
			}
		}
		if !inside && len(c.basis) > 0 {
			in := func(q *poly.Poly) (bool, error) { return groebner.IsMember(q, c.basis), nil }
			ok, err := d.holdsNonZeroDivisor(in, c.dim, keptRats, G)
			if err != nil {
				return nil, nil, err
			}
			inside = ok
		}
		if !inside {
			keptOthers = append(keptOthers, c)
		}
	}
	return keptRats, keptOthers, nil
}

// zeroOfNonZeroDivisor reports whether it proves that the rational
// family a is no component of the zeros of G (the remaining system's
// saturated basis): some irreducible factor q of a denominator of a larger
// family vanishes on a, and q is a nonzero divisor modulo G. Every element
// of a minimal prime of G is a zero divisor modulo G, so the prime of a,
// which holds q, is not one: a lies inside a component. This decides the
// parts of a family's closure where its own formulas have poles, which
// insideGraph cannot; the proof (groebner.IsNonZeroDivisor) runs without a
// clock of its own, so that its outcome is the same on any machine.
func (d *decomposer) zeroOfNonZeroDivisor(a *Family, larger []*Family, G []*poly.Poly) (bool, error) {
	avals := familyValues(a)
	vanishes := func(q *poly.Poly) (bool, error) {
		zero, err := field.Vanishes(d.ctx, q, avals)
		if err != nil {
			return false, limitErr(err)
		}
		return zero, nil
	}
	return d.holdsNonZeroDivisor(vanishes, len(a.Parameters), larger, G)
}

// holdsNonZeroDivisor reports whether it proves that a component of
// dimension dim, on which vanishes decides whether a polynomial vanishes,
// is no component of the zeros of G: some irreducible factor of a
// denominator of a larger rational family vanishes on it and is a nonzero
// divisor modulo G (see zeroOfNonZeroDivisor).
func (d *decomposer) holdsNonZeroDivisor(vanishes func(*poly.Poly) (bool, error), dim int, larger []*Family, G []*poly.Poly) (bool, error) {
	if len(G) == 0 {
		return false, nil
	}
	tried := map[string]bool{}
	for _, b := range larger {
		if len(b.Parameters) <= dim {
			continue
		}
		for _, v := range b.Values {
			if v.Parameter || v.Den.IsConst() {
				continue
			}
			fz, err := d.factorsOf(v.Den)
			if err != nil {
				return false, err
			}
			for _, q := range fz.factors {
				key := q.Monic().String()
				if tried[key] {
					continue
				}
				tried[key] = true
				zero, err := vanishes(q)
				if err != nil {
					return false, err
				}
				if !zero {
					continue
				}
				ok, err := groebner.IsNonZeroDivisor(d.ctx, G, q, d.lim)
				if err != nil {
					return false, err
				}
				if ok {
					return true, nil
				}
			}
		}
	}
	return false, nil
}

// componentInsideGraph reports whether it proves that the component c of
// the remaining system (ring sub), proved prime and written by its basis
// in some of the remaining numbers and its family's formulas for the
// others, lies in the closure of the rational family b: b's graph
// equations, with those formulas substituted, lie in c's ideal, and none
// of b's denominators does.
func componentInsideGraph(ctx context.Context, c *Component, b *Family, sub *poly.Ring) (bool, error) {
	if !c.Irreducible || len(c.Basis) == 0 || c.Family == nil {
		return false, nil
	}
	B := c.Basis[0].Ring()
	byName := map[string]*Value{}
	for _, v := range c.Family.Values {
		byName[v.Name] = v
	}
	vals := make([]*field.Frac, sub.NumVars())
	for i := range vals {
		name := sub.VarName(i)
		if x := B.VarNamed(name); x != nil {
			vals[i] = field.FromPoly(x)
			continue
		}
		v := byName[name]
		if v == nil || v.Num == nil || (v.Degree != 1 && !v.InNumbers) {
			return false, nil
		}
		rf, err := field.Raw(v.Num, v.Den).ToRing(B)
		if err != nil {
			return false, nil
		}
		vals[i] = rf
	}
	return onGraph(ctx, b, vals, func(p *poly.Poly) bool { return groebner.IsMember(p, c.Basis) })
}

// primeOfRemaining returns the component c of the remaining system with
// its prime ideal in d's ring (the remaining numbers): c's own basis when
// it is in those numbers, or else the saturated basis G with c's basis and
// the formulas den x - num of the numbers c's family gives, saturated by
// the conditions and those denominators. nil: no component (the unit
// ideal).
func (d *decomposer) primeOfRemaining(c *Component, G []*poly.Poly) (*component, error) {
	if len(c.Basis) > 0 && sameNumbers(c.Basis[0].Ring(), d.ring) {
		B, err := poly.ToRingAll(c.Basis, d.ring)
		if err != nil {
			return nil, err
		}
		dim, indep := d.dimension(B)
		comp := &component{basis: B, dim: dim, indep: indep, prime: c.Irreducible, degree: c.Degree}
		if c.Family != nil || len(c.Points) > 0 {
			comp.solved = c
		}
		return comp, nil
	}
	if c.Family == nil {
		return nil, fmt.Errorf("%w: points of a case in other numbers than the system's", ErrInternal)
	}
	// G (the remaining system's saturated basis) with c's basis and
	// formulas cuts out c's graph at once; without G the saturation by the
	// denominators took several times longer on a 4x4 grid's component.
	gens := slices.Clone(G)
	if len(c.Basis) > 0 {
		B, err := poly.ToRingAll(c.Basis, d.ring)
		if err != nil {
			return nil, err
		}
		gens = append(gens, B...)
	}
	conds := slices.Clone(d.nonzero)
	for _, v := range c.Family.Values {
		if v.Parameter || v.Num == nil || (v.Degree != 1 && !v.InNumbers) {
			continue
		}
		x, rf, err := d.valueInRing(v)
		if err != nil {
			return nil, err
		}
		gens = append(gens, graphEquation(&Value{Name: d.ring.VarName(x), Num: rf.Num(), Den: rf.Den()}))
		if !rf.Den().IsConst() {
			conds = append(conds, rf.Den())
		}
	}
	P, err := groebner.SaturateAll(d.ctx, gens, conds, d.lim)
	if err != nil {
		return nil, err
	}
	if isUnit(P) {
		return nil, nil
	}
	dim, indep := d.dimension(P)
	return &component{basis: P, dim: dim, indep: indep, prime: c.Irreducible, degree: c.Degree}, nil
}

// pointsInAll solves the zero-dimensional component with prime P of the
// remaining system in all the numbers: P with the pivot equations,
// saturated by the original conditions, is its prime there.
func (red *Reduction) pointsInAll(ctx context.Context, P, F, nonzero []*poly.Poly, opt Options) ([]*Point, error) {
	gens, err := poly.ToRingAll(P, red.Ring)
	if err != nil {
		return nil, err
	}
	all, err := groebner.SaturateAll(ctx, append(gens, red.Pivots...), nonzero, opt.Limits)
	if err != nil {
		return nil, err
	}
	res, err := Solve(ctx, F, nonzero, Options{Limits: opt.Limits, Digits: opt.Digits, Saturated: all, MaxCases: opt.MaxCases})
	if err != nil {
		return nil, err
	}
	return res.Points(), nil
}

// newDecomposer returns a decomposer of the system in the grevlex ring r
// with its nonzero conditions.
func newDecomposer(ctx context.Context, opt Options, r *poly.Ring, nonzero []*poly.Poly) *decomposer {
	if opt.MaxCases == 0 {
		opt.MaxCases = MaxCases
	}
	return &decomposer{
		ctx: ctx, lim: opt.Limits, ring: r, nonzero: nonzero,
		factors: &poly.Map[factored]{}, eliminants: map[string]*poly.Poly{}, maxCases: opt.MaxCases,
	}
}

// MaxCases is the default bound of Options.MaxCases: the cases a
// decomposition may split into before it stops with a LimitCases error.
const MaxCases = 4096

// sameNumbers reports whether the rings a and b have the same numbers in
// the same order.
func sameNumbers(a, b *poly.Ring) bool {
	if a.NumVars() != b.NumVars() {
		return false
	}
	for v := range a.NumVars() {
		if a.VarName(v) != b.VarName(v) {
			return false
		}
	}
	return true
}

// PrimeInAll returns the reduced grevlex basis, in all the numbers of
// red.Ring, of the prime ideal of a component that Canonical wrote in the
// remaining numbers: its basis with the pivot equations, saturated by
// nonzero (the original conditions, in red.Ring) and, for a basis over the
// parameters, by the denominators of its equations. Canonical does not
// compute it: on 4x4 grids the saturation by a denominator can take
// minutes (Singular's quotient by one such took 118 s), while the basis
// in the remaining numbers names the component as well. Cost: one
// saturation in all the numbers per condition.
func (red *Reduction) PrimeInAll(ctx context.Context, c *Component, nonzero []*poly.Poly, lim groebner.Limits) ([]*poly.Poly, error) {
	if len(c.Basis) > 0 && sameNumbers(c.Basis[0].Ring(), red.Ring) {
		return c.Basis, nil
	}
	gens, err := poly.ToRingAll(c.Basis, red.Ring)
	if err != nil {
		return nil, err
	}
	conds, err := poly.ToRingAll(nonzero, red.Ring)
	if err != nil {
		return nil, err
	}
	if c.BasisOverParameters && c.Family != nil {
		for _, v := range c.Family.Values {
			if _, kept := red.Sub.VarIndex(v.Name); kept && !v.Parameter && !v.Den.IsConst() {
				den, err := v.Den.ToRing(red.Ring)
				if err != nil {
					return nil, err
				}
				conds = append(conds, den)
			}
		}
	}
	return groebner.SaturateAll(ctx, append(gens, red.Pivots...), conds, lim)
}
