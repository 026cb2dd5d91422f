package solve

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// eachParallel calls do(i) for i in [0, n) on up to GOMAXPROCS goroutines
// and returns the error of the lowest index that failed, so that the
// outcome does not depend on the schedule. The substitutions that write
// and check an algebraic family are independent per number and per
// equation, and each can take seconds on a 4x4 grid: on two cores they
// take half the time. do must not share mutable state between indices.
// Cost: n calls of do; the goroutines stop taking new indices once ctx is
// done or an index has failed.
func eachParallel(ctx context.Context, n int, do func(i int) error) error {
	workers := min(n, runtime.GOMAXPROCS(0))
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
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || failed.Load() || ctx.Err() != nil {
					return
				}
				if errs[i] = do(i); errs[i] != nil {
					failed.Store(true)
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
