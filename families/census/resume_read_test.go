package census

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
)

// TestResumeReadBounds checks how a census checkpoint is read back (issue
// 27, item 1): within the line bound a cut file is completed to the bytes
// and the summary of an uninterrupted run (the second pass counts what the
// first kept); a line past the bound, an endless line, a line that is not
// JSON are refused with a *output.CheckpointError, the file left as it
// was; records without a done line are cut; a done context stops the
// reading with its cause, the file unchanged.
func TestResumeReadBounds(t *testing.T) {
	opt := Options{Size: grid.Size{Rows: 3, Cols: 4}, Max: 4, Jobs: 2}
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	wantSum, err := c.WriteFile(context.Background(), full, false)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(full)
	lines := bytes.SplitAfter(want, []byte("\n"))
	longest := 0
	var records [][]byte // the grid records, without done lines
	for _, l := range lines {
		longest = max(longest, len(l)-1)
		if len(l) > 0 && !bytes.Contains(l, []byte(`"done"`)) {
			records = append(records, l)
		}
	}
	if len(records) == 0 {
		t.Fatal("the census found no grid")
	}
	half := bytes.Join(lines[:len(lines)/2], nil)
	for _, tc := range []struct {
		name      string
		content   []byte
		line      int64 // the line bound
		cancelled bool
		want      string // in the error; "" to resume
	}{
		{"every line at the bound", half, int64(longest), false, ""},
		{"records of no task done", bytes.Repeat(records[0], 50), int64(longest), false, ""},
		{"a line past the bound", half, int64(longest - 1), false, "a line may have"},
		{"an endless line", bytes.Repeat([]byte{0}, 300000), 1000, false, "line 1 is longer than the 1000 bytes"},
		{"not JSON", append(slices.Clone(half), "{\n"...), int64(longest), false, "line"},
		{"cancelled", half, int64(longest), true, "context canceled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := resumeLimits
			resumeLimits = output.Limits{Line: tc.line}
			defer func() { resumeLimits = old }()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelled {
				cancel()
			}
			path := filepath.Join(dir, fmt.Sprintf("%s.jsonl", strings.ReplaceAll(tc.name, " ", "_")))
			os.WriteFile(path, tc.content, 0o644)
			sum, err := c.WriteFile(ctx, path, true)
			got, _ := os.ReadFile(path)
			if tc.want == "" {
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("%v; want the file of an uninterrupted run", err)
				}
				if sum.Tasks != wantSum.Tasks || sum.Grids != wantSum.Grids || sum.Nodes != wantSum.Nodes ||
					sum.Smallest != wantSum.Smallest || sum.Settings.Cmp(wantSum.Settings) != 0 {
					t.Errorf("summary %+v, want %+v", sum, wantSum)
				}
				return
			}
			var ce *output.CheckpointError
			switch {
			case err == nil || !strings.Contains(err.Error(), tc.want):
				t.Errorf("%v; want %q", err, tc.want)
			case tc.cancelled != errors.Is(err, context.Canceled):
				t.Errorf("%v: cancelled %t", err, tc.cancelled)
			case !tc.cancelled && !errors.As(err, &ce):
				t.Errorf("%T %v; want a *output.CheckpointError", err, err)
			}
			if !bytes.Equal(got, tc.content) {
				t.Error("the refused checkpoint was changed")
			}
		})
	}
}
