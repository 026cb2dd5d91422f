package digits

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families/grid"
)

const puzzleDir = "../../testdata/puzzles"

// loadPuzzle reads a puzzle file and its golden solution set, the
// "# want: A=1 B=2" comment lines (none: no solution).
func loadPuzzle(t testing.TB, name string) (*Puzzle, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(puzzleDir, name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := parsePuzzle(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var want []string
	for line := range strings.Lines(string(data)) {
		if s, ok := strings.CutPrefix(strings.TrimSpace(line), "# want:"); ok {
			want = append(want, strings.TrimSpace(s))
		}
	}
	return p, want
}

func solutionStrings(r Result) []string {
	var s []string
	for _, sol := range r.Solutions {
		s = append(s, sol.String())
	}
	return s
}

func statusOf(n int) Status {
	switch n {
	case 0:
		return None
	case 1:
		return Unique
	}
	return Many
}

// TestSeedPuzzles checks the published puzzles against their published
// solutions: Solve and BruteForce must both find exactly the golden set.
func TestSeedPuzzles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(puzzleDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no puzzles in %s: %v", puzzleDir, err)
	}
	ctx := context.Background()
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".txt"), func(t *testing.T) {
			p, want := loadPuzzle(t, name)
			got, err := p.Solve(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			if s := solutionStrings(got); !slices.Equal(s, want) {
				t.Errorf("Solve: got %q, want %q", s, want)
			}
			if got.Status != statusOf(len(want)) {
				t.Errorf("Solve: status %v, want %v", got.Status, statusOf(len(want)))
			}
			for _, sol := range got.Solutions {
				if err := p.Check(sol); err != nil {
					t.Error(err)
				}
			}
			two, err := p.Solve(ctx, 2)
			if err != nil || two.Status != statusOf(len(want)) {
				t.Errorf("Solve(limit 2): status %v, err %v; want %v", two.Status, err, statusOf(len(want)))
			}
			if testing.Short() && len(p.lettersOrNil()) > 8 {
				return
			}
			brute, err := p.BruteForce(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			if s := solutionStrings(brute); !slices.Equal(s, want) {
				t.Errorf("BruteForce: got %q, want %q", s, want)
			}
		})
	}
}

func (p *Puzzle) lettersOrNil() []rune {
	pr, err := compile(p)
	if err != nil {
		return nil
	}
	return pr.letters
}

func mustLines(t testing.TB, lines ...string) []Line {
	t.Helper()
	var ls []Line
	for _, s := range lines {
		l, err := parseLine(s)
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	return ls
}

// huge is a product of 20 words of 18 digits, about 10^360.
var huge = strings.TrimSuffix(strings.Repeat("999999999999999999 x ", 20), " x ")

// TestSmallPuzzles covers limits, statuses, the options and the
// conventions on hand-made puzzles whose solution counts are known.
func TestSmallPuzzles(t *testing.T) {
	tests := []struct {
		name   string
		lines  []string
		eval   Eval
		digits []int
		repeat bool
		want   []string // nil: only the count matters
		count  int
	}{
		// A = B + 1 and B + 1 + B x C = 7, so B(1 + C) = 6.
		{name: "precedence", lines: []string{"A + B x C = 7", "A - B = 1"}, count: 3,
			want: []string{"A=2 B=1 C=5", "A=4 B=3 C=1", "A=7 B=6 C=0"}},
		// A = B + 1 and (A + B) x C = 7, so (2B + 1)C = 7.
		{name: "ltr", lines: []string{"A + B x C = 7", "A - B = 1"}, eval: LTR, count: 2,
			want: []string{"A=1 B=0 C=7", "A=4 B=3 C=1"}},
		// A = B + C and B = C x C: C = 2 (C = 3 makes A = 12).
		{name: "no equals is zero", lines: []string{"A - B - C", "C x C - B"}, count: 1, want: []string{"A=6 B=4 C=2"}},
		{name: "division by zero is false", lines: []string{"A / B = 0"}, digits: []int{0, 1}, count: 1, want: []string{"A=0 B=1"}},
		{name: "exact division", lines: []string{"A / B = C / D", "A + D = 9", "B = 2"}, count: -1},
		{name: "leading zero", lines: []string{"AB = 1 x B", "A = 0 x B"}, digits: []int{0, 1, 2}, count: 0},
		{name: "only zero, leading", lines: []string{"AA - AA"}, digits: []int{0}, count: 0},
		{name: "only zero, leading, repeat", lines: []string{"AA - AA"}, digits: []int{0}, repeat: true, count: 0},
		{name: "only zero", lines: []string{"A - A"}, digits: []int{0}, count: 1, want: []string{"A=0"}},
		{name: "single letter may be zero", lines: []string{"A + 0 = A x 1", "A = 0"}, count: 1, want: []string{"A=0"}},
		{name: "repeat", lines: []string{"A + B = 2"}, repeat: true, count: 3, want: []string{"A=0 B=2", "A=1 B=1", "A=2 B=0"}},
		{name: "distinct", lines: []string{"A + B = 2"}, count: 2, want: []string{"A=0 B=2", "A=2 B=0"}},
		{name: "three sides", lines: []string{"A + A = B = C - A"}, digits: []int{1, 2, 3, 4, 5}, count: 1, want: []string{"A=1 B=2 C=3"}},
		{name: "many", lines: []string{"A + B = C"}, count: -1},
		{name: "constants only", lines: []string{"2 x 3 = 6", "1 + 1 = 2"}, count: 1, want: []string{""}},
		{name: "constants false", lines: []string{"2 x 3 = 7"}, count: 0},
		{name: "mixed word", lines: []string{"A0 x B = C0"}, count: -1},
		// Products of 10-digit words overflow int64: the math/big path.
		// A = 9, {B, C} = {7, 8}, D = 0, E = 1, five letters free: 2 x 5!.
		{name: "big words", lines: []string{"A = 9", "B x C = 56", "D + E = E", "E x E = E",
			"ABCDEFGHIJ x ABCDEFGHIJ = ABCDEFGHIJ x ABCDEFGHIJ"}, count: 240},
		// Products beyond float64: intervals reach ±Inf and NaN (Inf - Inf).
		{name: "huge", lines: []string{"A x " + huge + " - " + huge + " x A", "A x " + huge + " = B x " + huge}, count: 0},
		{name: "huge true", lines: []string{"A x " + huge + " - " + huge + " x A", "A x " + huge + " = A x " + huge}, count: 10},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Puzzle{Lines: mustLines(t, tc.lines...), Eval: tc.eval, Digits: tc.digits, Repeat: tc.repeat}
			all, err := p.Solve(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			brute, err := p.BruteForce(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			got, bs := solutionStrings(all), solutionStrings(brute)
			if !slices.Equal(got, bs) {
				t.Fatalf("Solve %q, BruteForce %q", got, bs)
			}
			for _, patience := range []int{0, 1 << 30} {
				r, _, err := p.solve(ctx, 0, patience)
				if s := solutionStrings(r); err != nil || !slices.Equal(s, bs) {
					t.Fatalf("patience %d: Solve %q (%v), BruteForce %q", patience, s, err, bs)
				}
			}
			if tc.count >= 0 && len(got) != tc.count {
				t.Errorf("%d solutions %q, want %d", len(got), got, tc.count)
			}
			if tc.want != nil && !slices.Equal(got, tc.want) {
				t.Errorf("solutions %q, want %q", got, tc.want)
			}
			for _, sol := range all.Solutions {
				if err := p.Check(sol); err != nil {
					t.Error(err)
				}
			}
			for _, limit := range []int{1, 2, 3} {
				r, err := p.Solve(ctx, limit)
				if err != nil {
					t.Fatal(err)
				}
				n := min(len(got), limit)
				wantStatus := statusOf(n)
				if n == 1 && limit == 1 {
					wantStatus = Found
				}
				if len(r.Solutions) != n || r.Status != wantStatus {
					t.Errorf("limit %d: %d solutions, status %v; want %d, %v", limit, len(r.Solutions), r.Status, n, wantStatus)
				}
				for _, sol := range r.Solutions {
					if !slices.Contains(got, sol.String()) {
						t.Errorf("limit %d: solution %v not in the full set", limit, sol)
					}
				}
			}
		})
	}
}

// TestBadInput checks that malformed puzzles give an error, never a panic,
// from every entry point.
func TestBadInput(t *testing.T) {
	line := func(words []string, ops ...Op) Line { return Line{Words: words, Ops: ops} }
	tests := []struct {
		name string
		p    Puzzle
	}{
		{"no lines", Puzzle{}},
		{"empty line", Puzzle{Lines: []Line{{}}}},
		{"single word", Puzzle{Lines: []Line{line([]string{"AB"})}}},
		{"missing operator", Puzzle{Lines: []Line{line([]string{"A", "B"})}}},
		{"extra operator", Puzzle{Lines: []Line{line([]string{"A", "B"}, Eq, Add)}}},
		{"unknown operator", Puzzle{Lines: []Line{line([]string{"A", "B"}, '%')}}},
		{"empty word", Puzzle{Lines: []Line{line([]string{"A", ""}, Eq)}}},
		{"question mark", Puzzle{Lines: []Line{line([]string{"A", "?"}, Eq)}}},
		{"bad character", Puzzle{Lines: []Line{line([]string{"A$", "B"}, Eq)}}},
		{"leading zero given", Puzzle{Lines: []Line{line([]string{"05", "A"}, Eq)}}},
		{"leading zero mixed", Puzzle{Lines: []Line{line([]string{"0A", "B"}, Eq)}}},
		{"word too long", Puzzle{Lines: []Line{line([]string{"1234567890123456789", "A"}, Eq)}}},
		{"eleven letters", Puzzle{Lines: []Line{line([]string{"ABCDEF", "GHIJK"}, Eq)}}},
		{"ten letters, nine digits", Puzzle{Lines: []Line{line([]string{"ABCDE", "FGHIJ"}, Eq)}, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}}},
		{"digit out of range", Puzzle{Lines: []Line{line([]string{"A", "B"}, Eq)}, Digits: []int{1, 10}}},
		{"digit twice", Puzzle{Lines: []Line{line([]string{"A", "B"}, Eq)}, Digits: []int{1, 1}}},
		{"no digits", Puzzle{Lines: []Line{line([]string{"A", "B"}, Eq)}, Digits: []int{}}},
		{"unknown eval", Puzzle{Lines: []Line{line([]string{"A", "B"}, Eq)}, Eval: 7}},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.p.Solve(ctx, 0); err == nil {
				t.Error("Solve: no error")
			}
			if _, err := tc.p.BruteForce(ctx, 0); err == nil {
				t.Error("BruteForce: no error")
			}
			if err := tc.p.Check(Solution{}); err == nil {
				t.Error("Check: no error")
			}
		})
	}
	for _, s := range []string{"", "AB", "A +", "A + + B", "A % B", "05 = A", "A = ?"} {
		if _, err := parseLine(s); err == nil {
			t.Errorf("parseLine(%q): no error", s)
		}
	}
	for _, s := range []string{"", "# only a comment", "eval: sideways\nA = B", "digits: 9-1\nA = B",
		"digits: 1x\nA = B", "digits: 11\nA = B", "repeat: maybe\nA = B", "A = B\nA +"} {
		if _, err := parsePuzzle(strings.NewReader(s)); err == nil {
			t.Errorf("parsePuzzle(%q): no error", s)
		}
	}
}

func TestParse(t *testing.T) {
	p, err := parsePuzzle(strings.NewReader("# c\neval: ltr\ndigits: 1-9\nrepeat: yes\nA − B × C = 3 # trailing\nAB ÷ C : D * 1 = 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Eval != LTR || !p.Repeat || !slices.Equal(p.Digits, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}) || len(p.Lines) != 2 {
		t.Fatalf("got %+v", p)
	}
	if s := p.Lines[0].String(); s != "A - B x C = 3" {
		t.Errorf("line 0 = %q", s)
	}
	if s := p.Lines[1].String(); s != "AB / C / D x 1 = 2" {
		t.Errorf("line 1 = %q", s)
	}
	if d, _ := parseDigits("1, 3 5"); !slices.Equal(d, []int{1, 3, 5}) {
		t.Errorf("parseDigits = %v", d)
	}
	if s := p.Lines[0].Fill(Solution{'A': 9, 'B': 6, 'C': 1}); s != "9 - 6 x 1 = 3" {
		t.Errorf("Fill = %q", s)
	}
}

func TestCheck(t *testing.T) {
	p := &Puzzle{Lines: mustLines(t, "AB x C = DEA", "AB + AB = BC")}
	good := Solution{'A': 2, 'B': 4, 'C': 8, 'D': 1, 'E': 9}
	if err := p.Check(good); err != nil {
		t.Fatal(err)
	}
	bad := []Solution{
		{'A': 2, 'B': 4, 'C': 8, 'D': 1},                 // E missing
		{'A': 2, 'B': 4, 'C': 8, 'D': 1, 'E': 2},         // E = A
		{'A': 2, 'B': 4, 'C': 8, 'D': 1, 'E': 10},        // not a digit
		{'A': 2, 'B': 4, 'C': 8, 'D': 1, 'E': 7},         // false line
		{'A': 0, 'B': 4, 'C': 8, 'D': 1, 'E': 9, 'F': 3}, // leading zero and false
	}
	for _, s := range bad {
		if err := p.Check(s); err == nil {
			t.Errorf("Check(%v): no error", s)
		}
	}
}

// TestCancel checks that both searches stop when their context ends and
// return what they found.
func TestCancel(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := loadPuzzle(t, "wolf.txt")
	if _, err := p.Solve(done, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve: err %v, want Canceled", err)
	}
	if _, err := p.BruteForce(done, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("BruteForce: err %v, want Canceled", err)
	}
	// 10^12 solutions: only the deadline ends these.
	huge := &Puzzle{Repeat: true, Lines: mustLines(t, "ABCDEF - ABCDEF", "GHIJKL - GHIJKL")}
	for name, f := range map[string]func(context.Context, int) (Result, error){"Solve": huge.Solve, "BruteForce": huge.BruteForce} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		r, err := f(ctx, 0)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || len(r.Solutions) == 0 || time.Since(start) > 5*time.Second {
			t.Errorf("%s: err %v after %v with %d solutions", name, err, time.Since(start), len(r.Solutions))
		}
	}
}

// TestParseLineOps: a line's operators are grid's (one Op type for the
// whole module), read by grid.ParseOp with its aliases; the pattern
// wildcard and the absent cell are no operators of a line.
func TestParseLineOps(t *testing.T) {
	for _, tc := range []struct {
		line string
		ops  []grid.Op
	}{
		{"AB x C = DEA", []grid.Op{grid.Mul, grid.Eq}},
		{"A × B − C ÷ D = E", []grid.Op{grid.Mul, grid.Sub, grid.Div, grid.Eq}},
		{"A * B : C + D = E", []grid.Op{grid.Mul, grid.Div, grid.Add, grid.Eq}},
	} {
		l, err := parseLine(tc.line)
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if !slices.Equal(l.Ops, tc.ops) {
			t.Errorf("%q: operators %v, want %v", tc.line, l.Ops, tc.ops)
		}
	}
	for _, bad := range []string{"A . B = C", "A _ B = C", "A ? B = C", "A ++ B = C"} {
		if _, err := parseLine(bad); err == nil || !strings.Contains(err.Error(), "unknown operator") {
			t.Errorf("%q: error %v, want an unknown operator", bad, err)
		}
	}
}
