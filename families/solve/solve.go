package solve

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// Options bounds and tunes Solve.
type Options struct {
	// Limits bounds every Gröbner basis; its Timeout bounds the whole of
	// Solve. A limit gives a *groebner.LimitError.
	Limits groebner.Limits
	// Digits is the number of correct significant digits of the values of
	// algebraic solutions: 50 when zero, never less.
	Digits int
	// Saturated is the reduced grevlex basis of the system saturated by
	// its nonzero conditions, when the caller has it: Solve then starts
	// from it instead of computing it again.
	Saturated []*poly.Poly
	// MaxCases bounds the cases of the decomposition (default: the
	// constant MaxCases).
	MaxCases int
	// strategy selects solveCases's strategies (tests only).
	strategy strategy
}

// A Result is the decomposition of a system into components.
type Result struct {
	// Components are the components of the solutions, largest dimension
	// first, then by degree: irreducible, except those whose Irreducible
	// is false.
	Components []*Component
}

// A Component is a component of the solutions of a system with its
// nonzero conditions: the zeros of a prime ideal when Irreducible is set.
type Component struct {
	// Basis is the reduced grevlex basis of the component's ideal, unless
	// BasisOverParameters is set.
	Basis []*poly.Poly
	// BasisOverParameters reports a rational family's Basis written by
	// Reduction.Canonical: the reduced Gröbner basis of its prime ideal
	// over the field of its parameters, den x - num for every other
	// number of the remaining system, which names the component as its
	// grevlex basis would, at a fraction of the cost.
	BasisOverParameters bool
	Dimension           int
	// Irreducible reports that the decomposition proved the ideal prime,
	// so that the component is irreducible. It is false only for a
	// component of positive dimension whose proof gave up (an extension
	// of degree beyond 4096 over the parameters, or no primitive element
	// among the linear forms tried): the zeros of a saturated ideal that
	// no factorization split, which may still be a union of irreducible
	// components; its Family's minimal polynomials may then be products.
	Irreducible bool
	// Degree is the number of solutions for dimension 0, and otherwise the
	// degree of the component over the field of its parameters (1 for a
	// rational family).
	Degree int
	// Family describes a component of positive dimension.
	Family *Family
	// Points are the solutions of a component of dimension 0.
	Points []*Point
}

// Families returns the families of the positive-dimensional components.
func (r *Result) Families() []*Family {
	var out []*Family
	for _, c := range r.Components {
		if c.Family != nil {
			out = append(out, c.Family)
		}
	}
	return out
}

// Points returns the solutions of the zero-dimensional components.
func (r *Result) Points() []*Point {
	var out []*Point
	for _, c := range r.Components {
		out = append(out, c.Points...)
	}
	return out
}

// ErrInternal is wrapped by the errors that report a result failing its
// exact verification: a bug, never bad input. Test with errors.Is.
var ErrInternal = errors.New("solve: internal error")

// Solve decomposes the zeros of F on which no polynomial of nonzero
// vanishes into irreducible components (each proved so, or marked as not
// proved: see Component.Irreducible), and solves each: a Family for a
// component of positive dimension (verified by substitution into F and
// nonzero), all Points of a zero-dimensional one (proved to opt.Digits
// digits). F and nonzero share one ring; the results live in that ring
// with the grevlex order. An inconsistent system has no components.
//
// Cost: one saturation per nonzero condition per case of the
// decomposition, a factorization per basis element, and per component of
// dimension d one basis in a block order for each of the C(n, d) choices
// of parameters. Errors are bad input, a *groebner.LimitError, or one
// wrapping ErrInternal when a result fails its verification (never
// returned as a result).
func Solve(ctx context.Context, F, nonzero []*poly.Poly, opt Options) (*Result, error) {
	if len(F) == 0 {
		return nil, errors.New("solve: no equations")
	}
	if opt.Digits < 50 {
		opt.Digits = 50
	}
	if opt.MaxCases == 0 {
		opt.MaxCases = MaxCases
	}
	if opt.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Limits.Timeout)
		defer cancel()
		opt.Limits.Timeout = 0 // the context carries it
	}
	r, F, nonzero, err := toGrevlex(F[0].Ring(), F, nonzero)
	if err != nil {
		return nil, err
	}
	d := newDecomposer(ctx, opt, r, nonzero)
	if opt.Saturated != nil {
		var G []*poly.Poly
		if G, err = poly.ToRingAll(opt.Saturated, r); err != nil {
			return nil, err
		}
		if !isUnit(G) {
			err = d.split(G, nil, true)
		}
	} else {
		err = d.split(F, nil, false)
	}
	if err != nil {
		return nil, err
	}
	return d.result(F, nonzero, opt.Digits)
}

// result solves the minimal components that the decomposition recorded,
// verifying each family against F and nonzero, with values of algebraic
// points to digits digits.
func (d *decomposer) result(F, nonzero []*poly.Poly, digits int) (*Result, error) {
	res := &Result{}
	for _, c := range d.minimal() {
		comp := &Component{Basis: c.basis, Dimension: c.dim, Degree: c.degree, Irreducible: c.prime}
		if c.dim > 0 {
			fam, err := d.family(c, false)
			if err != nil {
				return nil, err
			}
			if err := verifyFamily(d.ctx, fam, c.basis, F, nonzero); err != nil {
				return nil, err
			}
			comp.Family = fam
			comp.Degree = fam.Degree
		} else {
			pts, err := d.points(c, F, nonzero, digits)
			if err != nil {
				return nil, err
			}
			comp.Points = pts
			comp.Degree = len(pts)
		}
		res.Components = append(res.Components, comp)
	}
	sortComponents(res.Components)
	return res, nil
}

// sortComponents orders components by dimension (largest first), then
// degree, then basis.
func sortComponents(cs []*Component) {
	slices.SortStableFunc(cs, func(a, b *Component) int {
		return cmp.Or(cmp.Compare(b.Dimension, a.Dimension), cmp.Compare(a.Degree, b.Degree),
			strings.Compare(basisKey(a.Basis), basisKey(b.Basis)))
	})
}

func basisKey(G []*poly.Poly) string {
	var sb strings.Builder
	for _, g := range G {
		sb.WriteString(g.String())
		sb.WriteByte(';')
	}
	return sb.String()
}

// toGrevlex returns the grevlex ring of r's numbers with F and nonzero in
// it.
func toGrevlex(r *poly.Ring, F, nonzero []*poly.Poly) (*poly.Ring, []*poly.Poly, []*poly.Poly, error) {
	r, err := r.WithOrder(poly.Grevlex)
	if err != nil {
		return nil, nil, nil, err
	}
	if F, err = poly.ToRingAll(F, r); err != nil {
		return nil, nil, nil, err
	}
	if nonzero, err = poly.ToRingAll(nonzero, r); err != nil {
		return nil, nil, nil, err
	}
	return r, F, nonzero, nil
}
