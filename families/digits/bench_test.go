package digits

import (
	"context"
	"fmt"
	"testing"
)

// The published puzzles timed by the benchmarks: each search finds the full
// solution set (limit 0), as the uniqueness check of a generator must.
var benchPuzzles = []string{"p1", "arithmograph", "wolf", "crossmath"}

func benchSearch(b *testing.B, search func(*Puzzle) (Result, error)) {
	benchSearchEvals(b, func(p *Puzzle) (Result, int64, error) {
		r, err := search(p)
		return r, -1, err
	})
}

// benchSearchEvals also reports line evaluations per search when search
// counts them (evals >= 0): unlike time, they do not depend on the load of
// the machine.
func benchSearchEvals(b *testing.B, search func(*Puzzle) (Result, int64, error)) {
	for _, name := range benchPuzzles {
		b.Run(name, func(b *testing.B) {
			p, _ := loadPuzzle(b, name+".txt")
			var r Result
			var evals int64
			for b.Loop() {
				var err error
				if r, evals, err = search(p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.Nodes), "nodes/op")
			if evals >= 0 {
				b.ReportMetric(float64(evals), "evals/op")
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	benchSearchEvals(b, func(p *Puzzle) (Result, int64, error) { return p.solve(context.Background(), 0, defaultPatience) })
}

func BenchmarkBruteForce(b *testing.B) {
	benchSearch(b, func(p *Puzzle) (Result, error) { return p.BruteForce(context.Background(), 0) })
}

// BenchmarkPatience measures the solver across patience settings; it is
// how defaultPatience was chosen.
func BenchmarkPatience(b *testing.B) {
	for _, patience := range []int{0, 50, 200, 600, 2000, 10000} {
		b.Run(fmt.Sprint(patience), func(b *testing.B) {
			benchSearchEvals(b, func(p *Puzzle) (Result, int64, error) { return p.solve(context.Background(), 0, patience) })
		})
	}
}
