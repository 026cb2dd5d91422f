package export

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/sweep"
)

// TestWriteCutShort checks that Write, with its context ended partway,
// writes the systems of the records made so far and accounts for every
// planned record: written, skipped or unsolved.
func TestWriteCutShort(t *testing.T) {
	for _, stopAfter := range []int{1, 5} {
		ctx, cancel := context.WithCancel(context.Background())
		opt := sweep.Options{Filter: sweep.Filter{Positive: true}, Sample: 40, Seed: 1, Members: 1, OncePerOrbit: true, Jobs: 1,
			Progress: func(done, _ int) {
				if done >= stopAfter {
					cancel()
				}
			}}
		plan, err := sweep.NewPlan(ctx, grid.MustParseOps("..|.-.-.|..|.-.-.|..", z3), opt)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		res, err := Write(ctx, plan, "json", dir)
		if !errors.Is(err, context.Canceled) || res == nil {
			t.Fatalf("stopped after %d: %v, %v; want the summary and context.Canceled", stopAfter, res, err)
		}
		recs, _ := os.ReadFile(filepath.Join(dir, "records.jsonl"))
		n := bytes.Count(recs, []byte{'\n'})
		if n == 0 || res.Unsolved == 0 || res.Systems+res.Skipped != n || n+res.Unsolved != plan.Len() {
			t.Errorf("stopped after %d: %d records, summary %+v, plan %d: want every record accounted for", stopAfter, n, res, plan.Len())
		}
		if _, err := os.Stat(filepath.Join(dir, "json", "run.sh")); err != nil {
			t.Errorf("no runner for the systems written: %v", err)
		}
		cancel()
	}
}
