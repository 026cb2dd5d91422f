package sweep

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestPlanRefusesLargeSweeps checks that a sweep larger than a run holds is
// refused from a count, before anything is planned (issue 12 item 2: these
// grew by 80 MB/s for a minute before), and that a cancelled context stops
// planning with the context's error.
func TestPlanRefusesLargeSweeps(t *testing.T) {
	z4 := grid.Size{Rows: 4, Cols: 4}
	tests := []struct {
		pattern string
		z       grid.Size
		opt     Options
		want    string
	}{
		{strings.Repeat(".", 33), z4, Options{}, "more than 16777216 settings"},
		{strings.Repeat(".", 33), z4, Options{Filter: Filter{Positive: true}}, "more than 16777216 settings"},
		{strings.Repeat(".", 33), z4, Options{Shard: Shard{Index: 0, Count: 1000}}, "more than 16777216 settings"},
		{"..|.-.-.|..|.-.-.|..", z3, Options{}, "split the sweep into at least 8 shards"},
		{"..|.-.-.|..|.-.-.|..", z3, Options{Shard: Shard{Index: 1, Count: 4}}, "split the sweep into at least 8 shards"},
	}
	for _, tc := range tests {
		_, err := NewPlan(context.Background(), grid.MustParseOps(tc.pattern, tc.z), tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewPlan(%s, %+v) error = %v, want %q", tc.pattern, tc.opt, err, tc.want)
		}
	}
	// Eight shards of the 3x3 pattern fit; the count says so at once.
	p := grid.MustParseOps("..|.-.-.|..|.-.-.|..", z3)
	// One record per orbit (export's default) still holds every setting
	// in the records' equivalent lists: unrefused, an export of this
	// pattern passed 4 GB while planning. checkSize is called directly
	// so that, were it to pass, the test fails at once instead of planning.
	for _, opt := range []Options{{OncePerOrbit: true}, {OncePerOrbit: true, Members: 1, Shard: Shard{Index: 0, Count: 4}}} {
		if err := checkSize(p, p.DefaultLines(), opt); err == nil || !strings.Contains(err.Error(), "split the sweep into at least 8 shards") {
			t.Errorf("checkSize(%s, once per orbit, shard %s) = %v, want a refusal", p, opt.Shard, err)
		}
	}
	if err := checkSize(p, p.DefaultLines(), Options{Shard: Shard{Index: 3, Count: 8}}); err != nil {
		t.Errorf("8 shards of %s refused: %v", p, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewPlan(ctx, grid.MustParseOps("..|.-.-.|..|.-.-.|..", z3), Options{Filter: Filter{Positive: true}}); !errors.Is(err, context.Canceled) {
		t.Errorf("NewPlan(cancelled) error = %v, want context.Canceled", err)
	}
}

// TestMatcherCount checks the cheap count against the enumeration.
func TestMatcherCount(t *testing.T) {
	for _, f := range []Filter{{}, {Positive: true}, {RequireAllOps: true}, {Positive: true, RequireAllOps: true}} {
		p := grid.MustParseOps("..|.-.-.|+=|=====|.=", z3)
		m, err := newMatcher(p, p.DefaultLines(), f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for range Settings(p, p.DefaultLines(), f) {
			n++
		}
		if got := m.count(1 << 20); got != n {
			t.Errorf("count(%+v) = %d, want %d", f, got, n)
		}
		if n > 3 {
			if got := m.count(3); got != 4 {
				t.Errorf("count(%+v, limit 3) = %d, want 4", f, got)
			}
		}
	}
}

// TestSweepOptionsFromID checks that merge finds a sweep's options from
// its ID, so that it can check the records against the settings planned.
func TestSweepOptionsFromID(t *testing.T) {
	pat := grid.MustParseOps(small, z3)
	for _, opt := range []Options{
		{Filter: Filter{Positive: true}},
		{Filter: Filter{RequireAllOps: true}, Members: 3},
		{Members: 250, OncePerOrbit: true},
	} {
		plan, err := NewPlan(context.Background(), pat, opt)
		if err != nil {
			t.Fatal(err)
		}
		v := &view{Lines: plan.sel.String(), Eval: plan.opt.Analysis.Eval.String(), Sweep: plan.sweep}
		got, _, ok := sweepOptions(pat, v)
		if !ok || got.Filter != opt.Filter || got.Members != opt.Members || got.OncePerOrbit != opt.OncePerOrbit {
			t.Errorf("options %+v found as %+v, %t", opt, got, ok)
		}
	}
	// A sample's seed cannot be tried: not found, and merge checks records one by one.
	plan, err := NewPlan(context.Background(), pat, Options{Sample: 5, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	v := &view{Lines: plan.sel.String(), Eval: plan.opt.Analysis.Eval.String(), Sweep: plan.sweep}
	if _, _, ok := sweepOptions(pat, v); ok {
		t.Error("a sample's options were found")
	}
}
