package grid

import (
	"fmt"
	"strings"
	"unicode"
)

// A Setting is an operator setting of an m x n layout: the operator of every
// operator cell and which number cells are present (all of them, unless the
// setting came from a token grid with absent numbers). A setting with
// wildcards (Any) is a pattern; see Count and Nth. Settings are immutable.
type Setting struct {
	size   Size
	ops    []Op   // by layout index; number cells hold Absent and are not read
	absent []bool // by number index
}

func newSetting(z Size) *Setting {
	return &Setting{
		size:   z,
		ops:    make([]Op, z.LayoutRows()*z.LayoutCols()),
		absent: make([]bool, z.Numbers()),
	}
}

func (s *Setting) clone() *Setting {
	return &Setting{size: s.size, ops: append([]Op(nil), s.ops...), absent: append([]bool(nil), s.absent...)}
}

// ParseOps reads an --ops string for a grid of size z: the operator cells in
// row-major order of the layout, one character each (see ParseOp); '|',
// commas and white space separate and are ignored. It refuses a bad size, an
// unknown character (naming it and its 1-based position), a length other
// than z.NumOps(), and a row, column or main diagonal whose operators are all
// =. It costs O(len(ops) + mn).
func ParseOps(ops string, z Size) (*Setting, error) {
	if err := z.Validate(); err != nil {
		return nil, err
	}
	var list []Op
	pos := 0
	for _, r := range ops {
		pos++
		if r == '|' || r == ',' || unicode.IsSpace(r) {
			continue
		}
		o, ok := ParseOp(r)
		if !ok {
			return nil, fmt.Errorf("grid: ops: unknown character %q at position %d: expected one of + - x * × / : ÷ = . _ or a separator | , space", r, pos)
		}
		list = append(list, o)
	}
	s, err := NewSetting(z, list)
	if err != nil {
		return nil, err
	}
	if err := s.checkLines(Rows | Cols | Diag); err != nil {
		return nil, err
	}
	return s, nil
}

// MustParseOps is like ParseOps but panics on error; for tests and literals.
func MustParseOps(ops string, z Size) *Setting {
	s, err := ParseOps(ops, z)
	if err != nil {
		panic(err)
	}
	return s
}

// NewSetting returns the setting of size z whose operator cells, in row-major
// order of the layout, hold ops; all numbers are present. Unlike ParseOps it
// does not look at the lines. It costs O(mn).
func NewSetting(z Size, ops []Op) (*Setting, error) {
	if err := z.Validate(); err != nil {
		return nil, err
	}
	if len(ops) != z.NumOps() {
		return nil, fmt.Errorf("grid: ops: expected %d operators for a %s grid, got %d", z.NumOps(), z, len(ops))
	}
	s := newSetting(z)
	k := 0
	for R := 0; R < z.LayoutRows(); R++ {
		for C := 0; C < z.LayoutCols(); C++ {
			p := Pos{R, C}
			if p.Kind() == NumberCell {
				continue
			}
			if ops[k] > Any {
				return nil, fmt.Errorf("grid: ops: invalid operator value %d at position %d", ops[k], k+1)
			}
			s.ops[z.layoutIndex(p)] = ops[k]
			k++
		}
	}
	return s, nil
}

// Size returns the size of the grid.
func (s *Setting) Size() Size { return s.size }

// Op returns the operator at layout cell p (Absent for a number cell or a
// cell outside the layout).
func (s *Setting) Op(p Pos) Op {
	if !s.size.inLayout(p) || p.Kind() == NumberCell {
		return Absent
	}
	return s.ops[s.size.layoutIndex(p)]
}

// Ops returns the operators of all operator cells in row-major layout order,
// as NewSetting takes them. It costs O(mn).
func (s *Setting) Ops() []Op {
	list := make([]Op, 0, s.size.NumOps())
	s.eachOpCell(func(p Pos) { list = append(list, s.ops[s.size.layoutIndex(p)]) })
	return list
}

// eachOpCell calls f for every operator cell in row-major layout order.
func (s *Setting) eachOpCell(f func(Pos)) {
	for R := 0; R < s.size.LayoutRows(); R++ {
		for C := 0; C < s.size.LayoutCols(); C++ {
			if p := (Pos{R, C}); p.Kind() != NumberCell {
				f(p)
			}
		}
	}
}

// Present reports whether number i (row-major index) is in the grid.
func (s *Setting) Present(i int) bool { return !s.absent[i] }

// HasAbsentNumbers reports whether some number cell is absent; String cannot
// express that.
func (s *Setting) HasAbsentNumbers() bool {
	for _, a := range s.absent {
		if a {
			return true
		}
	}
	return false
}

// HasEq reports whether some operator cell holds =.
func (s *Setting) HasEq() bool { return s.count(Eq) > 0 }

// Wildcards returns the number of wildcard cells.
func (s *Setting) Wildcards() int { return s.count(Any) }

func (s *Setting) count(o Op) int {
	n := 0
	s.eachOpCell(func(p Pos) {
		if s.ops[s.size.layoutIndex(p)] == o {
			n++
		}
	})
	return n
}

// String returns the --ops string of s, layout rows separated by '|', such as
// "x=|+x//-|x=|=====|x=". ParseOps reads it back unless a line is all =;
// absent numbers are not shown.
func (s *Setting) String() string {
	var b strings.Builder
	for R := 0; R < s.size.LayoutRows(); R++ {
		if R > 0 {
			b.WriteByte('|')
		}
		for C := 0; C < s.size.LayoutCols(); C++ {
			if p := (Pos{R, C}); p.Kind() != NumberCell {
				b.WriteString(s.ops[s.size.layoutIndex(p)].String())
			}
		}
	}
	return b.String()
}

// Equal reports whether s and t have the same size, operators and absent
// numbers.
func (s *Setting) Equal(t *Setting) bool {
	if s.size != t.size {
		return false
	}
	for i, o := range s.ops {
		if o != t.ops[i] && (Pos{i / s.size.LayoutCols(), i % s.size.LayoutCols()}).Kind() != NumberCell {
			return false
		}
	}
	for i, a := range s.absent {
		if a != t.absent[i] {
			return false
		}
	}
	return true
}
