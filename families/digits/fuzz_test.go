package digits

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// FuzzParse feeds arbitrary text to the line format of the golden puzzles
// (parsePuzzle) and, when it is a small puzzle, checks Solve against
// BruteForce: no input may panic, and the two must agree whenever both
// finish. The token grids that the command reads are fuzzed by
// FuzzParseGrid in families/puzzle.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(puzzleDir, "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range []string{"A + B = C", "eval: ltr\nA - B x C = 3", "repeat: yes\nAB / C = 0A",
		"digits: 1-3\nA = B = C", "A - A", "05 = A", "AB x ? = C", "A : B ÷ C × D − E = 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parsePuzzle(strings.NewReader(s))
		if err != nil {
			return
		}
		if len(p.lettersOrNil()) > 5 || len(p.Lines) > 8 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		got, err1 := p.Solve(ctx, 0)
		want, err2 := p.BruteForce(ctx, 0)
		if err1 != nil || err2 != nil {
			return
		}
		if a, b := solutionStrings(got), solutionStrings(want); !slices.Equal(a, b) {
			t.Fatalf("%q: Solve %q, BruteForce %q", s, a, b)
		}
	})
}
