package sweep

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
)

// withLimits sets DefaultLimits for one test.
func withLimits(t *testing.T, lim output.Limits) {
	old := output.DefaultLimits
	output.DefaultLimits = lim
	t.Cleanup(func() { output.DefaultLimits = old })
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
		lim       output.Limits
		cancelled bool
		want      string // in the error; "" for none
	}{
		{"within the bounds", out, output.Limits{Line: int64(longest), File: int64(len(out))}, false, ""},
		{"a line over", out, output.Limits{Line: int64(longest - 1), File: output.MaxFile}, false, "a line may have"},
		{"the file over", out, output.Limits{Line: output.MaxLine, File: int64(len(out) - 2)}, false, "a file read back may have"},
		{"an endless line", bytes.Repeat([]byte{'7'}, 200000), output.Limits{Line: 1000, File: output.MaxFile}, false, "line 1 is longer"},
		{"cancelled", out, output.DefaultLimits, true, "context canceled"},
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

// TestResumeRefusesHugeFile checks that a checkpoint past output.MaxFile is
// refused from its size, before anything is read: a sparse file of
// output.MaxFile + 1 bytes, which takes no room (and was read whole before).
func TestResumeRefusesHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(output.MaxFile + 1); err != nil {
		t.Skipf("no sparse file here: %v", err)
	}
	f.Close()
	plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = plan.RunFile(context.Background(), path, true)
	var le *output.LimitError
	if !errors.As(err, &le) || le.Line != 0 || !strings.Contains(err.Error(), "4 GiB") {
		t.Errorf("resume of a file of output.MaxFile + 1 bytes: %v; want the file bound", err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != output.MaxFile+1 {
		t.Error("the refused checkpoint was changed")
	}
}
