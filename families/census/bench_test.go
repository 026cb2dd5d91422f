package census

import (
	"context"
	"testing"

	"github.com/families-project/families/families/grid"
)

// BenchmarkSearch times the numbers-first search alone (no engine, a few
// ranked settings per grid): numbers assigned per second.
func BenchmarkSearch(b *testing.B) {
	for _, bc := range []struct {
		name string
		z    grid.Size
		max  int64
	}{
		{"3x3-max60", grid.Size{Rows: 3, Cols: 3}, 60},
		{"3x4-max60", grid.Size{Rows: 3, Cols: 4}, 60},
		{"4x4-max5", grid.Size{Rows: 4, Cols: 4}, 5},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, err := New(Options{Size: bc.z, Max: bc.max, Rank: 8, Jobs: 1})
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for b.Loop() {
				err := c.Run(context.Background(), 0, func(_ []*Record, d Done) error {
					nodes += d.Nodes
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "numbers/s")
		})
	}
}
