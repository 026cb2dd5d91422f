package solve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/parallel"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// A Kind says how a family gives its numbers.
type Kind string

// The kinds of family (the "kind" key of the JSON report).
const (
	// Rational: every number is a rational function of the parameters.
	Rational Kind = "rational"
	// Algebraic: some number is a root of a polynomial of degree >= 2 over
	// the parameters.
	Algebraic Kind = "algebraic"
)

// A Family is a positive-dimensional component written in free parameters.
type Family struct {
	// Parameters are the names of the free numbers, in ring order.
	Parameters []string
	Kind       Kind
	// Polynomial reports a rational family whose numbers are all
	// polynomials in the parameters.
	Polynomial bool
	// Degree is the degree of the component over the field of the
	// parameters: 1 for a rational family.
	Degree int
	// Values holds every number of the ring, in ring order; a parameter
	// maps to itself.
	Values []*Value
}

// A Value is one number of a family.
type Value struct {
	Name      string
	Parameter bool
	// Num/Den is the number as a rational function of the parameters
	// (polynomials of the system's ring, Den 1 for a polynomial, Den with
	// coprime integer coefficients and positive leading coefficient), when
	// Degree is 1.
	Num, Den *poly.Poly
	// MinPoly is the minimal polynomial of the number over the parameters,
	// with coprime integer coefficients, in a ring of the parameters and
	// then Name; it is set when Degree > 1.
	MinPoly *poly.Poly
	// Degree is the degree of the number over the field of the parameters
	// (0 when InNumbers is set: not computed).
	Degree int
	// InNumbers reports a number of an algebraic family that a
	// substitution eliminated (Reduction.Lift): Num/Den is then a rational
	// function of the family's other numbers, not of its parameters alone.
	InNumbers bool
}

// Eval returns the numbers of the family at the given parameter values
// (in the order of Parameters), in ring order, for a rational family; ok
// is false when a denominator vanishes there or the family is algebraic.
// Cost: one evaluation per number.
func (f *Family) Eval(params []*big.Rat) (vals []*big.Rat, ok bool) {
	if f.Kind != Rational || len(params) != len(f.Parameters) || len(f.Values) == 0 {
		return nil, false
	}
	r := f.Values[0].Num.Ring()
	x := make([]*big.Rat, r.NumVars())
	for i := range x {
		x[i] = new(big.Rat)
	}
	for i, name := range f.Parameters {
		v, _ := r.VarIndex(name)
		x[v] = params[i]
	}
	vals = make([]*big.Rat, len(f.Values))
	for i, v := range f.Values {
		val, ok := field.Raw(v.Num, v.Den).Eval(x)
		if !ok {
			return nil, false
		}
		vals[i] = val
	}
	return vals, true
}

// candidate is one choice of parameters for a component.
type candidate struct {
	U    []int
	bb   *blockBasis
	e    int
	vals []*field.Frac
	rank int // 0 polynomial, 1 rational, 2 algebraic
	size int // terms of the expressions
	deg  int // total degrees of the expressions
	// other is 1 unless U is the independent set that the component's
	// basis shows: among equals, the parameters the basis suggests.
	other int
	mins  []*poly.Poly
}

func (a *candidate) cmp(b *candidate) int {
	return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.size, b.size), cmp.Compare(a.deg, b.deg),
		cmp.Compare(a.other, b.other))
}

// family writes the prime component c in parameters. The independent set
// that the component's basis shows comes first; then every other d-subset
// of the variables that may be free is tried, one block-order basis each.
// The best rational choice wins; otherwise the algebraic choices of
// smallest degree get minimal polynomials and the smallest wins.
//
// Once a rational family in U is known, a subset W can only be a rational
// choice when the map from U to W is birational: W must be free (the
// Jacobian of W with respect to U, at a random point, is invertible) and,
// on a curve, W's formula must have degree 1 in U (Lüroth: the degree of
// Q(u) over Q(w) is the degree of w's formula). Other subsets are skipped,
// and the bases of the rest are bounded in coefficient size: a choice whose
// basis needs huge coefficients does not give the smallest formulas.
//
// A 3x3 grid has at most 126 subsets and all are tried. Larger grids have
// far more (12,870 for dimension 8 of a 4x4 grid, millions on 5x5), so the
// search takes the first maxParameterSubsets subsets in lexicographic order
// and computes at most maxParameterChoices bases: the family is then the
// best of those, still exact and verified, not necessarily the smallest.
//
// With anyRational the first rational choice is taken, without the search
// for the best: for a caller that writes every rational family in its
// canonical parameters (canonicalRational), whose formulas do not depend
// on the choice it starts from. The search for the best then only serves
// algebraic families. A 5x5 setting spent 60% of its time in the bases of
// that search.
func (d *decomposer) family(c *component, anyRational bool) (*Family, error) {
	n := d.ring.NumVars()
	ref, err := d.candidate(c, c.indep, d.lim)
	if err != nil {
		return nil, err
	}
	if ref == nil && !c.prime {
		// The primality proof gave up for the same reason: an extension
		// of degree beyond maxExtension over the parameters.
		return nil, &groebner.LimitError{Limit: LimitExtension, Value: maxExtension}
	}
	if ref == nil {
		return nil, fmt.Errorf("solve: the independent set of a component of dimension %d is not free", c.dim)
	}
	var best *candidate
	var alg []*candidate
	consider := func(cd *candidate) {
		if cd.rank == 2 {
			alg = append(alg, cd)
		} else if best == nil || cd.cmp(best) < 0 {
			best = cd
		}
	}
	if anyRational && ref.rank < 2 {
		return d.makeFamily(ref)
	}
	consider(ref)
	bounded := d.lim
	bounded.MaxCoeffBits = 512
	// A choice whose block basis has many more elements than the
	// reference's makes larger formulas than the reference (a 4x4 grid
	// under ltr: 60 elements and 647,510 terms, 80 s, against 13 elements
	// at most for the other 27 choices); its basis is abandoned at
	// maxChoiceBasis times the reference's size, counted by the engine.
	if ref.bb != nil {
		bounded.MaxBasis = max(minChoiceBasis, maxChoiceBasis*len(ref.bb.basis))
		if d.lim.MaxBasis > 0 {
			bounded.MaxBasis = min(bounded.MaxBasis, d.lim.MaxBasis)
		}
	}
	var jac *jacobian
	if ref.vals != nil {
		jac = newJacobian(ref.vals, c.indep)
	}
	scanned, tried := 0, 0
	for U := range combinations(n, c.dim) {
		if err := d.ctx.Err(); err != nil {
			return nil, limitErr(err)
		}
		if scanned++; scanned > maxParameterSubsets || tried >= maxParameterChoices {
			break
		}
		if slices.Equal(U, c.indep) || dependsOn(c.basis, U) {
			continue
		}
		if jac != nil && !jac.birational(U) {
			continue
		}
		tried++
		cd, err := d.candidate(c, U, bounded)
		if err != nil {
			var le *groebner.LimitError
			if errors.As(err, &le) && (le.Limit == groebner.LimitCoeffBits || le.Limit == groebner.LimitBasisSize && d.lim.MaxBasis != bounded.MaxBasis) {
				continue
			}
			return nil, err
		}
		if cd != nil && anyRational && cd.rank < 2 {
			return d.makeFamily(cd)
		}
		if cd != nil {
			consider(cd)
		}
	}
	if best == nil {
		// No rational choice: minimal polynomials for the two choices of
		// smallest degree and basis, each one elimination per number.
		slices.SortStableFunc(alg, func(a, b *candidate) int {
			return cmp.Or(cmp.Compare(a.e, b.e), cmp.Compare(a.size, b.size))
		})
		for _, cd := range alg[:min(len(alg), 2)] {
			cd.size, cd.mins = 0, make([]*poly.Poly, n)
			ok := true
			for _, x := range cd.bb.xs {
				m, err := d.eliminant(c.basis, cd.U, d.ring.Var(x))
				if err != nil {
					return nil, err
				}
				if m == nil {
					ok = false
					break
				}
				cd.mins[x] = m.PrimitivePart()
				cd.size += m.Len()
				cd.deg += m.TotalDegree()
			}
			if ok && (best == nil || cd.cmp(best) < 0) {
				best = cd
			}
		}
	}
	if best == nil {
		return nil, fmt.Errorf("solve: no free parameters found for a component of dimension %d", c.dim)
	}
	return d.makeFamily(best)
}

// candidate computes the block basis of c for the parameters U and, when
// the extension has degree 1, the rational formulas; nil when U is not
// free.
func (d *decomposer) candidate(c *component, U []int, lim groebner.Limits) (*candidate, error) {
	saved := d.lim
	d.lim = lim
	bb, err := d.blockBasis(c.basis, U)
	d.lim = saved
	if err != nil {
		return nil, err
	}
	e, ok := bb.extensionDegree()
	if !ok {
		return nil, nil
	}
	cd := &candidate{U: U, bb: bb, e: e}
	if !slices.Equal(U, c.indep) {
		cd.other = 1
	}
	if e > 1 {
		cd.rank = 2
		for _, p := range bb.basis {
			cd.size += p.Len()
		}
		return cd, nil
	}
	vals, ok := bb.rational()
	if !ok {
		return nil, fmt.Errorf("%w: no rational formulas from a basis of degree 1", ErrInternal)
	}
	cd.vals = vals
	for _, x := range bb.xs {
		v := vals[x]
		if !v.IsPoly() {
			cd.rank = 1
		}
		cd.size += v.Size()
		cd.deg += v.Num().TotalDegree() + v.Den().TotalDegree()
	}
	return cd, nil
}

// makeFamily turns the chosen candidate into a Family.
func (d *decomposer) makeFamily(cd *candidate) (*Family, error) {
	f := &Family{Degree: cd.e, Kind: Rational, Polynomial: cd.rank == 0}
	for _, u := range cd.U {
		f.Parameters = append(f.Parameters, d.ring.VarName(u))
	}
	for v := range d.ring.NumVars() {
		val := &Value{Name: d.ring.VarName(v), Degree: 1, Parameter: slices.Contains(cd.U, v)}
		f.Values = append(f.Values, val)
		switch {
		case val.Parameter:
			val.Num, val.Den = d.ring.Var(v), d.ring.One()
		case cd.vals != nil:
			val.Num, val.Den = cd.vals[v].Num(), cd.vals[v].Den()
		default:
			m := cd.mins[v]
			z := m.Ring().NumVars() - 1
			val.Degree = m.Degree(z)
			if val.Degree > 1 {
				val.MinPoly = m
				f.Kind = Algebraic
				continue
			}
			// m = c1 z + c0 with c0, c1 in Q[U]
			c0, c1, err := linearCoefficients(m, z, d.ring)
			if err != nil {
				return nil, err
			}
			rf := field.New(new(poly.Poly).Neg(c0), c1)
			val.Num, val.Den = rf.Num(), rf.Den()
		}
	}
	if f.Kind == Algebraic {
		f.Polynomial = false
	}
	return f, nil
}

// linearCoefficients splits m = c1 z + c0 (degree 1 in variable z) into
// c0 and c1, as polynomials of ring r.
func linearCoefficients(m *poly.Poly, z int, r *poly.Ring) (c0, c1 *poly.Poly, err error) {
	mr := m.Ring()
	zv := mr.Var(z)
	c1 = m.Derivative(z)
	c0 = new(poly.Poly).Sub(m, new(poly.Poly).Mul(c1, zv))
	if c0, err = c0.ToRing(r); err != nil {
		return nil, nil, err
	}
	if c1, err = c1.ToRing(r); err != nil {
		return nil, nil, err
	}
	return c0, c1, nil
}

// dependsOn reports whether some basis element uses only variables of U,
// a dependence among them.
func dependsOn(G []*poly.Poly, U []int) bool {
	for _, g := range G {
		inside := true
		for _, v := range g.Vars() {
			if !slices.Contains(U, v) {
				inside = false
				break
			}
		}
		if inside {
			return true
		}
	}
	return false
}

// combinations yields the k-subsets of {0, ..., n-1} in lexicographic
// order; each yielded slice is fresh.
func combinations(n, k int) func(func([]int) bool) {
	return func(yield func([]int) bool) {
		if k > n || k < 0 {
			return
		}
		idx := make([]int, k)
		for i := range idx {
			idx[i] = i
		}
		for {
			if !yield(slices.Clone(idx)) {
				return
			}
			i := k - 1
			for i >= 0 && idx[i] == n-k+i {
				i--
			}
			if i < 0 {
				return
			}
			idx[i]++
			for j := i + 1; j < k; j++ {
				idx[j] = idx[j-1] + 1
			}
		}
	}
}

// verifyFamily checks f against the system: a rational family substituted
// into every equation gives exactly zero and into every nonzero condition
// does not; an algebraic one has every equation and every minimal
// polynomial in its component, and no nonzero condition.
func verifyFamily(ctx context.Context, f *Family, basis, F, nonzero []*poly.Poly) error {
	if f.Kind == Rational {
		vals := make([]*field.Frac, len(f.Values))
		for i, v := range f.Values {
			vals[i] = field.Raw(v.Num, v.Den)
		}
		// The equations and conditions are checked at once where they are
		// large enough to pay for the goroutines (not on a 3x3 sweep's
		// many small checks); the error is that of the first in order.
		checks := slices.Concat(F, nonzero)
		cost := 0.0
		for _, p := range checks {
			cost += field.SubstCost(p, vals)
		}
		workers := runtime.GOMAXPROCS(0)
		if cost < field.ParallelTerms {
			workers = 1
		}
		err := parallel.EachOn(ctx, len(checks), workers, func(i int) error {
			zero, err := field.Vanishes(ctx, checks[i], vals)
			switch {
			case err != nil:
				return limitErr(err)
			case i < len(F) && !zero:
				return fmt.Errorf("%w: family in %v does not satisfy %s = 0", ErrInternal, f.Parameters, checks[i])
			case i >= len(F) && zero:
				return fmt.Errorf("%w: nonzero condition %s vanishes on the family in %v", ErrInternal, checks[i], f.Parameters)
			}
			return nil
		})
		if err != nil && ctx.Err() != nil {
			return limitErr(ctx.Err())
		}
		return err
	}
	r := basis[0].Ring()
	for _, eq := range F {
		if !groebner.IsMember(eq, basis) {
			return fmt.Errorf("%w: %s = 0 does not hold on the family in %v", ErrInternal, eq, f.Parameters)
		}
	}
	for _, v := range f.Values {
		var p *poly.Poly
		if v.Degree > 1 {
			var err error
			if p, err = v.MinPoly.ToRing(r); err != nil {
				return err
			}
		} else {
			p = new(poly.Poly).Sub(new(poly.Poly).Mul(v.Den, r.VarNamed(v.Name)), v.Num)
		}
		if !groebner.IsMember(p, basis) {
			return fmt.Errorf("%w: %s does not vanish on the family in %v", ErrInternal, p, f.Parameters)
		}
	}
	for _, h := range nonzero {
		if groebner.IsMember(h, basis) {
			return fmt.Errorf("%w: nonzero condition %s vanishes on the family in %v", ErrInternal, h, f.Parameters)
		}
	}
	return nil
}
