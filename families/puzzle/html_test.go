package puzzle

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
)

// sampleSheet is a sheet of 4 puzzles and 2 questions of the
// one-parameter family.
func sampleSheet(t *testing.T) *Sheet {
	t.Helper()
	src := memberstest.SeedFamilies[0].Source(t)
	ctx := context.Background()
	ps, err := Puzzles(ctx, src, members.Filter{Min: 2}, PuzzleOptions{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Questions(ctx, src, members.Filter{Min: 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	return &Sheet{Title: "Calcrostics <test>", Note: "one-parameter family", Puzzles: ps, Questions: qs}
}

func TestWriteHTML(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, sampleSheet(t)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<table"); n != 2*(4+2) {
		t.Errorf("%d tables, want 12 (6 grids and 6 answers)", n)
	}
	for _, want := range []string{"Calcrostics &lt;test&gt;", "break-before: page", "page-break-before: always", `<td class="n">EB</td>`, "÷", "A=4 B=2 C=6 D=8"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"src=", "href=", "<script", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("page is not self-contained: %q", bad)
		}
	}
	if i, j := strings.Index(page, "Puzzle 1"), strings.Index(page, `class="answers"`); i < 0 || j < i {
		t.Error("the answers do not follow the puzzles")
	}
}

// The three kinds of grid a sheet must print readably: lines with =, lines
// that all work out to 0 (no =), and operators on the diagonals.
var sheetKinds = []struct {
	name, ops          string
	diagonals          bool
	puzzles, questions int
}{
	{"equations", "+=|x-++-|+=|=====|/=", false, 4, 2},
	{"all lines zero", "--|-----|-+|x-+--|+-", false, 2, 2},
	{"diagonals", "x=|+x//-|x=|=====|x=", true, 3, 2},
}

// kindSheet analyzes a setting and makes its sheet, as
// "families --ops OPS --puzzles N --questions M --format html" does.
func kindSheet(t *testing.T, ops string, diagonals bool, np, nq int) *Sheet {
	t.Helper()
	ctx := context.Background()
	s := grid.MustParseOps(ops, grid.Size{Rows: 3, Cols: 3})
	rep, err := families.Analyze(ctx, s, families.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src, err := members.FromReport(ctx, rep, families.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Puzzles(ctx, src, members.Filter{}, PuzzleOptions{Diagonals: diagonals}, np)
	if err != nil || len(ps) != np {
		t.Fatalf("%s: %d puzzles, %v", ops, len(ps), err)
	}
	var qs []*Question
	if nq > 0 { // Questions takes 0 for all of them
		if qs, err = Questions(ctx, src, members.Filter{}, nq); err != nil || len(qs) != nq {
			t.Fatalf("%s: %d questions, %v", ops, len(qs), err)
		}
	}
	return &Sheet{Title: "Calcrostics", Setting: s, Eval: grid.Precedence, Puzzles: ps, Questions: qs}
}

// TestSheetRules: the sheet states the rule of the setting in hand (issue
// 14, item 10): lines with = are equations, lines without = work out to 0,
// both when a setting mixes them, and how a line is worked.
func TestSheetRules(t *testing.T) {
	tests := []struct {
		ops       string
		ev        grid.Eval
		want, not []string
	}{
		{"+=|x-++-|+=|=====|/=", grid.Precedence, []string{"Every row and column is a true equation.", "× and ÷ come before + and −"}, []string{"works out to 0", "diagonal"}},
		{"--|-----|-+|x-+--|+-", grid.Precedence, []string{"No line has an = sign: every row and column works out to 0.", "7 − 3 − 4 = 0"}, []string{"true equation"}},
		{"+=|x-++-|+-|=====|/=", grid.Precedence, []string{"with an = sign is a true equation; a line without = works out to 0"}, nil},
		{"+=|x-++-|+=|=====|/=", grid.LeftToRight, []string{"strictly in reading order", "2 + 3 × 4 is 20"}, []string{"2 + 3 × 4 is 14"}},
	}
	for _, tc := range tests {
		sh := &Sheet{Setting: grid.MustParseOps(tc.ops, grid.Size{Rows: 3, Cols: 3}), Eval: tc.ev}
		got := sheetRules(sh, nil)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: rules %q lack %q", tc.ops, got, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: rules %q say %q", tc.ops, got, w)
			}
		}
	}
}

var diagCell = regexp.MustCompile(`<td class="d"><svg[^>]*>(.*?)</svg><span>([^<]*)</span></td>`)

// TestSheetKinds writes the sheet of each kind of grid: the rules fit the
// setting (item 10), diagonal operators sit in diagonal cells with the
// diagonals through them drawn (item 11), and the header draws the
// setting's grid instead of its ops string (item 12).
func TestSheetKinds(t *testing.T) {
	for _, k := range sheetKinds {
		t.Run(k.name, func(t *testing.T) {
			sh := kindSheet(t, k.ops, k.diagonals, k.puzzles, k.questions)
			var b bytes.Buffer
			if err := WriteHTML(&b, sh); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			if n := strings.Count(page, "<table"); n != 1+2*(k.puzzles+k.questions) {
				t.Errorf("%d tables, want the setting's and 2 per puzzle and question", n)
			}
			if strings.Contains(page, k.ops) {
				t.Error("the sheet shows the raw ops string")
			}
			zero := !strings.Contains(k.ops, "=")
			if strings.Contains(page, "true equation") == zero || strings.Contains(page, "works out to 0") != zero {
				t.Errorf("the rules do not fit a setting with = in its lines: %t", !zero)
			}
			// Only the all-zero setting's lines (all four kinds) take in
			// the short diagonals; the rules must say so.
			if strings.Contains(page, "(the short diagonals too)") != zero {
				t.Errorf("the rules speak of short diagonals: %t, want %t", !zero, zero)
			}
			// Lines rows,cols,diag pass one diagonal through each diagonal
			// cell; all four kinds (no =) pass two.
			strokes := 1
			if zero {
				strokes = 2
			}
			cells := diagCell.FindAllStringSubmatch(page, -1)
			for _, c := range cells {
				if n := strings.Count(c[1], "<line"); n != strokes || c[2] == "" {
					t.Errorf("diagonal cell %q: %d diagonals drawn, want %d and an operator", c[0], n, strokes)
				}
			}
			// 4 diagonal cells in the setting's grid, each question and
			// answer of one, and the puzzles' when they show diagonals.
			want := 4 * (1 + 2*k.questions)
			if k.diagonals {
				want += 4 * 2 * k.puzzles
			}
			if len(cells) != want {
				t.Errorf("%d diagonal cells, want %d", len(cells), want)
			}
		})
	}
}

func TestEmptySheet(t *testing.T) {
	if err := WriteHTML(&bytes.Buffer{}, &Sheet{Title: "x"}); !errors.Is(err, ErrEmptySheet) {
		t.Errorf("a sheet of nothing: %v, want ErrEmptySheet", err)
	}
}

// TestSheetHint: a question that reveals no number (the all-zero setting
// of Wolf (2010) has one solution, so its lines alone decide it) says so
// under its grid; a question with revealed numbers says nothing.
func TestSheetHint(t *testing.T) {
	for _, tc := range []struct {
		ops  string
		hint bool
	}{{"--|-----|-/|x-+--|+-", true}, {"x=|+x//-|x=|=====|x=", false}} {
		sh := kindSheet(t, tc.ops, false, 1, 1)
		if got := len(sh.Questions[0].Revealed) == 0; got != tc.hint {
			t.Fatalf("%s: question reveals nothing: %t, want %t", tc.ops, got, tc.hint)
		}
		var b bytes.Buffer
		if err := WriteHTML(&b, sh); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), `<p class="hint">No number is given`); got != tc.hint {
			t.Errorf("%s: hint under the question: %t, want %t", tc.ops, got, tc.hint)
		}
	}
}
