package solve

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

// TestEachParallel checks that every index runs once when none fails, that
// the error of the lowest failing index is returned whatever the schedule,
// and that a done context is reported.
func TestEachParallel(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{0, 1, 2, 7, 100} {
		hits := make([]atomic.Int32, n)
		if err := eachParallel(ctx, n, func(i int) error { hits[i].Add(1); return nil }); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		for i := range hits {
			if h := hits[i].Load(); h != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, h)
			}
		}
	}
	for range 20 {
		err := eachParallel(ctx, 50, func(i int) error {
			if i == 3 || i == 40 {
				return fmt.Errorf("index %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "index 3" {
			t.Fatalf("err = %v, want index 3", err)
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := eachParallel(done, 10, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("done context: err = %v, want context.Canceled", err)
	}
}
