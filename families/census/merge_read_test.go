//go:build unix

package census

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/families-project/families/families/output"
)

// TestMergeRefusesNonRegular: census --merge takes regular files only; a
// FIFO without a writer blocked it past every deadline (its open never
// returns), and a device was read until the line bound (issue 27, items 1
// and 6).
func TestMergeRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, path := range []string{fifo, "/dev/zero", dir} {
		done := make(chan error, 1)
		go func() { done <- Merge(context.Background(), io.Discard, path) }()
		select {
		case err := <-done:
			var ce *output.CheckpointError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("Merge(%s): %v; want a *output.CheckpointError, not a regular file", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Merge(%s) still blocked after 10 s", path)
		}
	}
}
