package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain runs main itself when FAMILIES_TEST_ARGS is set, so that tests
// can send signals to a real process.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("FAMILIES_TEST_ARGS"); ok {
		os.Args = append([]string{"families"}, strings.Split(args, "\x1f")...)
		main()
	}
	code := m.Run()
	removeBinary() // the command built by familiesBinary, if any
	os.Exit(code)
}

// TestHardeningExitCodes checks the exit status and the one-line message
// of inputs that were accepted, ran without bound or got the wrong status
// (issue 12, items 1, 3, 11).
func TestHardeningExitCodes(t *testing.T) {
	dir := t.TempDir()
	p1, err := os.ReadFile("../../testdata/puzzles/p1.grid")
	if err != nil {
		t.Fatal(err)
	}
	longWord := filepath.Join(dir, "long.grid")
	os.WriteFile(longWord, []byte(strings.Replace(string(p1), "\nAB  x  C", "\nABABABABABABABABABAB  x  C", 1)), 0o644)
	p1File := filepath.Join(dir, "p1.grid")
	os.WriteFile(p1File, p1, 0o644)
	const sweep3 = "..|.-.-.|..|.-.-.|.."
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"factor huge power", []string{"factor", "--timeout", "5s", "(x+y+z)^200"}, 2, "too large to expand"},
		{"factor huge power, syntax error after", []string{"factor", "(x+y+z)^140 )"}, 2, "too large to expand"},
		{"groebner huge power", []string{"groebner", "--timeout", "5s", "-"}, 2, "too large to expand"},
		{"negative members", []string{"--members", "-1"}, 2, "--members must be at least 0"},
		{"negative puzzles", []string{"--puzzles", "-2"}, 2, "--puzzles must be at least 0"},
		{"negative questions", []string{"--questions", "-3"}, 2, "--questions must be at least 0"},
		{"negative budget", []string{"--budget", "-4", "--members", "1"}, 2, "--budget must be at least 0"},
		{"huge members", []string{"--members", "2147483648"}, 2, "more than"},
		{"huge puzzles", []string{"--puzzles", "2147483648"}, 2, "more than"},
		{"sweep huge members", []string{"--ops", "+=|x-+.-|+=|=====|.=", "--members", "2147483648"}, 2, "more than"},
		{"solve word over 18 digits", []string{"solve", longWord}, 2, "longer than 18 digits"},
		{"solve more letters than digits (6)", []string{"solve", "--distinct-digits", "02468", p1File}, 2, "allowed digits"},
		{"shard 0/0", []string{"--ops", sweep3, "--positive", "--require-all-ops", "--shard", "0/0", "--dry-run"}, 2, "0 <= i < N"},
		{"shard 1/0", []string{"--ops", sweep3, "--positive", "--require-all-ops", "--shard", "1/0", "--dry-run"}, 2, "0 <= i < N"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "(x+y+z)^200\n", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: status %d, stderr %q; want %d and one line with %q", tc.args, code, stderr, tc.code, tc.want)
			}
		})
	}
}

// TestHardeningTimeout checks that --timeout bounds the whole command,
// the expansion of powers included (issue 12, item 5).
func TestHardeningTimeout(t *testing.T) {
	// (x+y+z)^60 is below the expansion bound but takes well over 1 ms.
	tests := [][]string{
		{"factor", "--timeout", "1ms", "(x+y+z)^60 - 1"},
		{"groebner", "--timeout", "1ms", "-"},
		{"solve", "--timeout", "1ns", "../../testdata/puzzles/p1.grid"},
		{"--questions", "5000", "--timeout", "300ms"}, // seconds of work after the algebra
	}
	for _, args := range tests {
		code, _, stderr := runCmd(t, "(x+y+z)^60 - 1\nx*y - z\n", args...)
		if code != 1 || !strings.Contains(stderr, "timed out after") {
			t.Errorf("%v: status %d, stderr %q; want 1 and \"timed out after\"", args, code, stderr)
		}
	}
}

// failWriter fails every write, as standard output on /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestHardeningStdoutErrors checks that a failed write on standard output
// fails every command with status 1 and one line (issue 12, item 9).
func TestHardeningStdoutErrors(t *testing.T) {
	tests := [][]string{
		{"factor", "x^2 - 1"},
		{"solve", "../../testdata/puzzles/p1.grid"},
		{"groebner", "-"},
		{"check", "--ops", "x=|+x//-|x=|=====|x=", "../../testdata/grids/s1.txt"},
		{"count", "--ops", "+=|x-+.-|+=|=====|.=", "--max-sum", "6"},
		{},
		{"--format", "json"},
		{"--ops", "+=|x-+.-|+=|=====|.="},
	}
	for _, args := range tests {
		var stderr strings.Builder
		stdin = strings.NewReader("x - y\nx + y - 2\n")
		code := run(args, failWriter{}, &stderr)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if code != 1 || !strings.Contains(lines[len(lines)-1], "no space left on device") {
			t.Errorf("%v with a failing stdout: status %d, stderr %q; want 1 and a last line saying why", args, code, stderr.String())
		}
	}
}

// TestHardeningInterrupted checks that an interruption (the context main
// cancels on SIGINT or SIGTERM) ends an analysis with its report of class
// timeout and status 1, and planning a sweep with status 1, not 2 (issue
// 12, items 2 and 10).
func TestHardeningInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	interrupt = ctx
	defer func() { interrupt = context.Background() }()
	code, stdout, stderr := runCmd(t, "")
	if code != 1 || !strings.Contains(stdout, "class: timeout") || !strings.Contains(stderr, "interrupted") {
		t.Errorf("interrupted analysis: status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = runCmd(t, "", "--ops", "..|.-.-.|..|.-.-.|..", "--positive", "--require-all-ops", "--dry-run")
	if code != 1 || !strings.Contains(stderr, "interrupted") {
		t.Errorf("interrupted planning: status %d, stderr %q", code, stderr)
	}
}

// TestHardeningSignal sends SIGINT and SIGTERM to a real process making
// questions (seconds of work) and checks that it ends with status 1 and a
// word on stderr, never silently.
func TestHardeningSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "FAMILIES_TEST_ARGS=--questions\x1f5000")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(700 * time.Millisecond)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("%v: %v, stderr %q; want status 1 and \"interrupted\"", sig, err, stderr.String())
		}
	}
}

// TestHardeningQuoting checks that a long input is quoted in at most a
// few dozen bytes and that non-ASCII characters are reported as such
// (issue 12, item 12).
func TestHardeningQuoting(t *testing.T) {
	long := strings.Repeat("q", 120000)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"factor", "x + " + long + "!"}, "unexpected character '!'"},
		{[]string{"factor", "x + α"}, "'α'"},
		{[]string{"groebner", "-"}, "column"},
		{[]string{"--ops", long}, ""},
		{[]string{"--size", long}, ""},
		{[]string{"--ops", "+=|x-+.-|+=|=====|.=", "--shard", long}, ""},
		{[]string{long}, "unknown command"},
	}
	for _, tc := range tests {
		code, _, stderr := runCmd(t, "x + "+long+" y\n", tc.args...)
		if code != 2 || len(stderr) > 300 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%.30q...: status %d, %d bytes of stderr %.300q", tc.args, code, len(stderr), stderr)
		}
	}
}

// TestHardeningOutputs checks that the --out of merge, a sweep and census write
// only regular files, through a lock, and refuse anything else with status
// 2 and the path named, leaving it as it was (issue 12 items 7 and 8).
func TestHardeningOutputs(t *testing.T) {
	dir := t.TempDir()
	const pattern = "+=|x-+.-|+=|=====|.="
	shard := filepath.Join(dir, "all.jsonl")
	if code, _, stderr := runCmd(t, "", "--ops", pattern, "--members", "0", "--out", shard); code != 0 {
		t.Fatalf("sweep: %d %s", code, stderr)
	}
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep\n"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink(target, link)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked.jsonl")
	os.WriteFile(locked, []byte("another run's records\n"), 0o644)
	holder, err := os.OpenFile(locked, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if err := syscall.Flock(int(holder.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{link, fifo, dir, "/dev/full", locked} {
		for _, args := range [][]string{
			{"merge", "--out", out, shard},
			{"--ops", pattern, "--members", "0", "--out", out},
			{"--ops", pattern, "--members", "0", "--out", out, "--resume"},
			// census wrote through a link and into a device before.
			{"census", "--size", "3x3", "--max", "3", "--out", out},
			{"census", "--size", "3x3", "--max", "3", "--out", out, "--resume"},
		} {
			code, _, stderr := runCmd(t, "", args...)
			if code != 2 || !strings.Contains(stderr, out) {
				t.Errorf("%v: status %d, stderr %q; want 2 naming %s", args, code, stderr, out)
			}
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep\n" {
		t.Errorf("the link's target became %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if b, _ := os.ReadFile(locked); string(b) != "another run's records\n" {
		t.Errorf("the locked file became %q", b)
	}
	for _, out := range []string{target, "/dev/full", fifo} {
		code, _, stderr := runCmd(t, "", "export", "--to", "json", "--ops", pattern, "--out", out)
		if code != 2 || !strings.Contains(stderr, "not a directory") {
			t.Errorf("export --out %s: status %d, stderr %q; want 2", out, code, stderr)
		}
	}
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/full is no longer a device")
	}
	// A merge whose standard output fails exits 1: the inputs were fine.
	var stderr strings.Builder
	if code := run([]string{"merge", shard}, failWriter{}, &stderr); code != 1 {
		t.Errorf("merge to a failing stdout: status %d, %q; want 1", code, stderr.String())
	}
	// A regular file, even one of the inputs, is replaced by the merge.
	merged := filepath.Join(dir, "merged.jsonl")
	if code, _, stderr := runCmd(t, "", "merge", "--out", merged, shard); code != 0 {
		t.Errorf("merge into a new file: %d %s", code, stderr)
	}
	if code, _, stderr := runCmd(t, "", "merge", "--out", shard, shard); code != 0 {
		t.Errorf("merge into its input: %d %s", code, stderr)
	}
	a, _ := os.ReadFile(merged)
	b, _ := os.ReadFile(shard)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("the merges differ (%d and %d bytes)", len(a), len(b))
	}
}

// TestTimeoutBackstop runs the built program on settings whose analysis
// takes far longer than the limit: --timeout must end the process within T
// plus one second, through the analysis's own deadline or, where the
// algebra does not look at its context in time, through the backstop (an
// earlier 5x5 setting reached it inside a saturation's substitution until
// poly.SubstContext). The settings are two of the 5x5 table that run past
// 15 s (BENCHMARKS.md, sixth session; no 4x4 setting of the table takes a
// second any more); the bound checked leaves a second more for starting
// the process on a loaded machine.
func TestTimeoutBackstop(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: runs the binary on slow 5x5 settings")
	}
	familiesBinary(t) // built before the clock starts: a loaded build took 7 s
	for _, c := range []struct{ size, ops string }{
		{"5x5", "x+x=|x++-++-+-|-/-=|-++x/-+-/|+//=|/x--x//-+|-x/=|=========|/--="},
		{"5x5", "+x+=|x/-/x+---|/x/=|xx+x+x+x/|//-=|--/-////+|x+x=|=========|+++="},
	} {
		ops := c.ops
		start := time.Now()
		code, _, stderr := runBinary(t, "", "", "--size", c.size, "--ops", ops, "--timeout", "1s")
		if took := time.Since(start); code != 1 || took > 3*time.Second || !strings.Contains(stderr, "timed out") && !strings.Contains(stderr, "class timeout") {
			t.Errorf("%s --timeout 1s: status %d after %s, stderr %q; want 1 within 2 s and a timeout", ops, code, took, stderr)
		}
	}
}

// TestHardeningInterruptedAfterWork: a signal that comes after a command
// ended its work without looking at the context (template never does)
// ends with status 1 and says the work was complete, not a bare
// "interrupted" over a finished output.
func TestHardeningInterruptedAfterWork(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	interrupt = ctx
	defer func() { interrupt = context.Background() }()
	code, stdout, stderr := runCmd(t, "", "template", "--size", "3x3")
	if code != 1 || !strings.Contains(stderr, "interrupted after the work was complete") || stdout == "" {
		t.Errorf("template after a signal: status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
