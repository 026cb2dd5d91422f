package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endless is an io.Reader that repeats its text for ever.
type endless struct {
	text string
	off  int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.text[e.off:])
		n += c
		e.off = (e.off + c) % len(e.text)
	}
	return n, nil
}

// silent is an io.Reader that never delivers (a terminal nobody types
// into, a pipe whose writer sleeps).
type silent struct{}

func (silent) Read([]byte) (int, error) { select {} }

// runWith runs the command line args with standard input in and returns
// its status, stderr and how long it took.
func runWith(in io.Reader, args ...string) (int, string, time.Duration) {
	var out, errb bytes.Buffer
	stdin = in
	defer func() { stdin = os.Stdin }()
	start := time.Now()
	code := run(args, &out, &errb)
	return code, errb.String(), time.Since(start)
}

// mkfifo makes a FIFO in dir, or skips the test where there are none. The
// FIFO is opened for writing and closed at the end of the test, which
// releases an open for reading left blocked on it.
func mkfifo(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(p, os.O_RDWR|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return p
}

// TestHardeningInput checks every command that reads an input file or
// standard input (issue 27, items 1 and 6): a regular file past the size
// limit is refused before it is read, a line past the line limit (from
// /dev/zero too) and a stream past the size limit while reading, all with
// status 2 and one line; a FIFO without a writer and a standard input that
// never delivers end at --timeout (or at a signal, for check and merge,
// which have none) with status 1, within a second of it.
func TestHardeningInput(t *testing.T) {
	dir := t.TempDir()
	fifo := mkfifo(t, dir)
	sparse := func(name string, size int64) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(size); err != nil {
			t.Skipf("no sparse files here: %v", err)
		}
		return p
	}
	bigText := sparse("big.sys", textInput.file+1)
	bigShard := sparse("big.jsonl", shardInput.file+1)
	longLine := filepath.Join(dir, "long.sys")
	if err := os.WriteFile(longLine, append(bytes.Repeat([]byte("x+"), int(textInput.line/2)), "1\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, zeroErr := os.Stat("/dev/zero")
	type tc struct {
		name    string
		in      io.Reader // standard input
		args    []string
		code    int
		want    string
		stopped bool // ended by the timeout or a signal: within a second of it
	}
	tests := []tc{
		{"groebner big file", nil, []string{"groebner", bigText}, 2, "64 MiB an input may have", false},
		{"factor big file", nil, []string{"factor", bigText}, 2, "64 MiB an input may have", false},
		{"solve big file", nil, []string{"solve", bigText}, 2, "64 MiB an input may have", false},
		{"check big file", nil, []string{"check", bigText}, 2, "64 MiB an input may have", false},
		{"merge big file", nil, []string{"merge", bigShard}, 2, "4 GiB an input may have", false},
		{"groebner long line", nil, []string{"groebner", longLine}, 2, "line 1 is longer than the 4 MiB", false},
		{"factor long line", nil, []string{"factor", longLine}, 2, "line 1 is longer than the 4 MiB", false},
		{"groebner endless stdin", &endless{text: "x\n"}, []string{"groebner", "--timeout", "20s", "-"}, 2, "standard input: more than the 64 MiB", false},
		{"factor endless stdin", &endless{text: "x\n"}, []string{"factor", "--timeout", "20s"}, 2, "standard input: more than the 64 MiB", false},
		{"solve endless line", &endless{text: "x"}, []string{"solve", "--timeout", "20s"}, 2, "line 1 is longer than the 4 MiB", false},
		{"groebner silent stdin", silent{}, []string{"groebner", "--timeout", "1s"}, 1, "timed out after 1s", true},
		{"factor silent stdin", silent{}, []string{"factor", "--timeout", "1s", "-"}, 1, "timed out after 1s", true},
		{"solve silent stdin", silent{}, []string{"solve", "--timeout", "1s"}, 1, "timed out after 1s", true},
		{"groebner FIFO", nil, []string{"groebner", "--timeout", "1s", fifo}, 1, "opening " + fifo + ": timed out after 1s", true},
		{"factor FIFO", nil, []string{"factor", "--timeout", "1s", fifo}, 1, "timed out after 1s", true},
		{"solve FIFO", nil, []string{"solve", "--timeout", "1s", fifo}, 1, "timed out after 1s", true},
		{"check FIFO", nil, []string{"check", fifo}, 1, "interrupted", true},
		{"merge FIFO", nil, []string{"merge", fifo}, 1, "interrupted", true},
		{"merge standard input", nil, []string{"merge", "-"}, 2, "not standard input", false},
		{"check directory", nil, []string{"check", dir}, 2, "is a directory", false},
	}
	if zeroErr == nil {
		tests = append(tests,
			tc{"groebner /dev/zero", nil, []string{"groebner", "--timeout", "5s", "/dev/zero"}, 2, "/dev/zero: line 1 is longer than the 4 MiB", false},
			tc{"factor /dev/zero", nil, []string{"factor", "--timeout", "5s", "/dev/zero"}, 2, "/dev/zero: line 1 is longer than the 4 MiB", false},
			tc{"solve /dev/zero", nil, []string{"solve", "--timeout", "5s", "/dev/zero"}, 2, "/dev/zero: line 1 is longer than the 4 MiB", false},
			tc{"check /dev/zero", nil, []string{"check", "/dev/zero"}, 2, "/dev/zero: line 1 is longer than the 4 MiB", false},
			tc{"merge /dev/zero", nil, []string{"merge", "/dev/zero"}, 2, "/dev/zero: line 1 is longer than the 64 MiB", false},
		)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.code == 1 && (tc.args[0] == "check" || tc.args[0] == "merge") {
				// No --timeout: a signal after a second ends the wait.
				ctx, cancel := context.WithCancel(context.Background())
				interrupt = ctx
				timer := time.AfterFunc(time.Second, cancel)
				defer func() { timer.Stop(); cancel(); interrupt = context.Background() }()
			}
			in := tc.in
			if in == nil {
				in = strings.NewReader("")
			}
			code, stderr, took := runWith(in, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: status %d, stderr %q; want %d and one line with %q", tc.args, code, stderr, tc.code, tc.want)
			}
			if tc.stopped && took > 2*time.Second {
				t.Errorf("%v: ended after %s, more than a second past the limit", tc.args, took)
			}
		})
	}
	// Within the limits the commands read as before, from a file and
	// from standard input.
	small := filepath.Join(dir, "small.sys")
	if err := os.WriteFile(small, []byte("x^2 - y^2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"factor", small}, {"groebner", small}, {"factor", "-"}, {"groebner"}} {
		code, stderr, _ := runWith(strings.NewReader("x^2 - y^2\n"), args...)
		if code != 0 {
			t.Errorf("%v: status %d, stderr %q; want 0", args, code, stderr)
		}
	}
}

// TestPumpLimits checks the size and line bounds of pump at and around
// their limits, with lines that span the chunks of its reads.
func TestPumpLimits(t *testing.T) {
	lim := inputLimit{file: 100, line: 10}
	tests := []struct {
		in   string
		want string // a fragment of the error; "" for none
	}{
		{"", ""},
		{"0123456789", ""},
		{"0123456789\n0123456789\n", ""},
		{"01234567890", "line 1 is longer than the 10 bytes"},
		{"0123456789\n01234567890\n", "line 2 is longer"},
		{"\n\n\n0123456789a", "line 4 is longer"},
		{strings.Repeat("012345678\n", 10), ""},
		{strings.Repeat("012345678\n", 10) + "x", "more than the 100 bytes"},
	}
	for _, tc := range tests {
		for _, chunk := range []int{1, 3, 64} {
			var out bytes.Buffer
			err := pump(&out, &chunked{strings.NewReader(tc.in), chunk}, lim)
			if tc.want == "" && (err != nil || out.String() != tc.in) {
				t.Errorf("%q in chunks of %d: error %v, copied %q", tc.in, chunk, err, out.String())
			}
			var ue usageError
			if tc.want != "" && (!errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("%q in chunks of %d: error %v, want a usage error with %q", tc.in, chunk, err, tc.want)
			}
		}
	}
}

// chunked reads at most n bytes at a time from r.
type chunked struct {
	r io.Reader
	n int
}

func (c *chunked) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// FuzzPump checks pump against a direct reading of its input: it fails
// exactly when the input is larger than the file limit or has a line
// longer than the line limit, and otherwise copies the input unchanged.
func FuzzPump(f *testing.F) {
	f.Add([]byte("x^2 - 1\ny\n"), uint8(4), uint8(20), uint8(3))
	f.Add([]byte("0123456789\n"), uint8(10), uint8(11), uint8(1))
	f.Add([]byte("\n\n\n"), uint8(0), uint8(3), uint8(2))
	f.Fuzz(func(t *testing.T, in []byte, line, file, chunk uint8) {
		lim := inputLimit{file: int64(file), line: int64(line)}
		longest := 0
		for l := range bytes.Lines(in) {
			longest = max(longest, len(bytes.TrimSuffix(l, []byte("\n"))))
		}
		wantErr := len(in) > int(file) || longest > int(line)
		var out bytes.Buffer
		err := pump(&out, &chunked{bytes.NewReader(in), max(int(chunk), 1)}, lim)
		if (err != nil) != wantErr {
			t.Fatalf("input of %d bytes, longest line %d, limits %+v: error %v", len(in), longest, lim, err)
		}
		if err == nil && !bytes.Equal(out.Bytes(), in) {
			t.Fatalf("copied %q, want %q", out.Bytes(), in)
		}
	})
}
