package main

import (
	"github.com/families-project/families/internal/crosscheck"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// inTerminal runs the built command under script(1), which gives it a
// pseudo-terminal; shell redirections in args apply inside it. It returns
// what the terminal showed.
func inTerminal(t *testing.T, dir, args string) string {
	t.Helper()
	crosscheck.LookPath(t, "apt-get install bsdutils; no pseudo-terminal to draw a progress bar on", "script")
	cmd := exec.Command("script", "-q", "-e", "-c", familiesBinary(t)+" "+args, "/dev/null")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("families %s in a terminal: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestTimeLeft checks the bar's time left (issue 14, item 7): the work
// left at the average rate so far, and none before a step is done or a
// second has passed (the library's estimate said 0s there, and 13m24s
// for a 12 s run from the rate of its first moments).
func TestTimeLeft(t *testing.T) {
	tests := []struct {
		done, total int
		elapsed     time.Duration
		want        time.Duration
		ok          bool
	}{
		{0, 8192, 3 * time.Second, 0, false},
		{5, 100, 500 * time.Millisecond, 0, false},
		{938, 8192, 48 * time.Second, 371 * time.Second, true},
		{10, 40, 3 * time.Second, 9 * time.Second, true},
		{40, 40, 12 * time.Second, 0, true},
	}
	for _, tc := range tests {
		got, ok := timeLeft(tc.done, tc.total, tc.elapsed)
		if got != tc.want || ok != tc.ok {
			t.Errorf("timeLeft(%d, %d, %s) = %s, %t; want %s, %t", tc.done, tc.total, tc.elapsed, got, ok, tc.want, tc.ok)
		}
	}
}

// TestProgressBarTerminal checks issue item 7: a sweep draws its bar on a
// terminal only when the bar cannot mix with its records (they go to
// --out, or stdout is not that terminal); count draws one; pipes get none.
func TestProgressBarTerminal(t *testing.T) {
	dir := t.TempDir()
	const sweepArgs = "--ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --sample 120 --jobs 1"
	// The bar is drawn at most every 100 ms and its rate from the first
	// record on: a sweep that ends sooner (120 settings take 0.1 s on a
	// quiet machine) may never show one, so the bars are tested on 6,000.
	const longSweepArgs = "--ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --sample 6000 --jobs 1"
	tests := []struct {
		name, args string
		bar        string // a fragment of the bar, or "" for none
	}{
		{"records to the terminal", sweepArgs, ""},
		{"records to --out", longSweepArgs + " --out s.jsonl", " records/"},
		{"records redirected", longSweepArgs + " > r.jsonl", " records/"},
		{"count", "count --ops '+=|x-+.-|+=|=====|.=' --max-sum 8 --jobs 1", " systems/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := inTerminal(t, dir, tc.args)
			if tc.bar == "" {
				// The terminal shows a newline as \r\n; a bar's redraw
				// is a \r that no \n follows.
				if strings.Contains(strings.ReplaceAll(got, "\r\n", "\n"), "\r") || strings.Contains(got, "records/") {
					t.Errorf("a bar between the records")
				}
				if strings.Count(got, `"sweep":`) != 120 {
					t.Errorf("the terminal shows %d records, want 120", strings.Count(got, `"sweep":`))
				}
				return
			}
			if !strings.Contains(got, tc.bar) || !strings.Contains(got, "% |") {
				t.Errorf("no bar with %q:\n%q", tc.bar, got)
			}
		})
	}
	if b, err := os.ReadFile(filepath.Join(dir, "r.jsonl")); err != nil || strings.Count(string(b), "\n") != 6000 || strings.Contains(string(b), "\r") {
		t.Errorf("redirected records: %v, %d lines", err, strings.Count(string(b), "\n"))
	}
	// Pipes, as in a log: no bar.
	code, _, errOut := runBinary(t, dir, "", "--ops", "..|.-.-.|..|.-.-.|..", "--positive", "--require-all-ops", "--sample", "30", "--out", "p.jsonl")
	if code != 0 || strings.Contains(errOut, "\r") || strings.Contains(errOut, "records/") {
		t.Errorf("a bar on a pipe: exit %d, stderr %q", code, errOut)
	}
}

// TestStageLinesTerminal: on a terminal, the stages after the analysis
// (members, puzzles, questions) are shown like the analysis's own, once
// the run passes the delay (0 here, a second by default); off a terminal
// nothing is written (issue 29, item 2).
func TestStageLinesTerminal(t *testing.T) {
	t.Setenv("FAMILIES_STAGE_DELAY", "0")
	dir := t.TempDir()
	got := inTerminal(t, dir, "--members 3 --puzzles 2 --questions 1 > out.txt")
	last := -1
	for _, stage := range []string{"families: decomposition (", "families: members (", "families: puzzles (", "families: questions ("} {
		i := strings.Index(got, stage)
		if i <= last {
			t.Errorf("no line %q after the one before in the terminal:\n%s", stage, got)
		}
		last = i
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out.txt")); err != nil || !strings.Contains(string(b), "question 1 (") || strings.Contains(string(b), "families: members (") {
		t.Errorf("the report on stdout: %v\n%s", err, b)
	}
	code, _, errOut := runBinary(t, dir, "", "--members", "3", "--puzzles", "2", "--questions", "1")
	if code != 0 || errOut != "" {
		t.Errorf("off a terminal: status %d, stderr %q; want nothing", code, errOut)
	}
}
