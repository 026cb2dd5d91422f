package crosscheck

import (
	"os/exec"
	"testing"
)

// recorder is a testing.TB that records how a test stopped.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Skip(args ...any) {
	r.skipped = true
	r.msg = args[0].(string)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.msg = format
}

// TestSkip: outside CI an absent tool skips (Skip) or is logged
// (Missing); under CI=true both fail.
func TestSkip(t *testing.T) {
	for _, tc := range []struct {
		ci           string
		skip, failed bool
	}{
		{"", true, false},
		{"false", true, false},
		{"true", false, true},
	} {
		t.Setenv("CI", tc.ci)
		r := &recorder{TB: t}
		Skip(r, "no tool")
		if r.skipped != tc.skip || r.failed != tc.failed {
			t.Errorf("CI=%q: skipped %v failed %v, want %v %v", tc.ci, r.skipped, r.failed, tc.skip, tc.failed)
		}
		// Missing goes on (logs) where Skip skips, and fails as it does.
		r = &recorder{TB: t}
		Missing(r, "no tool for one part")
		if r.skipped || r.failed != tc.failed {
			t.Errorf("CI=%q: Missing skipped %v failed %v, want false %v", tc.ci, r.skipped, r.failed, tc.failed)
		}
	}
}

// TestLookPath finds sh (present on every machine the tests run on) and
// stops on a name that is no program.
func TestLookPath(t *testing.T) {
	t.Setenv("CI", "true")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal("no sh on PATH")
	}
	r := &recorder{TB: t}
	if got := LookPath(r, "apt-get install sh", "no-such-tool-families", "sh"); got != sh || r.failed || r.skipped {
		t.Errorf("LookPath = %q (failed %v, skipped %v), want %q", got, r.failed, r.skipped, sh)
	}
	r = &recorder{TB: t}
	if got := LookPath(r, "nowhere", "no-such-tool-families"); got != "" || !r.failed {
		t.Errorf("LookPath of an absent tool under CI = %q, failed %v; want a failure", got, r.failed)
	}
}
