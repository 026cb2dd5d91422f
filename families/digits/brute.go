package digits

import (
	"context"
	"math/bits"
)

// BruteForce finds the solutions of p the way the ArithmoGraph solver does: it tries every
// assignment of allowed digits to the letters (every injective one unless
// p.Repeat), keeping leading letters off 0, and checks every line on each
// complete assignment. It takes the same limit as Solve and returns the
// same Result. Cost: up to 10!/(10-n)! assignments for n letters (3.6
// million for 10; 10^n with p.Repeat), times the lines; it exists as the
// reference for tests and the baseline for benchmarks. It checks ctx at
// the first assignment and every 65536 after.
func (p *Puzzle) BruteForce(ctx context.Context, limit int) (Result, error) {
	pr, err := compile(p)
	if err != nil {
		return Result{}, err
	}
	b := &brute{pr: pr, ctx: ctx, limit: limit, val: make([]int8, len(pr.letters))}
	b.assign(0, 0)
	return pr.result(b.sols, b.nodes, limit, b.err), b.err
}

type brute struct {
	pr    *prog
	ctx   context.Context
	err   error
	limit int
	nodes int64
	val   []int8
	sols  [][]int8
}

// assign tries every digit for letter L and the letters after it; it
// reports true when the search must stop.
func (b *brute) assign(L int, used uint16) bool {
	if L == len(b.val) {
		b.nodes++
		if b.nodes&(1<<16-1) == 1 {
			if err := b.ctx.Err(); err != nil {
				b.err = err
				return true
			}
		}
		for _, l := range b.pr.lines {
			if !l.holds(b.val) {
				return false
			}
		}
		b.sols = append(b.sols, append([]int8(nil), b.val...))
		return b.limit > 0 && len(b.sols) >= b.limit
	}
	m := b.pr.allowed
	if b.pr.lead[L] {
		m &^= 1
	}
	if b.pr.distinct {
		m &^= used
	}
	for ; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		b.val[L] = int8(d)
		if b.assign(L+1, used|1<<d) {
			return true
		}
	}
	return false
}
