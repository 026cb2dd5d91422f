package groebner

import (
	"cmp"
	"sync"
	"sync/atomic"
)

// allHold reports whether check(k) holds for every k < total. The checks
// are shared among workers goroutines (the caller's among them), each with
// a check of its own from newCheck, holding its own scratch state; the
// first failure or error stops them all, and an error is returned rather
// than a plain false. Cost: at most total checks.
func allHold(total, workers int, newCheck func() func(k int) (bool, error)) (bool, error) {
	var (
		next   atomic.Int64
		failed atomic.Bool
		mu     sync.Mutex
		first  error
		wg     sync.WaitGroup
	)
	work := func() {
		defer wg.Done()
		check := newCheck()
		for !failed.Load() {
			k := int(next.Add(1) - 1)
			if k >= total {
				return
			}
			ok, err := check(k)
			if err != nil || !ok {
				failed.Store(true)
				if err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
				}
				return
			}
		}
	}
	n := max(1, workers)
	wg.Add(n)
	for range n - 1 {
		go work()
	}
	work()
	wg.Wait()
	if first != nil {
		return false, first
	}
	return !failed.Load(), nil
}
