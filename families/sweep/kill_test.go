package sweep

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/families-project/families/families/grid"
)

// killPattern takes a few seconds on one goroutine: long enough to be
// killed in the middle.
const killPattern = "-.|.-.-.|..|.-.-.|--"

var killOptions = Options{Filter: Filter{Positive: true, RequireAllOps: true}, Members: 3, Jobs: 1}

// TestMain lets the test binary run a sweep as a subprocess that the test
// kills.
func TestMain(m *testing.M) {
	if out := os.Getenv("SWEEP_TEST_HELPER_OUT"); out != "" {
		plan, err := NewPlan(context.Background(), grid.MustParseOps(killPattern, z3), killOptions)
		if err == nil {
			_, err = plan.RunFile(context.Background(), out, os.Getenv("SWEEP_TEST_HELPER_RESUME") != "")
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestResumeAfterKill runs a sweep in a subprocess, kills it with SIGKILL
// once some records are on disk, resumes it in another subprocess that is
// killed too, and finishes it here: the file ends with exactly the records
// of an uninterrupted run.
func TestResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a sweep three times")
	}
	want, _, plan := runPlan(t, killPattern, killOptions)
	path := filepath.Join(t.TempDir(), "sweep.jsonl")
	for round, resume := range []string{"", "1"} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "SWEEP_TEST_HELPER_OUT="+path, "SWEEP_TEST_HELPER_RESUME="+resume)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		before := fileLines(path)
		deadline := time.Now().Add(time.Minute)
		for fileLines(path) <= before+50 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if err := cmd.Process.Kill(); err != nil { // SIGKILL
			t.Fatal(err)
		}
		cmd.Wait()
		n := fileLines(path)
		if n >= plan.Len() {
			t.Fatalf("round %d: the sweep finished (%d records) before it was killed", round, n)
		}
		t.Logf("round %d: killed with %d of %d records on disk", round, n, plan.Len())
	}
	p, err := NewPlan(context.Background(), grid.MustParseOps(killPattern, z3), killOptions)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.RunFile(context.Background(), path, true); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if !bytes.Equal(got, want) {
		t.Errorf("resumed sweep: %d bytes, uninterrupted %d", len(got), len(want))
	}
}

func fileLines(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}
