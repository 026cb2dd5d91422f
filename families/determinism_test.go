package families_test

import (
	"context"
	"encoding/json"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
)

// TestAnswerIndependentOfLoad analyzes 4x4 settings whose families once
// changed with the machine's load (1, 3, 4 or 9 families for the first,
// from the race of SolveCases's strategies) as they are, on one core, and
// beside goroutines that keep every core busy: the JSON reports must be
// the same bytes (the canonical form, solve.Reduction.Canonical).
func TestAnswerIndependentOfLoad(t *testing.T) {
	settings := []string{
		"+/=|x-/x+/+|x/=|-/--+-x|/x=|=======|x-=",
		"--=|xx+x++/|/-=|x/-++--|+/=|=======|x/=",
		"+/=|/-/+xx-|/+=|x-++-x+|xx=|=======|x/=",
		"x-=|+---xx/|x/=|x+-x/-+|/x=|=======|/+=",
		"/-=|x+//-x/|-x=|+-+--x/|--=|=======|-/=",
	}
	if testing.Short() {
		settings = settings[:2]
	}
	z := grid.Size{Rows: 4, Cols: 4}
	analyze := func(t *testing.T, ops string) string {
		t.Helper()
		rep, err := families.Analyze(context.Background(), grid.MustParseOps(ops, z),
			families.Options{Limits: groebner.Limits{Timeout: 5 * time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Error != "" {
			t.Fatalf("%s: %s", ops, rep.Error)
		}
		b, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := map[string]string{}
	for _, ops := range settings {
		want[ops] = analyze(t, ops)
	}
	t.Run("one core", func(t *testing.T) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		for _, ops := range settings {
			if got := analyze(t, ops); got != want[ops] {
				t.Errorf("%s: on one core\n%s\nas is\n%s", ops, got, want[ops])
			}
		}
	})
	t.Run("busy cores", func(t *testing.T) {
		var stop atomic.Bool
		var wg sync.WaitGroup
		for range runtime.NumCPU() {
			wg.Go(func() {
				x := 0
				for !stop.Load() {
					x++
				}
				_ = x
			})
		}
		defer func() { stop.Store(true); wg.Wait() }()
		for _, ops := range settings {
			if got := analyze(t, ops); got != want[ops] {
				t.Errorf("%s: beside busy cores\n%s\nas is\n%s", ops, got, want[ops])
			}
		}
	})
}
