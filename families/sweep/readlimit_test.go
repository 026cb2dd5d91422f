package sweep

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestLineReaderLimits checks the bounds of the reader every file read
// back goes through: a line of exactly the limit passes and one byte more
// is refused with its number, the file bound counts newlines, a last line
// without a newline comes back as it is, and a done context ends the
// reading with its cause (issue 27, item 1).
func TestLineReaderLimits(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		lim       Limits
		lines     []string
		errLine   int // 0: no error, -1: the file bound
		cancelled bool
	}{
		{"empty", "", Limits{Line: 4}, nil, 0, false},
		{"lines at the limit", "abcd\nefgh\n", Limits{Line: 4}, []string{"abcd\n", "efgh\n"}, 0, false},
		{"second line over", "abcd\nefghi\nj\n", Limits{Line: 4}, []string{"abcd\n"}, 2, false},
		{"torn last line", "ab\ncd", Limits{Line: 4}, []string{"ab\n", "cd"}, 0, false},
		{"torn last line over", "ab\ncdefg", Limits{Line: 4}, []string{"ab\n"}, 2, false},
		{"file at the limit", "ab\ncd\n", Limits{Line: 4, File: 6}, []string{"ab\n", "cd\n"}, 0, false},
		{"file over by its newline", "ab\ncd\n", Limits{Line: 4, File: 5}, []string{"ab\n"}, -1, false},
		{"no bounds", strings.Repeat("x", 200000) + "\n", Limits{}, []string{strings.Repeat("x", 200000) + "\n"}, 0, false},
		// A line longer than the reader's buffer is refused as soon as
		// it passes the limit, not once it ends (it may never end).
		{"endless line", strings.Repeat("x", 300000), Limits{Line: 100000}, nil, 1, false},
		{"cancelled", "ab\n", Limits{Line: 4}, nil, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelled {
				cancel()
			}
			lr := NewLineReader(ctx, strings.NewReader(tc.in), "f", tc.lim)
			var got []string
			var err error
			for {
				var b []byte
				if b, err = lr.Next(); err != nil {
					break
				}
				got = append(got, string(b))
			}
			if strings.Join(got, "|") != strings.Join(tc.lines, "|") {
				t.Errorf("lines %q, want %q", got, tc.lines)
			}
			var le *LimitError
			switch {
			case tc.cancelled:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("error %v, want context.Canceled", err)
				}
			case tc.errLine == 0:
				if !errors.Is(err, io.EOF) {
					t.Errorf("error %v, want io.EOF", err)
				}
			case !errors.As(err, &le):
				t.Errorf("error %v, want a *LimitError", err)
			case tc.errLine == -1 && (le.Line != 0 || le.Limit != tc.lim.File):
				t.Errorf("error %v, want the file bound %d", err, tc.lim.File)
			case tc.errLine > 0 && (le.Line != tc.errLine || le.Limit != tc.lim.Line):
				t.Errorf("error %v, want line %d past %d", err, tc.errLine, tc.lim.Line)
			}
		})
	}
}

// withLimits sets DefaultLimits for one test.
func withLimits(t *testing.T, lim Limits) {
	old := DefaultLimits
	DefaultLimits = lim
	t.Cleanup(func() { DefaultLimits = old })
}

// TestReadBackLimits checks that a checkpoint given to --resume and an
// input of merge are refused past their bounds, the checkpoint with a
// *CheckpointError that leaves it as it was, and that a resume under a
// done context stops with its cause, the file unchanged.
func TestReadBackLimits(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	out, _, _ := runPlan(t, small, opt)
	longest := 0
	for l := range bytes.Lines(out) {
		longest = max(longest, len(l)-1)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name      string
		content   []byte
		lim       Limits
		cancelled bool
		want      string // in the error; "" for none
	}{
		{"within the bounds", out, Limits{Line: int64(longest), File: int64(len(out))}, false, ""},
		{"a line over", out, Limits{Line: int64(longest - 1), File: MaxFile}, false, "a line may have"},
		{"the file over", out, Limits{Line: MaxLine, File: int64(len(out) - 2)}, false, "a file read back may have"},
		{"an endless line", bytes.Repeat([]byte{'7'}, 200000), Limits{Line: 1000, File: MaxFile}, false, "line 1 is longer"},
		{"cancelled", out, DefaultLimits, true, "context canceled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withLimits(t, tc.lim)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelled {
				cancel()
			}
			// Resume: the checkpoint is the whole output but its last
			// byte, so that a resume within the bounds has a record to
			// write.
			path := filepath.Join(dir, "resume.jsonl")
			content := tc.content
			if bytes.Equal(content, out) {
				content = out[:len(out)-1]
			}
			os.WriteFile(path, content, 0o644)
			plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), opt)
			if err != nil {
				t.Fatal(err)
			}
			_, err = plan.RunFile(ctx, path, true)
			got, _ := os.ReadFile(path)
			var ce *CheckpointError
			switch {
			case tc.want == "":
				if err != nil || !bytes.Equal(got, out) {
					t.Errorf("resume: %v; want the whole output", err)
				}
			case !strings.Contains(fmtErr(err), tc.want):
				t.Errorf("resume: %v; want %q", err, tc.want)
			case !tc.cancelled && !errors.As(err, &ce):
				t.Errorf("resume: %T %v; want a *CheckpointError", err, err)
			case !bytes.Equal(got, content):
				t.Error("resume: the refused checkpoint was changed")
			}
			// Merge: the whole output as one input.
			var w bytes.Buffer
			_, err = Merge(ctx, &w, []string{"in"}, bytes.NewReader(tc.content))
			if tc.want == "" {
				if err != nil || !bytes.Equal(w.Bytes(), out) {
					t.Errorf("merge: %v; want the records", err)
				}
			} else if !strings.Contains(fmtErr(err), tc.want) || w.Len() > 0 {
				t.Errorf("merge: %v, %d bytes written; want %q and nothing", err, w.Len(), tc.want)
			}
		})
	}
}

func fmtErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestResumeRefusesHugeFile checks that a checkpoint past MaxFile is
// refused from its size, before anything is read: a sparse file of
// MaxFile + 1 bytes, which takes no room (and was read whole before).
func TestResumeRefusesHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFile + 1); err != nil {
		t.Skipf("no sparse file here: %v", err)
	}
	f.Close()
	plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = plan.RunFile(context.Background(), path, true)
	var le *LimitError
	if !errors.As(err, &le) || le.Line != 0 || !strings.Contains(err.Error(), "4 GiB") {
		t.Errorf("resume of a file of MaxFile + 1 bytes: %v; want the file bound", err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != MaxFile+1 {
		t.Error("the refused checkpoint was changed")
	}
}
