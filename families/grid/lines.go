package grid

import (
	"fmt"
	"strings"
)

// A LineSet selects kinds of line as conditions (--lines).
type LineSet uint8

// The kinds of line. The zero LineSet means the default of a setting (see
// DefaultLines).
const (
	Rows  LineSet = 1 << iota // rows
	Cols                      // columns
	Diag                      // the two corner-to-corner diagonals of a square grid
	Short                     // every other diagonal of length >= 2

	AllLines = Rows | Cols | Diag | Short
)

var lineSetNames = []struct {
	set  LineSet
	name string
}{{Rows, "rows"}, {Cols, "cols"}, {Diag, "diag"}, {Short, "short"}}

// ParseLineSet reads a comma list of rows, cols, diag and short (also "all"),
// as String writes it. The empty string gives 0, the default. It costs
// O(len(s)).
func ParseLineSet(s string) (LineSet, error) {
	var set LineSet
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		found := false
		for _, n := range lineSetNames {
			if f == n.name {
				set |= n.set
				found = true
			}
		}
		if f == "all" {
			set, found = set|AllLines, true
		}
		if !found {
			return 0, fmt.Errorf("grid: lines: unknown kind %q: expected a comma list of rows, cols, diag, short (or all)", f)
		}
	}
	return set, nil
}

// String returns the comma list of the kinds in l, such as "rows,cols,diag",
// or "default" for 0.
func (l LineSet) String() string {
	var names []string
	for _, n := range lineSetNames {
		if l&n.set != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "default"
	}
	return strings.Join(names, ",")
}

// DefaultLines returns rows,cols,diag when s contains =, and all four kinds
// otherwise (Wolf's all-lines-zero variant).
func (s *Setting) DefaultLines() LineSet {
	if s.HasEq() {
		return Rows | Cols | Diag
	}
	return AllLines
}

// resolve turns the default 0 into the setting's default.
func (s *Setting) resolve(sel LineSet) LineSet {
	if sel == 0 {
		return s.DefaultLines()
	}
	return sel
}

// A Direction is the direction in which a line reads.
type Direction uint8

// The directions. Rows read left to right, everything else top to bottom.
const (
	Across    Direction = iota // a row
	Down                       // a column
	DownRight                  // a diagonal from upper left to lower right
	DownLeft                   // a diagonal from upper right to lower left
)

// step is the layout offset from a number to the next one along d.
func (d Direction) step() Pos {
	return [...]Pos{{0, 2}, {2, 0}, {2, 2}, {2, -2}}[d]
}

// A Line is a maximal run of two or more numbers along a row, column or
// diagonal, with the operators between them, in reading order.
type Line struct {
	Name  string    // "row 1", "column 2", "diagonal", "anti-diagonal", "short diagonal b-g", ...
	Kind  LineSet   // exactly one of Rows, Cols, Diag, Short
	Dir   Direction // reading direction
	Nums  []int     // row-major indices of the numbers, in reading order
	Cells []Pos     // the operator cells between them: len(Nums)-1
	Ops   []Op      // the operators in those cells
}

// UsesAllOps reports whether the lines together use each of + - x /, the
// condition Wolf (2010) puts on a calcrostic. Cost: one pass over the cells.
func UsesAllOps(lines []Line) bool {
	var seen [8]bool
	for _, l := range lines {
		for _, o := range l.Ops {
			if int(o) < len(seen) {
				seen[o] = true
			}
		}
	}
	return seen[Add] && seen[Sub] && seen[Mul] && seen[Div]
}

// HasEq reports whether some operator of l is =.
func (l *Line) HasEq() bool {
	for _, o := range l.Ops {
		if o == Eq {
			return true
		}
	}
	return false
}

// onlyEq reports whether every operator of l is =.
func (l *Line) onlyEq() bool {
	for _, o := range l.Ops {
		if o != Eq {
			return false
		}
	}
	return true
}

// Lines returns the lines of s of the kinds in sel (0 for the default) in a
// fixed order: rows, columns, the diagonal and anti-diagonal, the short
// down-right and then the short down-left diagonals, each by its first
// number in row-major order. It fails if a selected line has only =
// operators. It costs O(mn).
func (s *Setting) Lines(sel LineSet) ([]Line, error) {
	sel = s.resolve(sel)
	if err := s.checkLines(sel); err != nil {
		return nil, err
	}
	return s.lines(sel), nil
}

func (s *Setting) checkLines(sel LineSet) error {
	for _, l := range s.lines(sel) {
		if l.onlyEq() {
			return fmt.Errorf("grid: ops %s: %s (%s) has only = operators, which would only make its numbers equal",
				s, l.Name, l.Format(Precedence, s.size.Name))
		}
	}
	return nil
}

func (s *Setting) lines(sel LineSet) []Line {
	z := s.size
	var out []Line
	if sel&Rows != 0 {
		for r := 0; r < z.Rows; r++ {
			out = s.walk(out, Pos{2 * r, 0}, Across, Rows, fmt.Sprintf("row %d", r+1))
		}
	}
	if sel&Cols != 0 {
		for c := 0; c < z.Cols; c++ {
			out = s.walk(out, Pos{0, 2 * c}, Down, Cols, fmt.Sprintf("column %d", c+1))
		}
	}
	if sel&Diag != 0 && z.Square() {
		out = s.walk(out, Pos{0, 0}, DownRight, Diag, "diagonal")
		out = s.walk(out, Pos{0, 2 * (z.Cols - 1)}, DownLeft, Diag, "anti-diagonal")
	}
	if sel&Short != 0 {
		for _, d := range []Direction{DownRight, DownLeft} {
			for _, start := range s.diagonalStarts(d) {
				if z.Square() && (start == Pos{0, 0} && d == DownRight || start == Pos{0, 2 * (z.Cols - 1)} && d == DownLeft) {
					continue
				}
				name := "short diagonal"
				if d == DownLeft {
					name = "short anti-diagonal"
				}
				out = s.walk(out, start, d, Short, name)
			}
		}
	}
	return out
}

// diagonalStarts returns the first cell of every diagonal of direction d
// that has at least two numbers, in row-major order.
func (s *Setting) diagonalStarts(d Direction) []Pos {
	z := s.size
	var starts []Pos
	for c := 0; c < z.Cols; c++ {
		if d == DownRight && c < z.Cols-1 || d == DownLeft && c > 0 {
			starts = append(starts, Pos{0, 2 * c})
		}
	}
	for r := 1; r < z.Rows-1; r++ {
		if d == DownRight {
			starts = append(starts, Pos{2 * r, 0})
		} else {
			starts = append(starts, Pos{2 * r, 2 * (z.Cols - 1)})
		}
	}
	return starts
}

// walk appends the lines along direction d from start: the runs of two or
// more present numbers joined by present operators. A line that is only part
// of its row, column or diagonal, or any short diagonal, gets its numbers in
// its name.
func (s *Setting) walk(out []Line, start Pos, d Direction, kind LineSet, name string) []Line {
	z := s.size
	st := d.step()
	var cur *Line
	flush := func(whole bool) {
		if cur != nil && len(cur.Nums) >= 2 {
			if !whole || kind == Short {
				names := make([]string, len(cur.Nums))
				for i, n := range cur.Nums {
					names[i] = z.Name(n)
				}
				cur.Name += " " + strings.Join(names, "-")
			}
			out = append(out, *cur)
		}
		cur = nil
	}
	broken := false
	for p := start; z.inLayout(p); p = (Pos{p.R + st.R, p.C + st.C}) {
		i := z.NumberIndex(p)
		if s.absent[i] {
			broken = true
			flush(false)
			continue
		}
		if cur == nil {
			cur = &Line{Name: name, Kind: kind, Dir: d, Nums: []int{i}}
		} else {
			cur.Nums = append(cur.Nums, i)
		}
		next := Pos{p.R + st.R/2, p.C + st.C/2}
		if !z.inLayout(next) {
			break
		}
		if o := s.Op(next); o == Absent {
			broken = true
			flush(false)
		} else {
			cur.Cells = append(cur.Cells, next)
			cur.Ops = append(cur.Ops, o)
		}
	}
	flush(!broken)
	return out
}
