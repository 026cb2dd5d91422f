package families

import (
	"context"

	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// analyzeReduced analyzes the system through its Reduction (numbers
// eliminated by substitution): the saturated basis, class, dimension and
// decomposition of the remaining system, whose components are then written
// in all numbers in their canonical form (solve.Reduction.Canonical). A
// finite system goes on to the saturated basis in all numbers, from the
// remaining basis and the pivot equations, which is cheap in the
// zero-dimensional case; its report is then the unreduced one.
func (r *Report) analyzeReduced(ctx context.Context, red *solve.Reduction, opt Options) {
	sys := r.system
	for _, e := range red.Eliminated {
		r.Substituted = append(r.Substituted, e.String())
	}
	if red.Inconsistent {
		r.Substituted = nil
		r.finish(ctx, []*poly.Poly{sys.Ring.One()}, opt)
		return
	}
	r.stage(opt, "saturated basis")
	var G []*poly.Poly
	if len(red.F) > 0 {
		var err error
		if G, err = groebner.SaturateAll(ctx, red.F, red.Nonzero, opt.Limits); err != nil {
			r.fail(err, "")
			return
		}
	}
	dim, indep := len(red.Sub.Vars()), allVars(red.Sub)
	if len(G) > 0 {
		dim, indep = groebner.Dimension(G)
	}
	if dim <= 0 {
		r.full(ctx, red, G, opt)
		return
	}
	r.basis = nil
	for _, g := range G {
		r.Basis = append(r.Basis, g.String())
	}
	r.classify(dim, G)
	for _, v := range indep {
		r.Independent = append(r.Independent, red.Sub.VarName(v))
	}
	if opt.NoFamilies {
		return
	}
	r.stage(opt, "decomposition")
	canon, err := red.Decompose(ctx, G, sys.Polys(), sys.Nonzero, solve.Options{Limits: opt.Limits})
	if err != nil {
		r.fail(err, "families: ")
		return
	}
	r.setResult(ctx, canon)
	if opt.ProveComplete && r.Error == "" {
		if len(red.F) == 0 {
			// No equations remain: the one component is every point.
			G = nil
		}
		primes := r.proveComplete(ctx, G, func(ctx context.Context) ([][]*poly.Poly, error) {
			primes := make([][]*poly.Poly, len(canon.Components))
			for i, c := range canon.Components {
				var err error
				if primes[i], err = red.PrimeInRemaining(ctx, c, G, solve.ProofLimits); err != nil {
					return nil, err
				}
			}
			return primes, nil
		}, opt)
		if primes == nil {
			return
		}
		// The primes the proof needed name the rational families as every
		// other component is named: by a reduced grevlex basis.
		k := 0
		for i, c := range canon.Components {
			if c.Family == nil {
				continue
			}
			if c.BasisOverParameters {
				r.Families[k].Basis, r.Families[k].BasisOverParameters = polyStrings(primes[i]), false
			}
			k++
		}
	}
}

// full computes the saturated basis in all numbers from the remaining
// basis G and the pivot equations, saturated by the original conditions,
// and finishes the report from it as the unreduced analysis does.
func (r *Report) full(ctx context.Context, red *solve.Reduction, G []*poly.Poly, opt Options) {
	sys := r.system
	r.stage(opt, "basis in all numbers")
	gens, err := poly.ToRingAll(G, red.Ring)
	if err == nil && len(G) == 0 {
		gens, err = poly.ToRingAll(red.F, red.Ring)
	}
	if err != nil {
		r.fail(err, "")
		return
	}
	gens = append(gens, red.Pivots...)
	if gens, err = poly.ToRingAll(gens, sys.Ring); err != nil {
		r.fail(err, "")
		return
	}
	full, err := groebner.SaturateAll(ctx, gens, sys.Nonzero, opt.Limits)
	if err != nil {
		r.fail(err, "")
		return
	}
	r.Substituted, r.Basis, r.Independent = nil, nil, nil
	r.finish(ctx, full, opt)
}

func allVars(r *poly.Ring) []int {
	out := make([]int, r.NumVars())
	for i := range out {
		out[i] = i
	}
	return out
}

// polyStrings returns the polynomials as text.
func polyStrings(ps []*poly.Poly) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
