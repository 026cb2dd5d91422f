package census

import (
	"fmt"
	"math"
)

// The census refuses, before any work, a bound it cannot finish (issue 27,
// item 4: --max 100000000 on 3x3 and --max 1099511627776 on 4x4 ran out
// of memory in seconds; even in bounded memory they would run for
// centuries). Two things decide it:
//
// Work. The search tries k numbers over their range (the "*" of Order:
// 2 on 3x3, 3x4 and 4x3, 4 on 4x4, 8 on 5x5) and solves the others from a
// line, so it assigns about WorkPerTuple numbers per tuple of values of
// those k: WorkPerTuple x N^k under --max N, and with --max-sum S (whose
// k numbers sum to at most M = S - (numbers - k), one of C(M, k) tuples)
// WorkPerTuple x C(M, k). Measured on the 2-core machine of BENCHMARKS.md
// (numbers assigned / N^k): 3x3 8.8 (N = 1,500), 3x4 and 4x3 15.5
// (N = 5,000), 2x2 4, 2x3 5, 2x8 16, 3x5 125 and 5x3 92 (N = 60), 4x4 101
// at N = 6 but 0.48 at N = 128 (its solved numbers leave the range ever
// more often: it grows as N^2, not N^4). WorkPerTuple = 128 is at or above
// every ratio at the bounds that matter, so the model overestimates the
// sizes measured (3x3 by 15 times, 4x4 at N = 128 by 270 times) and the
// refusal is conservative there. A run (one shard: the tasks split evenly)
// may assign at most MaxWork numbers: about a year of both cores here at
// the slowest whole-census rate measured, 310,760 numbers/s (4x4,
// N = 128, the grids found included). Grids of more than 16 numbers spend
// most of their time on the complete grids they find, which the model
// does not count: there a bound it accepts may still take far longer.
//
// Arithmetic. The search's exact values are 64-bit rationals, checked (an
// overflow stops the run with ErrOverflow). A line of L numbers at most N
// has a cleared numerator of at most L monomials, each a product of at
// most L of its numbers, so no value it forms exceeds L x N^L; a bound N
// with 2 L N^L <= 2^62 never overflows (TestArithmeticBound checks the
// extreme values). 2x8 at N = 216 overflowed (216^8 > 2^62).
const (
	// WorkPerTuple is the model's numbers assigned per tuple of values of
	// the numbers tried over their range.
	WorkPerTuple = 128
	// MaxWork is the most numbers one run (shard) of the census may be
	// expected to assign.
	MaxWork = 1e13
)

// A BoundError refuses a census bound that cannot finish; Largest is the
// largest value of the same flag that can (LargestSum too when both
// bounds were given: either alone fits then).
type BoundError struct {
	Flag                string // "--max" or "--max-sum"
	Given               int64
	Largest, LargestSum int64
	Size                string
	Reason              string
}

func (e *BoundError) Error() string {
	s := fmt.Sprintf("census: %s %d is past what a %s census can finish: %s; the largest %s that can is %d", e.Flag, e.Given, e.Size, e.Reason, e.Flag, e.Largest)
	if e.LargestSum > 0 {
		s += fmt.Sprintf(" (or --max-sum %d alone)", e.LargestSum)
	}
	return s
}

// freeNumbers returns how many numbers the search tries over their range.
func freeNumbers(steps []step) int {
	k := 0
	for _, st := range steps {
		if st.gen < 0 {
			k++
		}
	}
	return k
}

// logTuples returns the natural logarithm of the model's count of value
// tuples of k free numbers under the bounds (0: none) of a grid of n
// numbers: N^k under --max N, C(M, k) under --max-sum S with
// M = S - n + k (the tuples of k positive numbers summing to at most M),
// the smaller when both are given.
func logTuples(k, n int, maxN, maxSum int64) float64 {
	lt := math.Inf(1)
	if maxN > 0 {
		lt = float64(k) * math.Log(float64(maxN))
	}
	if maxSum > 0 {
		// log C(M, k) = sum over i < k of log((M - i) / (i + 1)): no
		// cancellation for M near 2^63.
		m := max(float64(maxSum)-float64(n)+float64(k), float64(k))
		lc := 0.0
		for i := range k {
			lc += math.Log((m - float64(i)) / float64(i+1))
		}
		lt = min(lt, lc)
	}
	return lt
}

// arithmeticBound returns the largest N with 2 L N^L <= 2^62: no line of
// L numbers at most N overflows the search's arithmetic.
func arithmeticBound(L int) int64 {
	lim := math.Ldexp(1, 62) / float64(2*L)
	n := int64(math.Pow(lim, 1/float64(L)))
	fits := func(n int64) bool {
		// 2 L n^L <= 2^62, in exact steps.
		p := uint64(2 * L)
		for range L {
			if p > (1<<62)/uint64(n) {
				return false
			}
			p *= uint64(n)
		}
		return p <= 1<<62
	}
	for n > 1 && !fits(n) {
		n--
	}
	for fits(n + 1) {
		n++
	}
	return n
}

// checkBounds refuses bounds that cannot finish (see the model above):
// work past MaxWork for this run's share of the tasks, or values past the
// arithmetic's bound.
func (c *Census) checkBounds() error {
	o := c.opt
	n := o.Size.Numbers()
	k := freeNumbers(c.steps)
	shards := max(o.Shard.Count, 1)
	arith := arithmeticBound(c.g.maxLen)
	// over returns the reason the bounds do not fit, "" when they do; with
	// work (not) only the arithmetic (the work) is checked.
	over := func(maxN, maxSum int64, work bool) string {
		hi := maxN
		if maxSum > 0 && (hi == 0 || maxSum-int64(n)+1 < hi) {
			hi = maxSum - int64(n) + 1
		}
		if !work && hi > arith {
			return fmt.Sprintf("its lines of %d numbers would overflow the search's 64-bit arithmetic past %d (2 x %d x N^%d > 2^62)", c.g.maxLen, arith, c.g.maxLen, c.g.maxLen)
		}
		lw := math.Log(WorkPerTuple) + logTuples(k, n, maxN, maxSum) - math.Log(float64(shards))
		if work && lw > math.Log(MaxWork) {
			share := ""
			if shards > 1 {
				share = fmt.Sprintf(" (this shard's 1/%d)", shards)
			}
			return fmt.Sprintf("its search would assign about %.1e numbers%s (%d per tuple of values of the %d numbers tried over their range), more than the %.0e a run can in about a year here", math.Exp(lw), share, WorkPerTuple, k, MaxWork)
		}
		return ""
	}
	fits := func(maxN, maxSum int64) bool {
		return over(maxN, maxSum, false) == "" && over(maxN, maxSum, true) == ""
	}
	if fits(o.Max, o.MaxSum) {
		return nil
	}
	// largest returns the largest value v that fits as bound(v), by
	// bisection (fits is monotone in each bound), and the reason the next
	// value does not fit, for the given bounds.
	largest := func(lo int64, bound func(v int64) (int64, int64)) (int64, string) {
		hi := int64(1) << 62
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if fits(bound(mid)) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		maxN, maxSum := bound(lo + 1)
		return lo, over(o.Max, o.MaxSum, over(maxN, maxSum, false) == "")
	}
	e := &BoundError{Size: o.Size.String()}
	sumBound := func(v int64) (int64, int64) { return 0, v }
	if o.Max > 0 {
		e.Flag, e.Given = "--max", o.Max
		e.Largest, e.Reason = largest(1, func(v int64) (int64, int64) { return v, 0 })
		if o.MaxSum > 0 {
			e.LargestSum, _ = largest(int64(n), sumBound)
		}
	} else {
		e.Flag, e.Given = "--max-sum", o.MaxSum
		e.Largest, e.Reason = largest(int64(n), sumBound)
	}
	return e
}
