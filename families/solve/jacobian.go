package solve

import (
	"math/big"

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
// points. Cost: 2 n |U| derivatives evaluated exactly.
func newJacobian(vals []*field.Frac, U []int) *jacobian {
	j := &jacobian{U: U}
	if len(U) == 1 {
		j.curve = vals
		return j
	}
	r := vals[U[0]].Num().Ring()
	for s, seed := range []int64{7, 13} {
		x := make([]*big.Rat, r.NumVars())
		for i := range x {
			x[i] = big.NewRat(seed+int64(3*i*i+5*i), int64(2+i%3))
		}
		rows := make([][]uint64, len(vals))
		for w, f := range vals {
			if f.Num() == nil {
				continue
			}
			row := make([]uint64, len(U))
			for k, u := range U {
				v, ok := f.DerivativeAt(u, x)
				if ok {
					row[k], ok = mod61.FromRat(v)
				}
				if !ok {
					row = nil
					break
				}
			}
			rows[w] = row
		}
		j.points[s] = rows
	}
	return j
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
