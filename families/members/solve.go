package members

import (
	"context"
	"fmt"
	"math/big"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// FromSolve returns the families of a decomposition by the family solver
// in the ring of the grid's numbers: every rational family, and every
// rational point of a finite component as a family without parameters.
// Irrational points have no integer members. Algebraic families are left
// out too, although they may have integer members: a Family gives every
// number as a rational function of the parameters, which an algebraic
// family has not, so their members are not searched. When nothing is left
// out, the families record that they are the whole solution set, which
// lets a Source without the saturated basis test the symmetries of the
// grid against them. Cost: O(size of the formulas).
func FromSolve(ring *poly.Ring, res *solve.Result) ([]*Family, error) {
	var out []*Family
	whole := true
	for _, c := range res.Components {
		if c.Family != nil && c.Family.Kind != solve.Rational {
			whole = false
		}
		if f := c.Family; f != nil && f.Kind == solve.Rational {
			num := make([]*poly.Poly, ring.NumVars())
			den := make([]*poly.Poly, ring.NumVars())
			for _, v := range f.Values {
				i, ok := ring.VarIndex(v.Name)
				if !ok {
					return nil, fmt.Errorf("members: the family's number %s is not in %s", v.Name, ring)
				}
				var err error
				if num[i], err = v.Num.ToRing(ring); err != nil {
					return nil, err
				}
				if den[i], err = v.Den.ToRing(ring); err != nil {
					return nil, err
				}
			}
			fam, err := NewFamily(ring, f.Parameters, num, den)
			if err != nil {
				return nil, err
			}
			out = append(out, fam)
		}
		for _, p := range c.Points {
			if p.Class != solve.ClassRational {
				whole = false
				continue
			}
			vals := make([]*big.Rat, ring.NumVars())
			for _, x := range p.Numbers {
				i, ok := ring.VarIndex(x.Name)
				if !ok {
					return nil, fmt.Errorf("members: the point's number %s is not in %s", x.Name, ring)
				}
				vals[i] = x.Rat
			}
			fam, err := NewPoint(ring, vals)
			if err != nil {
				return nil, err
			}
			out = append(out, fam)
		}
	}
	for _, f := range out {
		f.whole = whole
	}
	return out, nil
}

// FromReport makes the source of a setting that families.Analyze has
// analyzed, with the families FromSolve takes from the report's
// decomposition; when the report has none (families.Options.NoFamilies),
// the family solver runs here, from the report's saturated basis. A
// report of class timeout or error is an error. Cost: at most one
// decomposition (see solve.Solve), bounded by opt.Limits.
func FromReport(ctx context.Context, rep *families.Report, opt families.Options) (*Source, error) {
	if rep.Error != "" {
		return nil, fmt.Errorf("members: the analysis ended in %s: %s", rep.Class, rep.Error)
	}
	sys := rep.System()
	src, err := NewSource(rep.Setting(), opt.Lines, opt.Eval, sys, rep.BasisPolys(), nil)
	if err != nil {
		return nil, err
	}
	src.Limits = opt.Limits
	if rep.Class == families.ClassInconsistent {
		return src, nil
	}
	res := rep.Result()
	if res == nil {
		if res, err = solve.Solve(ctx, sys.Polys(), sys.Nonzero, solve.Options{Limits: opt.Limits, Saturated: rep.BasisPolys()}); err != nil {
			return nil, err
		}
	}
	if src.Families, err = FromSolve(sys.Ring, res); err != nil {
		return nil, err
	}
	return src, nil
}

// Analyze makes the source of a concrete setting: families.Analyze
// computes its system and saturated basis, and FromReport its families.
// Cost: one saturated basis and one decomposition.
func Analyze(ctx context.Context, s *grid.Setting, opt families.Options) (*Source, error) {
	rep, err := families.Analyze(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	return FromReport(ctx, rep, opt)
}
