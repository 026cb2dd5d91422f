package puzzle

import (
	"context"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

// BenchmarkUniquePuzzles measures verified-unique digit puzzles per second
// from one family: members of Wolf's family of P1 and of its
// two-parameter family in order, encoded, solved by the digit solver with
// a limit of 2, kept when unique. Run with -cpu 1 for one core.
func BenchmarkUniquePuzzles(b *testing.B) {
	for _, tc := range []struct {
		name string
		sf   memberstest.SeedFamily
		opt  PuzzleOptions
	}{
		{"P1/diagonals", memberstest.SeedFamilies[2], PuzzleOptions{Diagonals: true}},
		{"P1/rows-cols", memberstest.SeedFamilies[2], PuzzleOptions{}},
		{"two-parameter/diagonals", memberstest.SeedFamilies[1], PuzzleOptions{Diagonals: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := tc.sf.Source(b)
			const perOp = 5000
			ctx := context.Background()
			total := 0
			start := time.Now()
			for b.Loop() {
				ps, err := Puzzles(ctx, src, members.Filter{Min: 2}, tc.opt, perOp)
				if err != nil {
					b.Fatal(err)
				}
				total += len(ps)
			}
			b.ReportMetric(float64(total)/time.Since(start).Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkSolverVsBruteForce times the digit solver against the ArithmoGraph
// style exhaustive search on the same generated puzzles (each with a limit
// of 2, as a uniqueness check needs), and reports the ratio.
func BenchmarkSolverVsBruteForce(b *testing.B) {
	src := memberstest.SeedFamilies[2].Source(b)
	ctx := context.Background()
	ps, err := Puzzles(ctx, src, members.Filter{Min: 2}, PuzzleOptions{Diagonals: true}, 100)
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

// BenchmarkQuestions measures "find the numbers" questions per second: for
// each member of a family, the smallest set of revealed numbers that
// forces the rest, each candidate set proved or refuted by a Gröbner basis
// of the system with the revealed values. One op makes 20 questions; the
// linear 4x4 family has 8 parameters, so its questions reveal 8 numbers
// and try many more subsets.
func BenchmarkQuestions(b *testing.B) {
	for _, tc := range []struct {
		name string
		src  func(b *testing.B) *members.Source
	}{
		{"one-parameter", func(b *testing.B) *members.Source { return memberstest.SeedFamilies[0].Source(b) }},
		{"two-parameter", func(b *testing.B) *members.Source { return memberstest.SeedFamilies[1].Source(b) }},
		{"P1", func(b *testing.B) *members.Source { return memberstest.SeedFamilies[2].Source(b) }},
		{"linear-4x4", func(b *testing.B) *members.Source {
			s := grid.MustParseOps("++-|-_+_-_+|-+=|+_-_+_-|+-=|=_=_=_=|+-=", grid.Size{Rows: 4, Cols: 4})
			src, err := members.Analyze(context.Background(), s, families.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return src
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := tc.src(b)
			const perOp = 20
			ctx := context.Background()
			total := 0
			start := time.Now()
			for b.Loop() {
				qs, err := Questions(ctx, src, members.Filter{Min: 2}, perOp)
				if err != nil {
					b.Fatal(err)
				}
				total += len(qs)
			}
			b.ReportMetric(float64(total)/time.Since(start).Seconds(), "questions/s")
		})
	}
}
