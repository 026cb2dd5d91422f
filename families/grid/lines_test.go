package grid

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families/tokengrid"
)

func names(ls []Line) string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Name)
	}
	return strings.Join(out, ", ")
}

func TestLines(t *testing.T) {
	s := MustParseOps(opsAllZero, size3)
	if s.DefaultLines() != AllLines {
		t.Errorf("default lines of %s: %v", s, s.DefaultLines())
	}
	ls, err := s.Lines(0)
	if err != nil {
		t.Fatal(err)
	}
	want := "row 1, row 2, row 3, column 1, column 2, column 3, diagonal, anti-diagonal, " +
		"short diagonal b-g, short diagonal d-k, short anti-diagonal b-d, short anti-diagonal g-k"
	if got := names(ls); got != want {
		t.Errorf("lines:\n got %s\nwant %s", got, want)
	}
	var eqs []string
	for _, l := range ls {
		eqs = append(eqs, l.Equation(size3, Precedence))
	}
	wantEqs := []string{"a - b - c = 0", "d - f / g = 0", "h + k - m = 0", "a - d * h = 0", "b - f + k = 0", "c - g - m = 0",
		"a - f - m = 0", "c - f - h = 0", "b - g = 0", "d - k = 0", "b - d = 0", "g - k = 0"}
	if !slices.Equal(eqs, wantEqs) {
		t.Errorf("equations:\n got %q\nwant %q", eqs, wantEqs)
	}
	// The diagonal operator cell (1,1) serves a-f-m and b-d.
	if ls[6].Cells[0] != (Pos{1, 1}) || ls[10].Cells[0] != (Pos{1, 1}) || ls[6].Dir != DownRight || ls[10].Dir != DownLeft {
		t.Errorf("diagonal cells: %v %v", ls[6], ls[10])
	}
	p1 := MustParseOps(opsP1, size3)
	if p1.DefaultLines() != Rows|Cols|Diag {
		t.Errorf("default lines of P1: %v", p1.DefaultLines())
	}
	ls, _ = p1.Lines(Rows | Diag)
	if got := names(ls); got != "row 1, row 2, row 3, diagonal, anti-diagonal" {
		t.Errorf("rows,diag: %s", got)
	}
}

// TestLineCount checks Wolf's count of conditions of an m x n grid with
// all lines: 3(m+n-2).
func TestLineCount(t *testing.T) {
	for m := 2; m <= 6; m++ {
		for n := 2; n <= 6; n++ {
			z := Size{m, n}
			s, err := ParseOps(strings.Repeat("-", z.NumOps()), z)
			if err != nil {
				t.Fatal(err)
			}
			ls, err := s.Lines(0)
			if err != nil {
				t.Fatal(err)
			}
			if len(ls) != 3*(m+n-2) {
				t.Errorf("%v: %d lines, want %d", z, len(ls), 3*(m+n-2))
			}
			diag := 0
			for _, l := range ls {
				if l.Kind == Diag {
					diag++
				}
				if len(l.Cells) != len(l.Nums)-1 || len(l.Ops) != len(l.Cells) || len(l.Nums) < 2 {
					t.Errorf("%v: malformed line %+v", z, l)
				}
			}
			if z.Square() != (diag == 2) || !z.Square() && diag != 0 {
				t.Errorf("%v: %d main diagonals", z, diag)
			}
		}
	}
}

func TestLinesAbsent(t *testing.T) {
	// A row broken by an absent operator makes two lines.
	z := Size{2, 4}
	s := MustParseOps("+_+|-_-_-_-|-x-", z)
	ls, err := s.Lines(Rows | Cols)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(ls); got != "row 1 a-b, row 1 c-d, row 2, column 1, column 2, column 3, column 4" {
		t.Errorf("got %s", got)
	}
	ls, _ = s.Lines(Short)
	if len(ls) != 0 {
		t.Errorf("absent diagonal operators left lines %s", names(ls))
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "grids", "crossmath.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := tokengrid.Parse(string(b))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err = FromTokens(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.Present(15) || !s.Present(14) || !s.HasAbsentNumbers() {
		t.Error("absent corner not read")
	}
	ls, err = s.Lines(AllLines)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(ls); got != "row 1, row 2, row 3, column 1, column 2, column 3" {
		t.Errorf("the Migros cross-math lines: %s", got)
	}
	if got := ls[0].Format(LeftToRight, s.Size().Name); got != "(a - b) * c = d" {
		t.Errorf("ltr format: %s", got)
	}
}

func TestParseLineSet(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want LineSet
	}{{"", 0}, {"rows", Rows}, {"rows,cols,diag", Rows | Cols | Diag}, {" short , diag", Diag | Short}, {"all", AllLines}} {
		got, err := ParseLineSet(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseLineSet(%q) = %v, %v", tc.in, got, err)
		}
	}
	if _, err := ParseLineSet("rows,diagonals"); err == nil || err.Error() != `grid: lines: unknown kind "diagonals": expected a comma list of rows, cols, diag, short (or all)` {
		t.Errorf("bad kind: %v", err)
	}
	if s := (Rows | Cols | Diag).String(); s != "rows,cols,diag" {
		t.Errorf("String = %s", s)
	}
	if s := LineSet(0).String(); s != "default" {
		t.Errorf("String = %s", s)
	}
}

func TestFormat(t *testing.T) {
	l := Line{Nums: []int{0, 1, 2, 3, 4}, Ops: []Op{Add, Mul, Sub, Div}}
	z := Size{1, 5}
	if got := l.Format(Precedence, z.Name); got != "a + b * c - d / f" {
		t.Errorf("precedence: %s", got)
	}
	if got := l.Format(LeftToRight, z.Name); got != "((a + b) * c - d) / f" {
		t.Errorf("ltr: %s", got)
	}
	l.Ops = []Op{Mul, Eq, Sub, Div}
	if got := l.Format(LeftToRight, z.Name); got != "a * b = (c - d) / f" {
		t.Errorf("ltr with =: %s", got)
	}
}

func TestUsesAllOps(t *testing.T) {
	z := Size{Rows: 3, Cols: 3}
	tests := []struct {
		ops  string
		sel  LineSet
		want bool
	}{
		{"x=|+x//-|x=|=====|x=", 0, true},           // P1: all four
		{"+=|+++++|+=|=====|+=", 0, false},          // only +
		{"--|-----|-/|x-+--|+-", Rows | Cols, true}, // Wolf's setting
		{"--|-----|-/|x-+--|+-", Rows, false},       // its rows lack x
	}
	for _, tc := range tests {
		s := MustParseOps(tc.ops, z)
		sel := tc.sel
		if sel == 0 {
			sel = s.DefaultLines()
		}
		lines, err := s.Lines(sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := UsesAllOps(lines); got != tc.want {
			t.Errorf("%s lines %v: UsesAllOps %v, want %v", tc.ops, sel, got, tc.want)
		}
	}
}
