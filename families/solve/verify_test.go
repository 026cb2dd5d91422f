package solve

import (
	"context"
	"fmt"
	"slices"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// The tests' checks of raw case results (solveCases, triangular), which
// Reduction.Decompose verifies only once written canonically.

// lifted reports whether an algebraic family has numbers written as
// functions of the others by a substitution (Value.InNumbers).
func lifted(f *Family) bool {
	return slices.ContainsFunc(f.Values, func(v *Value) bool { return v.InNumbers })
}

// checkLifted verifies an algebraic family that liftAlgebraic wrote in
// the numbers of F's ring (its Basis in the base numbers) against F and
// nonzero, as liftAlgebraic does.
func checkLifted(ctx context.Context, c *Component, F, nonzero []*poly.Poly) error {
	if len(c.Basis) == 0 || len(F) == 0 {
		return fmt.Errorf("%w: algebraic family without a basis", ErrInternal)
	}
	B := c.Basis[0].Ring()
	r := F[0].Ring()
	byName := map[string]*Value{}
	for _, v := range c.Family.Values {
		byName[v.Name] = v
	}
	vals := make([]*field.Frac, r.NumVars())
	for i := range vals {
		name := r.VarName(i)
		if x := B.VarNamed(name); x != nil {
			vals[i] = field.FromPoly(x)
			continue
		}
		v := byName[name]
		if v == nil || !v.InNumbers {
			return fmt.Errorf("%w: number %s of an algebraic family is neither base nor eliminated", ErrInternal, name)
		}
		var err error
		if vals[i], err = field.Raw(v.Num, v.Den).ToRing(B); err != nil {
			return err
		}
	}
	return checkAlgebraic(ctx, c, vals, F, nonzero)
}
