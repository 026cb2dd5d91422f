package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sweepOps is a small corner of Wolf's all-lines-zero experiment.
const sweepOps = "+-|-----|..|+-x-.|.."

func TestSweepCommand(t *testing.T) {
	code, out, stderr := runCmd(t, "", "--ops", sweepOps, "--positive", "--jobs", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Count(out, "\n")
	if lines != 196 || !strings.HasPrefix(out, `{"schema":"families/sweep-record/1","ops":"`) {
		t.Errorf("%d records, want 196:\n%.200s", lines, out)
	}
	for _, want := range []string{"196 settings of 1024 pass the filters", "class", "inconsistent", "settings with positive-integer members"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "\r") {
		t.Error("a progress bar on a stderr that is not a terminal")
	}

	// Shards from --shard and from the environment, merged, give the same
	// records and summary.
	dir := t.TempDir()
	var files []string
	for i, env := range []map[string]string{
		{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"},
		{"JOB_COMPLETION_INDEX": "1"},
		nil,
	} {
		for k, v := range env {
			t.Setenv(k, v)
		}
		f := filepath.Join(dir, "shard"+string(rune('0'+i))+".jsonl")
		args := []string{"--ops", sweepOps, "--positive", "--out", f}
		switch i {
		case 1:
			args = append(args, "--shards", "3")
		case 2:
			args = append(args, "--shard", "2/3")
		}
		if code, _, stderr := runCmd(t, "", args...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
		for k := range env {
			os.Unsetenv(k)
		}
		files = append(files, f)
	}
	code, merged, mergeErr := runCmd(t, "", append([]string{"merge"}, files...)...)
	if code != 0 || merged != out {
		t.Errorf("merge: exit %d, %d bytes, one run %d: %s", code, len(merged), len(out), mergeErr)
	}
	summary := stderr[strings.Index(stderr, "sweep: "):strings.LastIndex(stderr, "time ")]
	if mergeErr != summary {
		t.Errorf("merge summary\n%s\nwant\n%s", mergeErr, summary)
	}

	// --resume continues a cut checkpoint.
	ck := filepath.Join(dir, "ck.jsonl")
	os.WriteFile(ck, []byte(out[:len(out)/2]), 0o644)
	if code, _, stderr := runCmd(t, "", "--ops", sweepOps, "--positive", "--out", ck, "--resume"); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(ck); !bytes.Equal(got, []byte(out)) {
		t.Error("resumed checkpoint differs from one run")
	}
}

func TestSweepBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--ops", sweepOps, "--resume"}, "--resume needs --out"},
		{[]string{"--ops", sweepOps, "--shard", "3/3"}, "shard"},
		{[]string{"--ops", sweepOps, "--shards", "4"}, "which shard"},
		{[]string{"--ops", sweepOps, "--format", "text"}, "JSON Lines"},
		{[]string{"--ops", sweepOps, "--sample", "-1"}, "negative"},
		{[]string{"merge"}, "shard files"},
		{[]string{"count", "--ops", sweepOps}, "--max-sum"},
		{[]string{"count", "--max-sum", "10"}, "--ops"},
		{[]string{"export", "--to", "mathematica", "--ops", sweepOps, "--out-dir", "x"}, "mathematica"},
		{[]string{"export", "--to", "json", "--ops", sweepOps}, "required"},
	}
	for _, tc := range tests {
		code, _, stderr := runCmd(t, "", tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestCountCommand(t *testing.T) {
	code, out, stderr := runCmd(t, "", "count", "--ops", "+=|x-..-|.=|=====|/=", "--max-sum", "12", "--list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The one-parameter family of Wolf (2010) in standard form, and its
	// relatives that share the member 4 2 6 / 2 2 4 / 8 4 2.
	for _, want := range []string{"8 1\n", "10 4\n", "12 1\n", "total 6\n", "+=|x-++-|+=|=====|/=  3 2 5 / 2 1 3 / 6 3 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("count output lacks %q:\n%s", want, out)
		}
	}
}

func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := runCmd(t, "", "export", "--to", "json", "--ops", "--|..-.-|-/|x-+..|+-", "--positive", "--out-dir", dir)
	if code != 0 || !strings.Contains(out, "4 systems written") {
		t.Fatalf("exit %d: %s %s", code, out, stderr)
	}
	for _, f := range []string{"records.jsonl", "json/systems.json", "json/check.py", "json/run.sh"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestMergeInPlace: --out may name one of the inputs; it is replaced only
// by a merge that succeeds.
func TestMergeInPlace(t *testing.T) {
	code, whole, stderr := runCmd(t, "", "--ops", sweepOps, "--positive")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for i, f := range []string{a, b} {
		if code, _, stderr := runCmd(t, "", "--ops", sweepOps, "--positive", "--shard", []string{"0/2", "1/2"}[i], "--out", f); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
	}
	shardA, _ := os.ReadFile(a)
	// The replaced file keeps its mode (CreateTemp's 0600 must not leak).
	if err := os.Chmod(a, 0o640); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // a's content afterwards
	}{
		{"a missing shard leaves --out alone", []string{"merge", "--out", a, a}, 2, string(shardA)},
		{"--out among the inputs", []string{"merge", "--out", a, a, b}, 0, whole},
	}
	for _, tc := range tests {
		code, _, stderr := runCmd(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %s", tc.name, code, tc.code, stderr)
		}
		if got, _ := os.ReadFile(a); string(got) != tc.want {
			t.Errorf("%s: %s has %d bytes, want %d", tc.name, a, len(got), len(tc.want))
		}
	}
	if fi, err := os.Stat(a); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("merged %s: mode %v, %v; want 0640 kept", a, fi.Mode(), err)
	}
	c := filepath.Join(dir, "c.jsonl")
	if code, _, stderr := runCmd(t, "", "merge", "--out", c, a); code != 0 {
		t.Fatalf("merge into a new file: exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(c); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new %s: mode %v, %v; want 0644", c, fi.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
