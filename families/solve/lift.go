package solve

// Lifting: families found for a Reduction's remaining numbers written in
// all the original numbers, through the eliminations' values, and checked
// against the original equations and conditions.

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/parallel"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// valuesAt returns the values of all numbers of Ring, indexed as Ring,
// where the numbers of Sub take the values sub (indexed as Sub). Each
// eliminated number, the last eliminated first, is computed from its pivot
// a x + b, x = -b/a at the numbers valued before it, or from its composed
// formula in Eliminated, written in Sub's numbers. Neither wins
// everywhere, and no estimate of their cost picked the winner: on a 4x4
// grid the formula reached degree 80 in eight numbers (6 s for one number,
// over 19 s for another) where the pivots, a few terms each, took
// milliseconds; on a 5x5 grid one pivot's gcds took 6.6 s where the
// formulas took 1.2 s for all numbers, though its estimate (substCost)
// was a hundredth of the formula's: the time went into gcds. So a number
// with a way that costs over field.ParallelTerms term products is computed
// both ways at once, and the first result is taken; one whose ways are
// both cheap (every number of a 3x3 grid) the cheaper way. a is nonzero
// on every family: a monomial in numbers that are nonzero, or a condition
// of the case (Reduction).
func (red *Reduction) valuesAt(ctx context.Context, sub []*field.Frac) ([]*field.Frac, error) {
	vals := make([]*field.Frac, red.Ring.NumVars())
	for v := range vals {
		if i, ok := red.Sub.VarIndex(red.Ring.VarName(v)); ok {
			vals[v] = sub[i]
		}
	}
	for k := len(red.Eliminated) - 1; k >= 0; k-- {
		e, f := red.Eliminated[k], red.Pivots[k]
		a := coefficientOf(f, e.Var, 1)
		b := new(poly.Poly).Sub(f, new(poly.Poly).Mul(a, red.Ring.Var(e.Var)))
		// The pivot's way gets its own copy of vals: the loser of firstOf
		// may still read it while the winner's value is stored.
		pivot := elimQuotient{b.Neg(b), a, slices.Clone(vals)}
		formula := elimQuotient{e.Num, e.Den, sub}
		cp, cf := pivot.cost(), formula.cost()
		var err error
		switch {
		case max(cp, cf) > field.ParallelTerms:
			vals[e.Var], err = firstOf(ctx, pivot, formula)
		case cf < cp:
			vals[e.Var], err = formula.value(ctx)
		default:
			vals[e.Var], err = pivot.value(ctx)
		}
		if err != nil {
			return nil, err
		}
		if vals[e.Var].Den().IsZero() {
			return nil, fmt.Errorf("%w: the denominator of %s vanishes on a family", ErrInternal, e.Name)
		}
	}
	return vals, nil
}

// An elimQuotient is num/den to be evaluated at vals.
type elimQuotient struct {
	num, den *poly.Poly
	vals     []*field.Frac
}

func (q elimQuotient) cost() float64 {
	return field.SubstCost(q.num, q.vals) + field.SubstCost(q.den, q.vals)
}

// value returns num/den at vals; the two are substituted at once, as each
// can take seconds. A denominator that vanishes gives a zero den.
func (q elimQuotient) value(ctx context.Context) (*field.Frac, error) {
	parts := []*poly.Poly{q.num, q.den}
	var at [2]*field.Frac
	err := parallel.Each(ctx, 2, func(i int) error {
		var err error
		at[i], err = field.SubstContext(ctx, parts[i], q.vals)
		return err
	})
	if err != nil {
		return nil, limitErr(err)
	}
	if at[1].Num().IsZero() {
		return field.Raw(at[1].Num(), at[1].Num()), nil
	}
	v, err := new(field.Frac).QuoContext(ctx, at[0], at[1])
	if err != nil {
		return nil, limitErr(err)
	}
	return v, nil
}

// firstOf returns the value of whichever of two quotients with the same
// value comes first, and stops the other.
func firstOf(ctx context.Context, x, y elimQuotient) (*field.Frac, error) {
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		v   *field.Frac
		err error
	}
	done := make(chan result, 2)
	for _, q := range []elimQuotient{x, y} {
		go func() {
			v, err := q.value(rctx)
			done <- result{v, err}
		}()
	}
	first := <-done
	if first.err == nil {
		return first.v, nil
	}
	if second := <-done; second.err == nil {
		return second.v, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, limitErr(err)
	}
	return nil, first.err
}

// Free returns the decomposition of a Reduction without remaining
// equations: one rational family whose parameters are the numbers of Sub.
func (red *Reduction) Free() *Result {
	f := &Family{Kind: Rational, Polynomial: true, Degree: 1}
	for v := range red.Sub.NumVars() {
		f.Parameters = append(f.Parameters, red.Sub.VarName(v))
		f.Values = append(f.Values, &Value{Name: red.Sub.VarName(v), Parameter: true, Num: red.Sub.Var(v), Den: red.Sub.One(), Degree: 1})
	}
	return &Result{Components: []*Component{{Dimension: red.Sub.NumVars(), Irreducible: true, Degree: 1, Family: f}}}
}

// Lift writes a decomposition of the remaining system (Solve on F and
// Nonzero, or Free) in the numbers of Ring: each family gains the
// eliminated numbers as rational functions of its parameters and is
// verified again by substitution into the original equations F and
// conditions nonzero (of Ring). A component's Basis stays the basis of its
// ideal in the remaining numbers, in their own ring. ok is false when some component is not a
// rational family (an algebraic family or points), which Lift leaves to the
// caller. Cost: one composition per eliminated number and family, and the
// verification.
func (red *Reduction) Lift(res *Result, F, nonzero []*poly.Poly) (out *Result, ok bool, err error) {
	return red.LiftContext(context.Background(), res, F, nonzero)
}

// LiftContext is Lift, stopping with a *groebner.LimitError when ctx is
// done.
func (red *Reduction) LiftContext(ctx context.Context, res *Result, F, nonzero []*poly.Poly) (out *Result, ok bool, err error) {
	return red.liftContext(ctx, res, F, nonzero, true)
}

// liftContext is LiftContext; with verify false it does not substitute
// the families into F and nonzero, for a caller that verifies
// the end result against the system it was asked to solve (SolveCases):
// checking every level of nested substitutions repeats that work once
// per level.
func (red *Reduction) liftContext(ctx context.Context, res *Result, F, nonzero []*poly.Poly, verify bool) (out *Result, ok bool, err error) {
	if F, err = poly.ToRingAll(F, red.Ring); err != nil {
		return nil, false, err
	}
	if nonzero, err = poly.ToRingAll(nonzero, red.Ring); err != nil {
		return nil, false, err
	}
	out = &Result{}
	for _, c := range res.Components {
		if c.Family == nil {
			return nil, false, nil
		}
		var fam *Family
		if c.Family.Kind == Rational {
			if fam, err = red.liftFamily(ctx, c.Family); err != nil {
				return nil, false, err
			}
			if verify {
				if err := verifyFamily(ctx, fam, nil, F, nonzero); err != nil {
					return nil, false, err
				}
			}
		} else if fam, err = red.liftAlgebraic(ctx, c, F, nonzero, verify); err != nil {
			return nil, false, err
		}
		// The basis stays in its own ring, that of the numbers no
		// substitution eliminated: liftAlgebraic relies on it.
		out.Components = append(out.Components, &Component{Basis: c.Basis, Dimension: c.Dimension,
			Irreducible: c.Irreducible, Degree: c.Degree, Family: fam})
	}
	return out, true, nil
}

func (red *Reduction) liftFamily(ctx context.Context, f *Family) (*Family, error) {
	vals := make([]*field.Frac, red.Sub.NumVars())
	for _, v := range f.Values {
		i, ok := red.Sub.VarIndex(v.Name)
		if !ok {
			return nil, fmt.Errorf("%w: family number %s not in %s", ErrInternal, v.Name, red.Sub)
		}
		var err error
		if vals[i], err = field.Raw(v.Num, v.Den).ToRing(red.Sub); err != nil {
			return nil, err
		}
	}
	all, err := red.valuesAt(ctx, vals)
	if err != nil {
		return nil, err
	}
	out := &Family{Parameters: f.Parameters, Kind: Rational, Polynomial: true, Degree: 1}
	for v := range red.Ring.NumVars() {
		name := red.Ring.VarName(v)
		_, kept := red.Sub.VarIndex(name)
		rf, err := all[v].ToRing(red.Ring)
		if err != nil {
			return nil, err
		}
		if !rf.Den().IsConst() {
			out.Polynomial = false
		}
		out.Values = append(out.Values, &Value{Name: name, Parameter: slices.Contains(f.Parameters, name) && kept,
			Num: rf.Num(), Den: rf.Den(), Degree: 1})
	}
	return out, nil
}

// liftAlgebraic writes the algebraic family of component c of the
// remaining system in all numbers: each eliminated number as a rational
// function of the base numbers, those of the ring of c's basis, which no
// substitution (at this level or a deeper one) eliminated (Value.InNumbers).
// It verifies the result: every original equation with the eliminated
// numbers substituted lies in the component's ideal, and no original
// condition does.
func (red *Reduction) liftAlgebraic(ctx context.Context, c *Component, F, nonzero []*poly.Poly, verify bool) (*Family, error) {
	if len(c.Basis) == 0 {
		return nil, fmt.Errorf("%w: algebraic family without a basis", ErrInternal)
	}
	B := c.Basis[0].Ring()
	byName := map[string]*Value{}
	for _, v := range c.Family.Values {
		byName[v.Name] = v
	}
	// inBase returns number name of Sub as a function of the base numbers.
	inBase := func(name string) (*field.Frac, error) {
		if x := B.VarNamed(name); x != nil {
			return field.FromPoly(x), nil
		}
		v := byName[name]
		if v == nil || !v.InNumbers {
			return nil, fmt.Errorf("%w: number %s of an algebraic family is neither base nor eliminated", ErrInternal, name)
		}
		return field.Raw(v.Num, v.Den).ToRing(B)
	}
	subVals := make([]*field.Frac, red.Sub.NumVars())
	for i := range subVals {
		var err error
		if subVals[i], err = inBase(red.Sub.VarName(i)); err != nil {
			return nil, err
		}
	}
	vals, err := red.valuesAt(ctx, subVals)
	if err != nil {
		return nil, err
	}
	if verify {
		if err := checkAlgebraic(ctx, c, vals, F, nonzero); err != nil {
			return nil, err
		}
	}
	out := &Family{Parameters: c.Family.Parameters, Kind: Algebraic, Degree: c.Family.Degree}
	for v := range red.Ring.NumVars() {
		name := red.Ring.VarName(v)
		if w := byName[name]; w != nil && !w.InNumbers {
			val := *w
			if val.Degree == 1 {
				rf, err := field.Raw(val.Num, val.Den).ToRing(red.Ring)
				if err != nil {
					return nil, err
				}
				val.Num, val.Den = rf.Num(), rf.Den()
			}
			out.Values = append(out.Values, &val)
			continue
		}
		rf, err := vals[v].ToRing(red.Ring)
		if err != nil {
			return nil, err
		}
		out.Values = append(out.Values, &Value{Name: name, Num: rf.Num(), Den: rf.Den(), InNumbers: true})
	}
	return out, nil
}

// checkAlgebraic verifies the values vals of the numbers of F's ring, in
// the ring of the base numbers of component c: every equation of F with
// them substituted lies in c's ideal, and no condition of nonzero does.
func checkAlgebraic(ctx context.Context, c *Component, vals []*field.Frac, F, nonzero []*poly.Poly) error {
	// One index per equation, then per condition.
	all := slices.Concat(F, nonzero)
	err := parallel.Each(ctx, len(all), func(i int) error {
		eq, p := i < len(F), all[i]
		r, err := field.SubstNumerator(ctx, p, vals)
		if err != nil {
			return limitErr(err)
		}
		switch member := groebner.IsMember(r, c.Basis); {
		case eq && !member:
			return fmt.Errorf("%w: %s = 0 does not hold on the lifted family in %v", ErrInternal, p, c.Family.Parameters)
		case !eq && member:
			return fmt.Errorf("%w: nonzero condition %s vanishes on the lifted family in %v", ErrInternal, p, c.Family.Parameters)
		}
		return nil
	})
	if !groebner.IsLimit(err) && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		// The context ended between two checks.
		return limitErr(err)
	}
	return err
}
