package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHardeningWholeTimeout checks that --timeout of count and export
// bounds the whole command: it ends within the limit and a second, with
// status 1, one line on stderr saying it timed out, and output that says
// it is incomplete; --system-timeout keeps the old per-system limit
// (issue 12, item 5). Before, --timeout bounded each system only, and
// these ran to the end (11 s and over 3 s here) with status 0.
func TestHardeningWholeTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the built command for seconds")
	}
	familiesBinary(t) // built before the clock starts
	dir := t.TempDir()
	const limit = time.Second
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // fragments the output must hold
		stderr string   // a fragment of stderr's last line
		lines  int      // lines on stderr
	}{
		{"count, long family walks",
			[]string{"count", "--ops", "+=|x-+.-|+=|=====|.=", "--max-sum", "1000", "--timeout", "1s"},
			1, []string{"incomplete: timed out after 1s", "lower bound"}, "timed out after 1s (--timeout)", 1},
		{"export, many systems",
			[]string{"export", "--to", "json", "--ops", ".=|.....|.=|=====|.=", "--sample", "300", "--out-dir", filepath.Join(dir, "suite"), "--timeout", "1s"},
			1, []string{"incomplete: timed out after 1s", "systems not written"}, "timed out after 1s (--timeout)", 1},
		{"count, per-system limit kept",
			[]string{"count", "--ops", "+=|x-+.-|+=|=====|.=", "--max-sum", "10", "--system-timeout", "1ns"},
			0, []string{"total 0"}, "hit --system-timeout; the counts are lower bounds", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			code, stdout, stderr := runBinary(t, "", "", tc.args...)
			took := time.Since(start)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if code != tc.code || len(lines) != tc.lines || !strings.Contains(lines[len(lines)-1], tc.stderr) {
				t.Errorf("%v: status %d, stderr %q; want %d and %d lines, the last with %q", tc.args, code, stderr, tc.code, tc.lines, tc.stderr)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("%v: stdout %.300q lacks %q", tc.args, stdout, want)
				}
			}
			// The promise is the limit and a second (alone these take
			// 1.02 to 1.09 s); the test allows two, for a loaded machine,
			// which still fails the old behavior by ten.
			if tc.code == 1 && took > limit+2*time.Second {
				t.Errorf("%v took %s: --timeout %s must end the command within a second of it", tc.args, took, limit)
			}
		})
	}
	// The records and systems written are those of the records made.
	recs, err := os.ReadFile(filepath.Join(dir, "suite", "records.jsonl"))
	if err != nil || bytes.Count(recs, []byte{'\n'}) >= 295 {
		t.Errorf("export cut short: %d records, %v; want fewer than the 295 planned", bytes.Count(recs, []byte{'\n'}), err)
	}
}

// TestHardeningMergeSignal interrupts a merge reading a shard that arrives
// slowly through a pipe and checks that it stops at once (not after the
// 10 s grace), with status 1 and "interrupted", leaving neither --out nor
// a temporary file (issue 12, merge). Before, it read on until main gave
// up after the grace period, and the temporary file stayed.
func TestHardeningMergeSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	bin := familiesBinary(t)
	for _, toFile := range []bool{true, false} {
		dir := t.TempDir()
		fifo := filepath.Join(dir, "shard.jsonl")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "merged.jsonl")
		args := []string{"merge", fifo}
		if toFile {
			args = []string{"merge", "--out", out, fifo}
		}
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A writer that trickles a line that never ends, as a shard still
		// being copied: merge reads line by line, so a complete line
		// would be parsed (and refused) at once.
		stopWriter := make(chan struct{})
		go func() {
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			defer w.Close()
			w.WriteString(`{"index":`)
			for {
				select {
				case <-stopWriter:
					return
				case <-time.After(5 * time.Millisecond):
					if _, err := w.WriteString(" "); err != nil {
						return
					}
				}
			}
		}()
		time.Sleep(500 * time.Millisecond)
		cmd.Process.Signal(os.Interrupt)
		sent := time.Now()
		err := cmd.Wait()
		took := time.Since(sent)
		close(stopWriter)
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") || took > 3*time.Second {
			t.Errorf("%v: %v after %s, stderr %q; want status 1 and \"interrupted\" within a few seconds", args, err, took, stderr.String())
		}
		left, _ := filepath.Glob(filepath.Join(dir, "*"))
		if len(left) != 1 {
			t.Errorf("%v left %v; want only the input", args, left)
		}
	}
}
