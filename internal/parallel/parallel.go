// Package parallel runs independent indexed tasks on several goroutines
// with an outcome that does not depend on the schedule: the error of the
// lowest failing index. The algebra uses it where the tasks are few and
// each is long (the substitutions that write an algebraic family, the
// nonzero-divisor proofs of a saturation), so it hands out one index at a
// time rather than chunks.
package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls do(i) for i in [0, n) on up to GOMAXPROCS goroutines and
// returns the error of the lowest index that fails, or ctx's error when
// ctx ends first. do must not share mutable state between indices. Cost:
// at most n calls of do; indices above a failed one are skipped, and none
// start once ctx is done.
func Each(ctx context.Context, n int, do func(i int) error) error {
	return EachOn(ctx, n, runtime.GOMAXPROCS(0), do)
}

// EachOn is Each on at most workers goroutines; with one it calls do in
// order on the caller's goroutine, as a plain loop would.
func EachOn(ctx context.Context, n, workers int, do func(i int) error) error {
	workers = min(n, workers)
	if workers <= 1 {
		for i := range n {
			if err := do(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var next atomic.Int64
	// lowest is the lowest failed index: indices above it are skipped,
	// those below still run, so the error returned is the same for every
	// schedule.
	var lowest atomic.Int64
	lowest.Store(int64(n))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || ctx.Err() != nil {
					return
				}
				if i > lowest.Load() {
					continue
				}
				if errs[i] = do(int(i)); errs[i] != nil {
					for {
						l := lowest.Load()
						if i >= l || lowest.CompareAndSwap(l, i) {
							break
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}
