package sweep

import (
	"bytes"
	"context"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

var z3 = grid.Size{Rows: 3, Cols: 3}

// bruteAccept is the filter written directly from its definition, to check
// the pruned enumeration against.
func bruteAccept(t *testing.T, s *grid.Setting, sel grid.LineSet, f Filter) bool {
	t.Helper()
	if f.RequireAllOps {
		for _, o := range arith {
			if !slices.Contains(s.Ops(), o) {
				return false
			}
		}
	}
	if f.Positive {
		lines, err := s.Lines(sel)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if !l.HasEq() && !slices.Contains(l.Ops, grid.Sub) {
				return false
			}
		}
	}
	return true
}

func TestSettingsMatchBruteForce(t *testing.T) {
	tests := []struct {
		ops  string
		size grid.Size
		sel  grid.LineSet
		f    Filter
	}{
		{"--|..-.-|-/|x-+..|+-", z3, 0, Filter{Positive: true}},
		{"--|..-.-|-/|x-+..|+-", z3, 0, Filter{RequireAllOps: true}},
		{"--|..-.-|-/|x-+..|+-", z3, 0, Filter{Positive: true, RequireAllOps: true}},
		{".=|..+.-|.=|=====|.=", z3, 0, Filter{Positive: true, RequireAllOps: true}},
		{".=|..+.-|.=|=====|.=", z3, 0, Filter{}},
		{"-.|.-.-.|.-|.-.-.|--", z3, grid.Rows | grid.Cols, Filter{Positive: true}},
		{".|...|.", grid.Size{Rows: 2, Cols: 2}, 0, Filter{Positive: true, RequireAllOps: true}},
	}
	for _, tc := range tests {
		p := grid.MustParseOps(tc.ops, tc.size)
		var want []string
		for s := range p.All() {
			if bruteAccept(t, s, tc.sel, tc.f) {
				want = append(want, s.String())
			}
		}
		var got []string
		for idx, s := range Settings(p, tc.sel, tc.f) {
			nth, err := p.Nth(idx)
			if err != nil || !nth.Equal(s) {
				t.Fatalf("%s: index %s gives %v, want %s", tc.ops, idx, nth, s)
			}
			got = append(got, s.String())
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s %+v: %d settings, want %d", tc.ops, tc.f, len(got), len(want))
		}
	}
}

// TestSeedCount: Wolf's all-lines-zero experiment. Each of the 6 rows
// and columns needs a - among its 2 wildcards (7 of 16 choices), and all
// of + x / must appear: 7^6 - 3*5^6 + 3*3^6 - 1 = 72,960 by inclusion and
// exclusion. The short diagonals of length 2 force the diagonal cells to
// -, so the pattern with wildcards there gives the same settings.
func TestSeedCount(t *testing.T) {
	for _, ops := range []string{"..|.-.-.|..|.-.-.|..", "..|.....|..|.....|.."} {
		p := grid.MustParseOps(ops, z3)
		n := 0
		var last *big.Int
		for idx, s := range Settings(p, 0, Filter{Positive: true, RequireAllOps: true}) {
			if last != nil && idx.Cmp(last) <= 0 {
				t.Fatalf("index %s after %s", idx, last)
			}
			last = idx
			if n == 0 && !strings.Contains(s.String(), "-") {
				t.Fatalf("first setting %s", s)
			}
			n++
		}
		if n != 72960 {
			t.Errorf("%s: %d settings, want 72960", ops, n)
		}
	}
}

// TestSeedExperiment runs Wolf's experiment: every all-lines-zero
// setting of the 3x3 grid with a - on every line and all four operators.
// Wolf (2010) reports one operator setting with a positive-integer solution,
// 12 2 10 / 2 4 2 / 6 2 8. The sweep finds 6 settings, all with that one
// grid of numbers (or its mirror image): Wolf's setting, two more that
// write column 2's b - f + k as b - f / k, one of them also row 2's
// d - f / g as d - f + g (that change alone leaves no /), which hold alike
// because f = 4 and g = k = 2 make 4 / 2 = 4 - 2, and the left-right mirror
// images of the three. That is 3 calcrostics up to symmetry, 1 grid of
// numbers. (Wolf's "72,000" is this count, 72,960, rounded.)
func TestSeedExperiment(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 18,851 systems")
	}
	p := grid.MustParseOps("..|.-.-.|..|.-.-.|..", z3)
	opt := Options{Filter: Filter{Positive: true, RequireAllOps: true}, Members: 3}
	plan, err := NewPlan(context.Background(), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sum, err := plan.Run(context.Background(), &out)
	if err != nil {
		t.Fatal(err)
	}
	// The records with members, byte for byte as in the golden file (made
	// by grep '"members":\[{' on the output of scripts/sweep/allzero.sh).
	var withMembers []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, `"members":[{`) {
			withMembers = append(withMembers, line)
		}
	}
	want, err := os.ReadFile("../../testdata/sweep/allzero_members.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(withMembers, "\n") + "\n"; got != string(want) {
		t.Errorf("records with members differ from testdata/sweep/allzero_members.jsonl:\n%s", got)
	}
	if sum.Settings != 72960 || len(sum.WithMembers) != 6 || len(sum.NumberGrids) != 1 || len(sum.Grids) != 3 {
		t.Errorf("%d settings, %d with members, %d grids of numbers, %d calcrostics; want 72960, 6, 1, 3",
			sum.Settings, len(sum.WithMembers), len(sum.NumberGrids), len(sum.Grids))
	}
	found := false
	for _, m := range sum.WithMembers {
		if m.Ops == "--|-----|-/|x-+--|+-" && m.First == "12 2 10 / 2 4 2 / 6 2 8" {
			found = true
		}
	}
	if !found {
		t.Errorf("Wolf's setting is not among %v", sum.WithMembers)
	}
	if sum.ByClass[families.ClassTimeout]+sum.ByClass[families.ClassError] != 0 {
		t.Errorf("classes %v", sum.ByClass)
	}
}
