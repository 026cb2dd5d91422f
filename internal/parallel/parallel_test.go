package parallel

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

// TestEach checks that every index runs once when none fails, that the
// error of the lowest failing index is returned whatever the schedule,
// and that a done context is reported.
func TestEach(t *testing.T) {
	ctx := context.Background()
	for _, workers := range []int{1, 2, 4} {
		for _, n := range []int{0, 1, 2, 7, 100} {
			hits := make([]atomic.Int32, n)
			if err := EachOn(ctx, n, workers, func(i int) error { hits[i].Add(1); return nil }); err != nil {
				t.Fatalf("workers=%d n=%d: %v", workers, n, err)
			}
			for i := range hits {
				if h := hits[i].Load(); h != 1 {
					t.Fatalf("workers=%d n=%d: index %d ran %d times", workers, n, i, h)
				}
			}
		}
		for range 20 {
			err := EachOn(ctx, 50, workers, func(i int) error {
				if i == 3 || i == 40 {
					return fmt.Errorf("index %d", i)
				}
				return nil
			})
			if err == nil || err.Error() != "index 3" {
				t.Fatalf("workers=%d: err = %v, want index 3", workers, err)
			}
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := EachOn(done, 10, 2, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("done context: err = %v, want context.Canceled", err)
	}
}
