package solve

import (
	"math/big"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
	"github.com/families-project/families/poly/mod61"
)

// The search for parameters stops after this many subsets of the numbers,
// and after this many block-order bases: enough for every choice on a 3x3
// grid, and a bound on the time a larger grid spends on choosing (a basis
// costs about 0.2 ms on a 4x4 grid, a subset's Jacobian test about 2 µs).
const (
	maxParameterSubsets = 1 << 16
	maxParameterChoices = 512
	// The block basis of another choice than the reference is abandoned
	// past maxChoiceBasis times the reference's elements, and never below
	// minChoiceBasis elements (family.go).
	maxChoiceBasis = 4
	minChoiceBasis = 32
)

// A jacobian holds, at two fixed points, the derivative of every number's
// formula in a rational family with respect to each of its parameters U,
// reduced modulo the Mersenne prime 2^61 - 1 (mod61.P); a row is nil where the formula has a pole
// or a denominator divisible by the prime. It answers birational for every
// candidate W without evaluating a polynomial again.
type jacobian struct {
	U      []int
	curve  []*field.Frac // the formulas, kept for the degree test on a curve
	points [2][][]uint64 // points[s][x][k] = d vals[x] / d U[k] at point s
}

// newJacobian evaluates the derivatives of the formulas vals at the two
// points, modulo the prime: the residue of an exact derivative is the
// derivative of the residues wherever no denominator vanishes modulo the
// prime, and a 5x5 grid's formulas (thousands of terms of degree 40)
// spent seconds in exact evaluations, four per number and parameter.
// Cost: per point, one pass over each formula's terms with |U| word
// products per term.
func newJacobian(vals []*field.Frac, U []int) *jacobian {
	j := &jacobian{U: U}
	if len(U) == 1 {
		j.curve = vals
		return j
	}
	r := vals[U[0]].Num().Ring()
	for s, seed := range []int64{7, 13} {
		x := make([]uint64, r.NumVars())
		for i := range x {
			x[i], _ = mod61.FromRat(big.NewRat(seed+int64(3*i*i+5*i), int64(2+i%3)))
		}
		rows := make([][]uint64, len(vals))
		for w, f := range vals {
			if f.Num() == nil {
				continue
			}
			rows[w] = derivativesMod(f, U, x)
		}
		j.points[s] = rows
	}
	return j
}

// derivativesMod returns the partial derivatives of f in the variables U
// at the point x modulo the prime, nil at a pole or where a coefficient
// has no residue.
func derivativesMod(f *field.Frac, U []int, x []uint64) []uint64 {
	n, dn, ok := gradientMod(f.Num(), U, x)
	if !ok {
		return nil
	}
	d, dd, ok := gradientMod(f.Den(), U, x)
	if !ok || d == 0 {
		return nil
	}
	// (n/d)' = (n' d - n d') / d^2
	inv := mod61.Inv(mod61.Mul(d, d))
	row := make([]uint64, len(U))
	for k := range U {
		row[k] = mod61.Mul(mod61.Sub(mod61.Mul(dn[k], d), mod61.Mul(n, dd[k])), inv)
	}
	return row
}

// gradientMod returns p and its partial derivatives in the variables U at
// x modulo the prime, in one pass over p's terms: the derivative of the
// term c x^m in u is e_u c x^m / x_u. false when a coefficient has no
// residue or a coordinate of U is zero modulo the prime.
func gradientMod(p *poly.Poly, U []int, x []uint64) (uint64, []uint64, bool) {
	invU := make([]uint64, len(U))
	for k, u := range U {
		if x[u] == 0 {
			return 0, nil, false
		}
		invU[k] = mod61.Inv(x[u])
	}
	var val uint64
	grad := make([]uint64, len(U))
	nv := p.Ring().NumVars()
	for i := range p.Len() {
		c, ok := mod61.FromRat(p.Coef(i))
		if !ok {
			return 0, nil, false
		}
		t := c
		for v := range nv {
			if e := p.Exp(i, v); e > 0 {
				t = mod61.Mul(t, mod61.Pow(x[v], uint64(e)))
			}
		}
		val = mod61.Add(val, t)
		for k, u := range U {
			if e := p.Exp(i, u); e > 0 {
				grad[k] = mod61.Add(grad[k], mod61.Mul(mod61.Mul(t, invU[k]), uint64(e)))
			}
		}
	}
	return val, grad, true
}

// birational reports whether W may be a rational choice of parameters in
// place of U: on a curve, W's formula has degree 1 in U (Lüroth); otherwise
// the Jacobian of W's formulas with respect to U is invertible at one of
// the two points. Cost: O(|U|^3) word operations.
func (j *jacobian) birational(W []int) bool {
	if j.curve != nil {
		w, u := j.curve[W[0]], j.U[0]
		return max(w.Num().Degree(u), w.Den().Degree(u)) == 1
	}
	n := len(j.U)
	m := make([][]uint64, n)
	for _, rows := range j.points {
		ok := true
		for i, w := range W {
			if rows[w] == nil {
				ok = false
				break
			}
			m[i] = append(m[i][:0], rows[w]...)
		}
		// A nonzero determinant modulo the prime is nonzero over Q; one
		// that vanishes only modulo it (chance about d/2^61) merely skips
		// a choice, which the proof never relies on.
		if ok && mod61.Rank(m) == n {
			return true
		}
	}
	return false
}
