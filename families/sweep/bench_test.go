package sweep

import (
	"context"
	"io"
	"testing"

	"github.com/families-project/families/families/grid"
)

// BenchmarkNewPlanAllZero times planning Wolf's experiment: the
// filtered enumeration of 72,960 of 16.7 million settings and the orbit
// keys that let 18,851 solves serve them all.
func BenchmarkNewPlanAllZero(b *testing.B) {
	p := grid.MustParseOps("..|.-.-.|..|.-.-.|..", z3)
	opt := Options{Filter: Filter{Positive: true, RequireAllOps: true}}
	for b.Loop() {
		plan, err := NewPlan(context.Background(), p, opt)
		if err != nil {
			b.Fatal(err)
		}
		if plan.Len() != 72960 {
			b.Fatalf("%d records", plan.Len())
		}
	}
}

// BenchmarkRunSample times a sweep of 200 settings drawn from the classic
// pattern on all cores, members included: the per-setting cost of a
// sweep whose systems have families.
func BenchmarkRunSample(b *testing.B) {
	p := grid.MustParseOps(".=|.....|.=|=====|.=", z3)
	opt := Options{Sample: 200, Seed: 5, Members: 3}
	plan, err := NewPlan(context.Background(), p, opt)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := plan.Run(context.Background(), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
