package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/families/puzzle"
)

// analyzeWithPuzzles runs the analyze command's flags with the sweep and
// puzzle flags, as runAnalyze does once it calls writeAnalysis.
func analyzeWithPuzzles(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var errb bytes.Buffer
	fs := newFlags("families", analyzeUsage, &errb)
	var g gridFlags
	addGridFlags(fs, &g, defaultOps)
	format := fs.String("format", "text", "")
	addSweepFlags(fs)
	pf := addPuzzleFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return "", err
	}
	s, opt, err := g.parse()
	if err != nil {
		return "", err
	}
	rep, err := families.Analyze(context.Background(), s, opt)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	err = writeAnalysis(context.Background(), &out, *format, rep, opt, pf)
	return out.String(), err
}

// TestAnalyzePuzzlesJSON lists members, puzzles and questions of
// Wolf's one-parameter family (the default grid) with Wolf's filter.
func TestAnalyzePuzzlesJSON(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--members", "3", "--puzzles", "2", "--questions", "1", "--min", "2", "--diagonals", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Ops     string             `json:"ops"`
		Members []map[string]int64 `json:"members"`
		Puzzles []struct {
			Text     string           `json:"text"`
			Letters  map[string]int   `json:"letters"`
			Solution map[string]int64 `json:"solution"`
		} `json:"puzzles"`
		Questions []struct {
			Text     string           `json:"text"`
			Revealed []string         `json:"revealed"`
			Solution map[string]int64 `json:"solution"`
		} `json:"questions"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Ops != defaultOps || len(res.Members) != 3 || len(res.Puzzles) != 2 || len(res.Questions) != 1 {
		t.Fatalf("got %+v", res)
	}
	if m := res.Members[0]; m["a"] != 4 || m["h"] != 8 || m["m"] != 2 {
		t.Errorf("first member %v, want 4 2 6 / 2 2 4 / 8 4 2", m)
	}
	p := res.Puzzles[0]
	if !strings.HasPrefix(p.Text, "A  +  B  =  C\n") || p.Letters["A"] != 4 || p.Solution["c"] != 6 {
		t.Errorf("first puzzle %+v", p)
	}
	// The first question has the first member no puzzle has (issue 29,
	// item 9: a question never repeats a puzzle's numbers).
	if q := res.Questions[0]; len(q.Revealed) != 1 || q.Revealed[0] != "a" || !strings.HasPrefix(q.Text, "5  +  ?  =  ?") {
		t.Errorf("first question %+v", q)
	}
}

// TestAnalyzeNoPuzzles checks that the sweep's default for --members does
// not add members to the analysis of one setting.
func TestAnalyzeNoPuzzles(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, `"members"`) {
		t.Errorf("members without --members:\n%s", out)
	}
}

func TestAnalyzePuzzlesText(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--members", "2", "--puzzles", "1", "--questions", "1", "--min", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"class: positive_dimensional", "members (2", "4 2 6 / 2 2 4 / 8 4 2", "puzzle 1 (", "question 1 (revealed a;", "5  +  ?  =  ?"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzePuzzlesHTML(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--puzzles", "2", "--questions", "1", "--format", "html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "<!DOCTYPE html>") || strings.Count(out, "<table") != 7 {
		t.Errorf("not a sheet of the setting's grid, 3 grids and 3 answers:\n%s", out)
	}
	_, err = analyzeWithPuzzles(t, "--format", "html")
	var ue usageError
	if !errors.As(err, &ue) {
		t.Errorf("html without puzzles: %v, want a usage error", err)
	}
}

// TestAnalyzePuzzlesLong asks for puzzles of the two-parameter family
// with numbers of at least 9 digits, whose members all have a number of
// more than 18 (g = (b - 1)(h - 1)b): each is skipped and counted, where
// the digit solver's error used to end the run.
func TestAnalyzePuzzlesLong(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--ops", "-=|-xx/+|x=|=====|x=", "--puzzles", "2", "--min", "100000000", "--budget", "100")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"digit puzzles (0,", "5 members skipped: a number of more than 18 digits makes no digit puzzle"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestAnalyzeAlgebraicNotSearched checks what the members section says of
// the families it searches: an algebraic family is not searched, which the
// output used to hide behind "families with integer members to
// enumerate: 0", as if it had none.
func TestAnalyzeAlgebraicNotSearched(t *testing.T) {
	tests := []struct {
		name, ops string
		want      string
		not       string
	}{
		{"rational", defaultOps, "families searched for integer members: 1 (parameters {k})\n", "not searched"},
		{"algebraic", "-=|x/x+/|/=|=====|/=", "families searched for integer members: 0; not searched: 1 algebraic family, whose integer members, if any, are not listed\n", "to enumerate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := analyzeWithPuzzles(t, "--ops", tc.ops, "--members", "1")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
				t.Errorf("output lacks %q or has %q:\n%s", tc.want, tc.not, out)
			}
		})
	}
}

// TestMaxSum checks --max-sum on the command's flags: the default grid's
// members k = 3..10 are every member up to parameter sum 10, so 100 asked
// for give 8; a budget that stops the search says which sums it finished;
// a negative bound is refused.
func TestMaxSum(t *testing.T) {
	out, err := analyzeWithPuzzles(t, "--members", "100", "--max-sum", "10", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Members      []map[string]int64 `json:"members"`
		MembersError string             `json:"members_error"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Members) != 8 || res.Members[7]["k"] != 10 || res.MembersError != "" {
		t.Errorf("members %v, members_error %q; want k = 3..10 and no error", res.Members, res.MembersError)
	}
	out, err = analyzeWithPuzzles(t, "--members", "100", "--max-sum", "1000", "--budget", "50")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "every member with parameter sum at most 26 is listed (24 members, proved); the search stopped at the budget of 50 steps (--budget) in sum 27") {
		t.Errorf("the budget's stop does not say which sums were finished:\n%s", out)
	}
	var errb bytes.Buffer
	fs := newFlags("families", analyzeUsage, &errb)
	addSweepFlags(fs)
	pf := addPuzzleFlags(fs)
	if err := parseFlags(fs, []string{"--members", "3", "--max-sum", "-1"}); err != nil {
		t.Fatal(err)
	}
	if err := pf.check(); err == nil || !strings.Contains(err.Error(), "--max-sum must be at least 0") {
		t.Errorf("--max-sum -1: %v, want a usage error", err)
	}
}

// TestPuzzlesLargeGrids makes three digit puzzles on a 5x4 and a 4x5
// setting of issue 32 and solves each again from its printed text with
// the digit solver: exactly one solution, the member it was made from.
func TestPuzzlesLargeGrids(t *testing.T) {
	for _, c := range []struct{ size, ops string }{
		{"5x4", "-+=|-+++x-x|++=|--x/+/+|-x=|+-x+/xx|-x=|=======|++="},
		{"4x5", "+--=|///-/xx+/|xx/=|+-x/x-x//|+++=|=========|//-="},
	} {
		out, err := analyzeWithPuzzles(t, "--size", c.size, "--ops", c.ops, "--puzzles", "3", "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		var res struct {
			Puzzles []struct {
				Text    string         `json:"text"`
				Letters map[string]int `json:"letters"`
			} `json:"puzzles"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Puzzles) != 3 {
			t.Fatalf("%s %s: %d puzzles, want 3", c.size, c.ops, len(res.Puzzles))
		}
		for _, p := range res.Puzzles {
			_, dp, err := puzzle.ParseGrid(p.Text, puzzle.Rules{})
			if err != nil {
				t.Fatalf("%s: %v\n%s", c.size, err, p.Text)
			}
			r, err := dp.Solve(context.Background(), 2)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != digits.Unique || len(r.Solutions[0]) != len(p.Letters) {
				t.Errorf("%s: the puzzle solves to %v %v, want the one solution %v\n%s", c.size, r.Status, r.Solutions, p.Letters, p.Text)
				continue
			}
			for l, d := range p.Letters {
				if r.Solutions[0][[]rune(l)[0]] != d {
					t.Errorf("%s: letter %s is %d, the puzzle says %d", c.size, l, r.Solutions[0][[]rune(l)[0]], d)
				}
			}
		}
	}
}
