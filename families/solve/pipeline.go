package solve

import (
	"context"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// The one path from a system to its components, for a system reduced by
// substitution: Reduce, the saturated basis of the remaining system, the
// cases of that system (solveCases), their canonical form written in all
// numbers and verified once (Canonical). families.Analyze takes the same
// steps one by one, to report each; SolveCases takes them at once.

// Decompose decomposes the remaining system of red, whose reduced
// saturated grevlex basis is G (nil when no equation remains), and
// returns its components in their canonical form in all the numbers of
// red.Ring (Canonical), every family verified against F and nonzero, the
// original system. Cost: the cases of the remaining system (substitutions
// and splits, two strategies raced), then Canonical's.
func (red *Reduction) Decompose(ctx context.Context, G, F, nonzero []*poly.Poly, opt Options) (*Result, error) {
	res := red.Free()
	if len(red.F) > 0 {
		var err error
		if res, err = solveCases(ctx, red.F, red.Nonzero, G, opt); err != nil {
			return nil, err
		}
	}
	return red.Canonical(ctx, res, G, F, nonzero, opt)
}

// SolveCases decomposes the zeros of F on which no polynomial of nonzero
// vanishes as CRACK does (T. Wolf, 2010): numbers eliminated by
// substitution (Reduce), then cases split on factors and on linear
// elements of the saturated basis instead of bases in block orders, whose
// cost grows with the number of free parameters (solveCases). The result
// is canonical (Reduction.Decompose): each component once, rational
// families in their canonical parameters, in the ring of F. An
// inconsistent system has no components. Errors: a
// *groebner.LimitError, bad input, or one wrapping ErrInternal when a
// family fails its verification.
func SolveCases(ctx context.Context, F, nonzero []*poly.Poly, opt Options) (*Result, error) {
	red, err := Reduce(ctx, F, nonzero)
	if err != nil {
		return nil, err
	}
	if red.Inconsistent {
		return &Result{}, nil
	}
	var G []*poly.Poly
	if len(red.F) > 0 {
		if G, err = groebner.SaturateAll(ctx, red.F, red.Nonzero, opt.Limits); err != nil {
			return nil, err
		}
		if isUnit(G) {
			return &Result{}, nil
		}
	}
	return red.Decompose(ctx, G, F, nonzero, opt)
}
