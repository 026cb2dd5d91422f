// Package work bounds a computation by the work it does rather than by
// the time it takes, so that a budget which chooses between two ways of
// computing one answer chooses the same way on every run, under any load.
//
// A budget travels with a context, as a deadline does. The engines that
// poll their context in proportion to the work they do (the Gröbner
// engines between reduction steps, the factorizer between lifting and
// recombination steps) call Spend at each poll: each call spends one unit.
// When a budget is spent its context is canceled with the cause
// ErrBudget, so everything running under it stops at its next poll, and
// the caller tells a spent budget from its own deadline with Spent.
package work

import (
	"context"
	"errors"
	"sync/atomic"
)

// ErrBudget is the cause of the cancellation of a context whose budget is
// spent.
var ErrBudget = errors.New("work budget spent")

type key struct{}

type meter struct {
	left   atomic.Int64
	cancel context.CancelCauseFunc
	outer  *meter // the budget this one lies within, which its work spends too
}

// WithBudget returns a context that carries a budget of units polls of
// work, canceled with the cause ErrBudget once they are spent, or when
// parent is done, or when cancel is called. The work under a budget
// inside another one spends both. Cost: one context.
func WithBudget(parent context.Context, units int64) (ctx context.Context, cancel context.CancelFunc) {
	cctx, cancelCause := context.WithCancelCause(parent)
	outer, _ := parent.Value(key{}).(*meter)
	m := &meter{cancel: cancelCause, outer: outer}
	m.left.Store(units)
	return context.WithValue(cctx, key{}, m), func() { cancelCause(context.Canceled) }
}

// Spend spends one unit of each budget that ctx carries, the innermost
// and those it lies within, and cancels a budget's context when none of
// it is left. It is safe for concurrent use; the units spent by all
// goroutines add up. Cost: a context lookup and an atomic add per budget.
func Spend(ctx context.Context) { SpendN(ctx, 1) }

// SpendN spends n units at once, for an engine whose polls are far apart
// in work (n <= 0 spends none). It is Spend otherwise.
func SpendN(ctx context.Context, n int64) {
	if n <= 0 {
		return
	}
	m, _ := ctx.Value(key{}).(*meter)
	for ; m != nil; m = m.outer {
		if left := m.left.Add(-n); left < 0 && left+n >= 0 {
			m.cancel(ErrBudget)
		}
	}
}

// Spent reports whether ctx, a context from WithBudget or one under it,
// ended because its budget was spent.
func Spent(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), ErrBudget)
}

// Left returns the units left of the budget ctx carries (negative once it
// is spent), and false when ctx carries none.
func Left(ctx context.Context) (int64, bool) {
	m, ok := ctx.Value(key{}).(*meter)
	if !ok {
		return 0, false
	}
	return m.left.Load(), true
}
