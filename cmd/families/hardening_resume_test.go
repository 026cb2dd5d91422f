package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/families/output"
)

// TestHardeningReadBack checks the bounds on the files read back (issue
// 27, item 1, second round): a sweep checkpoint (--resume), a census
// checkpoint and a merge input past their bounds (output.MaxFile per
// sweep checkpoint or merge input, output.MaxLine per line) are refused
// with status 2 and a line naming the file and the bound, and a refused
// checkpoint is left as it was. The files are sparse: a line of zero
// bytes that never ends (read up to the line bound, 64 MiB), and a file
// past 4 GiB (refused from its size, before reading).
func TestHardeningReadBack(t *testing.T) {
	dir := t.TempDir()
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
	const pat = "+=|x-+.-|+=|=====|.="
	endless := int64(output.MaxLine + 1<<20)
	huge := int64(output.MaxFile + 1)
	tests := []struct {
		name string
		file string
		size int64
		args []string // the file is appended, or replaces "FILE"
		want string
	}{
		{"sweep --resume of an endless line", "s1.jsonl", endless, []string{"--ops", pat, "--resume", "--out", "FILE"}, "line 1 is longer than the 64 MiB a line may have"},
		{"sweep --resume of a file past 4 GiB", "s2.jsonl", huge, []string{"--ops", pat, "--resume", "--out", "FILE"}, "more than the 4 GiB a file read back may have"},
		{"census --resume of an endless line", "c1.jsonl", endless, []string{"census", "--size", "3x3", "--max", "3", "--resume", "--out", "FILE"}, "line 1 is longer than the 64 MiB a line may have"},
		{"merge of an endless line", "m1.jsonl", endless, []string{"merge", "FILE"}, "line 1 is longer than the 64 MiB a line may have"},
		{"merge of a file past 4 GiB", "m2.jsonl", huge, []string{"merge", "FILE"}, "more than the 4 GiB an input may have"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := sparse(tc.file, tc.size)
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "FILE", p)
			}
			code, _, stderr := runCmd(t, "", args...)
			// Sweeps and censuses say what they plan first: the error is
			// the last line.
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			last := lines[len(lines)-1]
			if code != 2 || !strings.Contains(last, tc.want) || !strings.Contains(last, p) || strings.Contains(stderr, "goroutine") {
				t.Errorf("%v: status %d, stderr %q; want 2 and a last line naming the file with %q", args, code, stderr, tc.want)
			}
			if st, err := os.Stat(p); err != nil || st.Size() != tc.size {
				t.Errorf("the refused file was changed: %v", err)
			}
		})
	}
}
