// Package checked is exact arithmetic on int64 that reports overflow
// instead of wrapping around: the fast paths of the certificate, the
// census and the member search work in machine words and fall back (or
// stop) at the first value that does not fit.
package checked

import (
	"math"
	"math/bits"
)

// Mul returns a*b and true, or 0 and false when the product is outside
// the range of int64 (math.MinInt64 included in the range). It multiplies
// the magnitudes into 128 bits, one instruction, rather than dividing
// back. Cost: a few instructions.
func Mul(a, b int64) (int64, bool) {
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		if lo > 1<<63 {
			return 0, false
		}
		return -int64(lo), true // lo = 2^63 gives math.MinInt64
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

// GCD returns the greatest common divisor of |a| and |b| (0 for 0 and 0).
// Neither may be math.MinInt64, whose magnitude is not an int64.
// Cost: Euclid's algorithm, O(log min(|a|, |b|)) divisions.
func GCD(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
