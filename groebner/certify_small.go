package groebner

import (
	"math"
	"math/big"

	"github.com/families-project/families/internal/checked"
)

// The certificate by degree in machine words. Where the coefficients are
// small (eco-10: most under 2^23) a big-integer update acc -= q*c costs
// some 30 ns, nearly all of it the bookkeeping of math/big around one
// word product. A job is first reduced in an accumulator of int64 with
// every product and difference checked for overflow: every step is the
// exact integer step of denseReducer.reduce (including the scaling of the
// accumulator when the pivot does not divide the entry), so its verdict is
// exact. At the first step that does not fit (a value past 63 bits, a row
// with a large coefficient) the attempt is dropped and the job is reduced
// with big integers from the start.

// smallCoefs returns coef as int64, or nil when one does not fit.
func smallCoefs(coef []*big.Int) []int64 {
	out := make([]int64, len(coef))
	for j, c := range coef {
		if !c.IsInt64() {
			return nil
		}
		out[j] = c.Int64()
	}
	return out
}

// mulSmall returns x*y and whether it fits in an int64 (math.MinInt64
// excluded, so that negations always fit).
func mulSmall(x, y int64) (int64, bool) {
	p, ok := checked.Mul(x, y)
	return p, ok && p != math.MinInt64
}

// subSmall returns x-y and whether it fits in an int64 (math.MinInt64
// excluded).
func subSmall(x, y int64) (int64, bool) {
	d := x - y
	// Overflow when x and y have different signs and d the sign of y.
	if (x^y)&(x^d) < 0 || d == math.MinInt64 {
		return 0, false
	}
	return d, true
}

// reduceSmall reduces the job in int64 arithmetic: done is false when a
// value does not fit (the accumulator is then left zero and the job must
// be reduced by reduce), else zero tells whether it reduced to zero.
func (r *denseReducer) reduceSmall(b *denseBlock, job denseJob) (zero, done bool) {
	if !job.a.IsInt64() || job.j >= 0 && !job.b.IsInt64() {
		return false, false
	}
	ri := b.rows[job.i]
	if ri.small == nil {
		return false, false
	}
	if r.small == nil {
		r.small = make([]int64, r.nsmall)
	}
	acc := r.small
	lo, hi := ri.cols[0], ri.cols[len(ri.cols)-1]
	fail := func(c int32) (bool, bool) {
		clear(acc[lo : max(hi, c)+1])
		return false, false
	}
	a := job.a.Int64()
	for k, c := range ri.cols {
		v, ok := mulSmall(a, ri.small[k])
		if !ok {
			return fail(c)
		}
		acc[c] = v
	}
	if job.j >= 0 {
		rj := b.rows[job.j]
		if rj.small == nil {
			return fail(hi)
		}
		lo, hi = min(lo, rj.cols[0]), max(hi, rj.cols[len(rj.cols)-1])
		bm := job.b.Int64()
		for k, c := range rj.cols {
			v, ok := mulSmall(bm, rj.small[k])
			if !ok {
				return fail(hi)
			}
			if acc[c], ok = subSmall(acc[c], v); !ok {
				return fail(hi)
			}
		}
	}
	for c := lo; c <= hi; c++ {
		A := acc[c]
		if A == 0 {
			continue
		}
		p := b.pivot[c]
		if p < 0 {
			// A term no leading monomial divides: a nonzero normal form,
			// exactly as reduce finds it.
			clear(acc[c : hi+1])
			return false, true
		}
		row := b.rows[p]
		if row.small == nil {
			return fail(hi)
		}
		B := row.small[0]
		q := A / B
		if A%B != 0 {
			// As reduce: acc *= B/g, then acc -= (A/g)*row, g = gcd(A, B).
			g := checked.GCD(A, B)
			m := B / g
			q = A / g
			if m < 0 {
				m, q = -m, -q
			}
			for k := c + 1; k <= hi; k++ {
				if acc[k] != 0 {
					v, ok := mulSmall(acc[k], m)
					if !ok {
						return fail(hi)
					}
					acc[k] = v
				}
			}
		}
		acc[c] = 0
		r.work += len(row.cols)
		for k, pc := range row.cols[1:] {
			v, ok := mulSmall(q, row.small[k+1])
			if !ok {
				return fail(max(hi, row.cols[len(row.cols)-1]))
			}
			if acc[pc], ok = subSmall(acc[pc], v); !ok {
				return fail(max(hi, row.cols[len(row.cols)-1]))
			}
		}
		hi = max(hi, row.cols[len(row.cols)-1])
	}
	return true, true
}
