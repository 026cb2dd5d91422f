package census

import (
	"bytes"
	"context"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestCacheBoundSameBytes: the analysis cache's bound drops analyzes and
// the run analyzes their settings again, with the same bytes as a run
// that keeps every one (an analysis is a function of its setting).
func TestCacheBoundSameBytes(t *testing.T) {
	opt := Options{Size: grid.Size{Rows: 4, Cols: 4}, Max: 3, Families: true, Jobs: 1, SystemWork: DefaultSystemWork}
	run := func(maxBytes int64) ([]byte, *analysisCache) {
		c, err := New(opt)
		if err != nil {
			t.Fatal(err)
		}
		c.cache.maxBytes = maxBytes
		var buf bytes.Buffer
		if _, err := c.Write(context.Background(), &buf, 0, nil); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes(), c.cache
	}
	all, kept := run(maxCacheBytes)
	for _, maxBytes := range []int64{0} { // keeps only the last analysis
		some, bounded := run(maxBytes)
		if !bytes.Equal(all, some) {
			t.Fatalf("bound %d bytes: the output differs from an unbounded run's", maxBytes)
		}
		if bounded.dropped == 0 || bounded.analyzed <= kept.analyzed || bounded.bytes > max(maxBytes, bounded.lruBack()) {
			t.Fatalf("bound %d bytes: %d dropped, %d analyzed (unbounded %d), %d bytes held", maxBytes, bounded.dropped, bounded.analyzed, kept.analyzed, bounded.bytes)
		}
		t.Logf("bound %d bytes: %d analyzes (unbounded %d), %d dropped, %d bytes held (unbounded %d)", maxBytes, bounded.analyzed, kept.analyzed, bounded.dropped, bounded.bytes, kept.bytes)
	}
}

// lruBack returns the estimate of the one analysis the bound keeps
// whatever its size, the most recent (0 when none).
func (ac *analysisCache) lruBack() int64 {
	if e := ac.lru.Front(); e != nil {
		return e.Value.(*settingAnalysis).bytes
	}
	return 0
}
