package solve

import (
	"slices"

	"github.com/families-project/families/poly"
)

// zeroDim is a zero-dimensional prime component: its quotient algebra and
// a primitive element θ with minimal polynomial of degree D.
type zeroDim struct {
	quo   *quotient
	theta *krylov
}

// refineZero proves the zero-dimensional case G prime or splits it: the
// minimal polynomial of a variable or of a linear form either factors (one
// case per factor) or is irreducible of degree D = dim Q[X]/G, and then
// Q[X]/G is a field.
func (d *decomposer) refineZero(G, extra []*poly.Poly) error {
	q, ok := newQuotient(d.ring, G)
	if !ok {
		d.record(&component{basis: G, dim: 0})
		return nil
	}
	D := q.dim()
	n := d.ring.NumVars()
	// The last variables are the likeliest primitive elements: grevlex
	// bases of zero-dimensional ideals keep them in the standard monomials.
	var thetas []*poly.Poly
	for v := n - 1; v >= 0; v-- {
		thetas = append(thetas, d.ring.Var(v))
	}
	all := make([]int, n)
	for i := range all {
		all[i] = n - 1 - i
	}
	for try := 1; try <= 6; try++ {
		thetas = append(thetas, linearForm(d.ring, all, try))
	}
	for _, th := range thetas {
		k, err := q.krylov(d.ctx, th)
		if err != nil {
			return err
		}
		m := uniPoly("t", k.min)
		fz, err := d.factorsOf(m)
		if err != nil {
			return err
		}
		if fz.splits() {
			back := make([]*poly.Poly, len(fz.factors))
			for i, f := range fz.factors {
				back[i] = horner(uniCoeffs(f), th)
			}
			if len(back) == 1 {
				return d.split(append(slices.Clone(G), back[0]), extra, false)
			}
			return d.branch(G, extra, back)
		}
		if k.degree() == D {
			d.record(&component{basis: G, dim: 0, prime: true, degree: D, zero: &zeroDim{quo: q, theta: k}})
			return nil
		}
	}
	d.record(&component{basis: G, dim: 0, degree: D})
	return nil
}
