package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHardeningLargestTimeout: --timeout 2562047h47m16s, the largest
// duration, is no limit; it ended every command at once with "timed out"
// (the backstop's time, the limit plus a grace, wrapped around; issue 27,
// item 10). The built command, which alone has the backstop.
func TestHardeningLargestTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the built command")
	}
	const tmax = "2562047h47m16s"
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--timeout", tmax},
		{"--timeout", tmax, "--members", "2", "--puzzles", "1"},
		{"count", "--ops", "+=|x-+.-|+=|=====|.=", "--max-sum", "8", "--timeout", tmax, "--system-timeout", tmax},
		{"export", "--to", "json", "--ops", "+=|x-+.-|+=|=====|.=", "--out", filepath.Join(dir, "exp"), "--timeout", tmax, "--system-timeout", tmax},
		{"census", "--size", "3x3", "--max", "12", "--timeout", tmax, "--system-timeout", tmax},
		{"--ops", "+=|x-+.-|+=|=====|.=", "--timeout", tmax},
		{"factor", "--timeout", tmax, "x^2 - 1"},
	} {
		code, _, stderr := runBinary(t, "", "", args...)
		if code != 0 {
			t.Errorf("%v: status %d, stderr %q; want 0", args, code, stderr)
		}
	}
}

// TestHardeningClosedPipe: a standard output whose reader has gone ends
// the command with status 1 and a line saying so, as the README promises;
// before, SIGPIPE killed it silently (status 141; issue 27, item 10).
func TestHardeningClosedPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the built command")
	}
	for _, args := range [][]string{
		// A command whose output outgrows the pipe's buffer: a sweep of 16
		// settings fitted in it whole and ended with status 0 when its
		// reader left after the last write (flaky in CI).
		{"census", "--size", "3x3", "--max", "3000", "--analyze", "0"},
	} {
		cmd := exec.Command(familiesBinary(t), args...)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdout = w
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		// Read a little, as head -c does, then go away.
		io.ReadFull(r, make([]byte, 10))
		r.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running 60 s after its reader left", args)
		}
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(errb.String(), "broken pipe") {
			t.Errorf("%v: status %d (%v), stderr %q; want 1 and a line saying the pipe broke", args, code, cmd.ProcessState, errb.String())
		}
	}
}

// TestHardeningSameFaultSameStatus: the same kind of fault gets the same status in
// every command (issue 27, item 10): bad input (a pattern too large to
// count, an --out in a missing directory, a checkpoint of another run) is
// 2 (a rejected checkpoint was 1, a census --out in a missing directory
// 1, a pattern too large for count 1); the message of a refused census
// checkpoint describes both censuses in words, not as a Go struct.
func TestHardeningSameFaultSameStatus(t *testing.T) {
	dir := t.TempDir()
	sweepFile := filepath.Join(dir, "sweep.jsonl")
	if code, _, stderr := runCmd(t, "", "--ops", "+=|x-+.-|+=|=====|.=", "--members", "0", "--out", sweepFile); code != 0 {
		t.Fatalf("sweep: %d %s", code, stderr)
	}
	censusFile := filepath.Join(dir, "census.jsonl")
	if code, _, stderr := runCmd(t, "", "census", "--size", "3x3", "--max", "5", "--analyze", "0", "--out", censusFile); code != 0 {
		t.Fatalf("census: %d %s", code, stderr)
	}
	copyOf := func(src string) string {
		b, _ := os.ReadFile(src)
		p := filepath.Join(t.TempDir(), filepath.Base(src))
		os.WriteFile(p, b, 0o644)
		return p
	}
	all4x4 := strings.Repeat(".", 33)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"count of a pattern too large", []string{"count", "--size", "4x4", "--ops", all4x4, "--max-sum", "5"}, "more than count solves"},
		{"census --out in a missing directory", []string{"census", "--size", "3x3", "--max", "5", "--out", filepath.Join(dir, "missing", "c.jsonl")}, "no such file or directory"},
		{"sweep --out in a missing directory", []string{"--ops", "+=|x-+.-|+=|=====|.=", "--out", filepath.Join(dir, "missing", "s.jsonl")}, "no such file or directory"},
		{"sweep --resume of another sweep", []string{"--ops", "+=|x-+.-|+=|=====|.-", "--members", "0", "--out", copyOf(sweepFile), "--resume"}, "another sweep"},
		{"sweep --resume of a census", []string{"--ops", "+=|x-+.-|+=|=====|.=", "--members", "0", "--out", copyOf(censusFile), "--resume"}, "record 1"},
		{"census --resume of another census", []string{"census", "--size", "3x3", "--max", "6", "--analyze", "0", "--out", copyOf(censusFile), "--resume"}, "comes from another census, id "},
		{"census --resume of a sweep", []string{"census", "--size", "3x3", "--max", "5", "--analyze", "0", "--out", copyOf(sweepFile), "--resume"}, "is not a census line"},
		{"sweep --shard 0/9223372036854775807 of too many settings", []string{"--ops", "..|.....|..|.....|..", "--shard", "0/9223372036854775807", "--dry-run"}, "more than 16777216 settings"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", tc.args...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			last := lines[len(lines)-1]
			if code != 2 || !strings.Contains(last, tc.want) || strings.Contains(last, "ID:") {
				t.Errorf("%v: status %d, stderr %q; want 2 and a last line with %q", tc.args, code, stderr, tc.want)
			}
		})
	}
}
