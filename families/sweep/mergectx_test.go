package sweep

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
)

// cancelReader cancels its context once it has been read from n times,
// as a signal arriving while a merge reads.
type cancelReader struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancelReader) Read(b []byte) (int, error) {
	if c.n--; c.n <= 0 {
		c.cancel()
	}
	return c.r.Read(b[:min(len(b), 64)])
}

// TestMergeContext checks that Merge stops with the context's
// cause and writes nothing once its context ends, before or while it
// reads, and merges as Merge does otherwise.
func TestMergeContext(t *testing.T) {
	out, _, _ := runPlan(t, small, Options{Filter: Filter{Positive: true}, Members: 1})
	for _, tc := range []struct {
		name  string
		reads int // reads before the cancellation; 0: never cancelled
	}{
		{"not cancelled", 0},
		{"cancelled before", -1},
		{"cancelled on the first read", 1},
		{"cancelled while reading", 3},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var in io.Reader = bytes.NewReader(out)
		switch {
		case tc.reads < 0:
			cancel()
		case tc.reads > 0:
			in = &cancelReader{in, tc.reads, cancel}
		}
		var w bytes.Buffer
		sum, err := Merge(ctx, &w, []string{"shard"}, in)
		cancel()
		if tc.reads == 0 {
			if err != nil || !bytes.Equal(w.Bytes(), out) || sum == nil {
				t.Errorf("%s: %v, %d bytes; want the records", tc.name, err, w.Len())
			}
			continue
		}
		if !errors.Is(err, context.Canceled) || sum != nil || w.Len() > 0 {
			t.Errorf("%s: %v, %d bytes written; want context.Canceled and nothing", tc.name, err, w.Len())
		}
	}
}
