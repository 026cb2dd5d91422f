package puzzle

import (
	"context"
	"testing"
	"time"
)

// BenchmarkUniquePuzzles measures verified-unique digit puzzles per second
// from one family: members of seed 000's family of P1 and of its
// two-parameter family in order, encoded, solved by the digit solver with
// a limit of 2, kept when unique. Run with -cpu 1 for one core.
func BenchmarkUniquePuzzles(b *testing.B) {
	for _, tc := range []struct {
		name string
		sf   seedFamily
		opt  PuzzleOptions
	}{
		{"P1/diagonals", seedFamilies[2], PuzzleOptions{Diagonals: true}},
		{"P1/rows-cols", seedFamilies[2], PuzzleOptions{}},
		{"two-parameter/diagonals", seedFamilies[1], PuzzleOptions{Diagonals: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := tc.sf.source(b)
			const perOp = 5000
			ctx := context.Background()
			total := 0
			start := time.Now()
			for b.Loop() {
				ps, err := src.Puzzles(ctx, Filter{Min: 2}, tc.opt, perOp)
				if err != nil {
					b.Fatal(err)
				}
				total += len(ps)
			}
			b.ReportMetric(float64(total)/time.Since(start).Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkSolverVsBruteForce times the digit solver against the seed-001
// style exhaustive search on the same generated puzzles (each with a limit
// of 2, as a uniqueness check needs), and reports the ratio.
func BenchmarkSolverVsBruteForce(b *testing.B) {
	src := seedFamilies[2].source(b)
	ctx := context.Background()
	ps, err := src.Puzzles(ctx, Filter{Min: 2}, PuzzleOptions{Diagonals: true}, 100)
	if err != nil {
		b.Fatal(err)
	}
	timeAll := func(brute bool) time.Duration {
		start := time.Now()
		for _, p := range ps {
			var err error
			if brute {
				_, err = p.Digits.BruteForce(ctx, 2)
			} else {
				_, err = p.Digits.Solve(ctx, 2)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(start)
	}
	var solve, brute time.Duration
	for b.Loop() {
		solve += timeAll(false)
		brute += timeAll(true)
	}
	n := float64(b.N * len(ps))
	b.ReportMetric(float64(solve.Nanoseconds())/n, "solve-ns/puzzle")
	b.ReportMetric(float64(brute.Nanoseconds())/n, "brute-ns/puzzle")
	b.ReportMetric(float64(brute)/float64(solve), "ratio")
}
