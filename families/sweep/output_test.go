//go:build unix

package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestRunFileRefusesOutputs checks that a sweep writes only a regular file
// it holds locked (issue 12 items 7 and 8): another kind of path, or a
// file another run is writing, is refused before anything is written, and
// left as it was.
func TestRunFileRefusesOutputs(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.jsonl")
	os.WriteFile(target, []byte("keep\n"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked.jsonl")
	os.WriteFile(locked, []byte("first run's records\n"), 0o644)
	holder, err := OpenOutput(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	plan, err := NewPlan(context.Background(), grid.MustParseOps("+=|x-+.-|+=|=====|.=", z3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{link, "a symbolic link"},
		{dir, "a directory"},
		{fifo, "a named pipe"},
		{"/dev/null", "a device"},
		{locked, "another run is writing it"},
	}
	for _, tc := range tests {
		for _, resume := range []bool{false, true} {
			_, err := plan.RunFile(context.Background(), tc.path, resume)
			var oe *OutputError
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path) {
				t.Errorf("RunFile(%s, resume %t) error = %v, want an *OutputError naming the path and saying %q", tc.path, resume, err, tc.want)
			}
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep\n" {
		t.Errorf("the link's target was changed to %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if b, _ := os.ReadFile(locked); string(b) != "first run's records\n" {
		t.Errorf("the locked file was changed to %q", b)
	}
	// Once the holder is done, the file is the next run's.
	holder.Close()
	if _, err := plan.RunFile(context.Background(), locked, false); err != nil {
		t.Errorf("RunFile after the lock was released: %v", err)
	}
}
