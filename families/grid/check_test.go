package grid

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/families/tokengrid"
)

// loadGrid reads testdata/grids/name as a solved grid.
func loadGrid(t testing.TB, name string) (*Setting, []*big.Rat) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "grids", name))
	if err != nil {
		t.Fatal(err)
	}
	g, err := tokengrid.Parse(string(b))
	if err != nil {
		t.Fatal(err)
	}
	s, vals, err := FromTokens(g)
	if err != nil {
		t.Fatal(err)
	}
	return s, vals
}

func rats(xs ...int64) []*big.Rat {
	out := make([]*big.Rat, len(xs))
	for i, x := range xs {
		out[i] = big.NewRat(x, 1)
	}
	return out
}

func TestCheck(t *testing.T) {
	_, s1 := loadGrid(t, "s1.txt")
	_, crossmath := loadGrid(t, "crossmath.txt")
	settingCrossmath, _ := loadGrid(t, "crossmath.txt")
	wolf, wolfVals := loadGrid(t, "wolf.txt")
	tests := []struct {
		name   string
		s      *Setting
		vals   []*big.Rat
		sel    LineSet
		ev     Eval
		lines  int
		failed []string // "line name: reason"
	}{
		{"S1 against P1", MustParseOps(opsP1, size3), s1, 0, Precedence, 8, nil},
		{"S1 against P1 ltr", MustParseOps(opsP1, size3), s1, 0, LeftToRight, 8, nil},
		{"all lines zero", MustParseOps(opsAllZero, size3), rats(12, 2, 10, 2, 4, 2, 6, 2, 8), Rows | Cols | Diag | Short, Precedence, 12, nil},
		{"all lines zero ltr", MustParseOps(opsAllZero, size3), rats(12, 2, 10, 2, 4, 2, 6, 2, 8), 0, LeftToRight, 12, []string{
			"row 2: (2 - 4) / 2 is -1, not 0",
			"column 1: (12 - 2) * 6 is 60, not 0"}},
		{"Wolf's first puzzle, short operator rows", wolf, wolfVals, AllLines, Precedence, 6, nil},
		{"the Migros cross-math ltr", settingCrossmath, crossmath, 0, LeftToRight, 6, nil},
		{"the Migros cross-math precedence", settingCrossmath, crossmath, 0, Precedence, 6, []string{
			"row 2: 3 + 2 * 4 = 20 is false: the sides are 11, 20",
			"column 2: 6 + 2 / 8 = 1 is false: the sides are 25/4, 1"}},
		{"S1 against the one-parameter setting", MustParseOps(opsOneParam, size3), s1, 0, Precedence, 8, []string{
			"row 1: 24 + 8 = 192 is false: the sides are 32, 192",
			"row 2: 24 + 4 = 96 is false: the sides are 28, 96",
			"row 3: 48 / 2 = 96 is false: the sides are 24, 96",
			"column 1: 24 * 24 = 48 is false: the sides are 576, 48",
			"column 2: 8 + 4 = 2 is false: the sides are 12, 2",
			"diagonal: 24 - 4 = 96 is false: the sides are 20, 96",
			"anti-diagonal: 192 + 4 = 48 is false: the sides are 196, 48"}},
		{"division by zero", MustParseOps(opsP1, size3), rats(0, 0, 0, 1, 0, 0, 1, 0, 0), 0, Precedence, 8, []string{
			"column 2: division by zero in 0 / 0 = 0: the divisor f is 0",
			"anti-diagonal: division by zero in 0 / 0 = 1: the divisor f is 0"}},
		{"several =", MustParseOps("x==|_______|+=-", Size{2, 4}), rats(2, 3, 6, 5, 1, 2, 7, 4), 0, Precedence, 2, []string{
			"row 1: 2 * 3 = 6 = 5 is false: the sides are 6, 6, 5"}},
		{"zero numbers", MustParseOps("-|---|-", Size{2, 2}), rats(0, 0, 0, 0), 0, Precedence, 6, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.s.Check(tc.vals, tc.sel, tc.ev)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Lines) != tc.lines {
				t.Errorf("%d lines checked, want %d", len(r.Lines), tc.lines)
			}
			var failed []string
			for _, l := range r.Failed() {
				failed = append(failed, l.Line.Name+": "+l.Reason)
			}
			if strings.Join(failed, "\n") != strings.Join(tc.failed, "\n") {
				t.Errorf("failures:\n%s\nwant\n%s", strings.Join(failed, "\n"), strings.Join(tc.failed, "\n"))
			}
			if r.OK != (len(tc.failed) == 0 && len(r.Zero) == 0) {
				t.Errorf("OK = %v", r.OK)
			}
		})
	}
}

func TestCheckErrors(t *testing.T) {
	p1 := MustParseOps(opsP1, size3)
	if _, err := p1.Check(rats(1, 2, 3), 0, Precedence); err == nil || err.Error() != "grid: check: expected 9 numbers for a 3x3 grid, got 3" {
		t.Errorf("short values: %v", err)
	}
	vals := rats(1, 2, 3, 4, 5, 6, 7, 8, 9)
	vals[4] = nil
	if _, err := p1.Check(vals, 0, Precedence); err == nil || err.Error() != "grid: check: number f has no value" {
		t.Errorf("missing value: %v", err)
	}
	if _, err := MustParseOps(".=|+x//-|x=|=====|x=", size3).Check(rats(1, 2, 3, 4, 5, 6, 7, 8, 9), 0, Precedence); err == nil {
		t.Error("checked a pattern")
	}
	if _, err := p1.Check(rats(1, 2, 3, 4, 5, 6, 7, 8, 9), AllLines, Precedence); err == nil {
		t.Error("checked P1 with its all-= short diagonal d = k")
	}
	r, err := MustParseOps("-|---|-", Size{2, 2}).Check(rats(0, 0, 0, 0), 0, Precedence)
	if err != nil || r.OK || strings.Join(r.Zero, " ") != "a b c d" || r.String() != "failed: zero numbers: a b c d" {
		t.Errorf("zero numbers: %v %v", r, err)
	}
	r, _ = p1.Check(rats(24, 8, 192, 24, 4, 96, 48, 2, 96), 0, Precedence)
	if r.String() != "ok: 8 lines hold" {
		t.Errorf("String = %s", r)
	}
}
