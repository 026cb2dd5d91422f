package count

import (
	"context"
	"errors"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestCountCutShort checks that Count, with its context ended after some
// systems, returns counts that are lower bounds of the whole ones (every
// grid found is one of the whole count's) and says how many settings it
// missed.
func TestCountCutShort(t *testing.T) {
	const pattern, maxSum = "+=|x-+.-|+=|=====|.=", 30
	p := grid.MustParseOps(pattern, z3)
	whole, err := Count(context.Background(), p, Options{MaxSum: maxSum, Jobs: 1})
	if err != nil || whole.Missing != 0 {
		t.Fatalf("the whole count: %v, missing %d", err, whole.Missing)
	}
	all := map[string]bool{}
	for _, gs := range whole.Grids {
		for _, g := range gs {
			all[g] = true
		}
	}
	for _, stopAfter := range []int{1, 4, 10} {
		ctx, cancel := context.WithCancel(context.Background())
		c, err := Count(ctx, p, Options{MaxSum: maxSum, Jobs: 1, Progress: func(done, _ int) {
			if done >= stopAfter {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) || c == nil || c.Missing <= 0 || c.Missing > c.Settings-stopAfter {
			t.Fatalf("stopped after %d of %d systems: %v, %+v; want partial counts missing at most %d settings", stopAfter, whole.Orbits, err, c, whole.Settings-stopAfter)
		}
		for s, gs := range c.Grids {
			if c.BySum[s] > whole.BySum[s] {
				t.Errorf("stopped after %d: %d grids of s = %d, more than the whole count's %d", stopAfter, c.BySum[s], s, whole.BySum[s])
			}
			for _, g := range gs {
				if !all[g] {
					t.Errorf("stopped after %d: %s is not in the whole count", stopAfter, g)
				}
			}
		}
	}
}
