package tokengrid

import (
	"fmt"
	"slices"
)

// A Grid is the structural model of a token grid: Rows x Cols number cells
// in a (2*Rows-1) x (2*Cols-1) layout. Cells[R][C] is the token at layout row
// R and column C. Number cells are at (even, even); horizontal operators at
// (even, odd), vertical ones at (odd, even) and diagonal ones at (odd, odd).
type Grid struct {
	Rows, Cols int
	Cells      [][]Token
}

// New returns a rows x cols grid with every cell absent. It costs
// O(rows*cols).
func New(rows, cols int) (*Grid, error) {
	if err := checkSize(rows, cols); err != nil {
		return nil, err
	}
	g := &Grid{Rows: rows, Cols: cols, Cells: make([][]Token, 2*rows-1)}
	for R := range g.Cells {
		g.Cells[R] = make([]Token, 2*cols-1)
		for C := range g.Cells[R] {
			g.Cells[R][C] = AbsentToken
		}
	}
	return g, nil
}

func checkSize(rows, cols int) error {
	if rows < 2 || cols < 2 {
		return fmt.Errorf("tokengrid: a grid needs at least 2 rows and 2 columns of numbers, got %dx%d", rows, cols)
	}
	return nil
}

// Number returns the token of number cell (r, c), 0-based.
func (g *Grid) Number(r, c int) Token { return g.Cells[2*r][2*c] }

// IsNumberCell reports whether layout cell (R, C) holds a number.
func IsNumberCell(R, C int) bool { return R%2 == 0 && C%2 == 0 }

// Equal reports whether g and h have the same size and tokens. It costs
// O(cells).
func (g *Grid) Equal(h *Grid) bool {
	if g.Rows != h.Rows || g.Cols != h.Cols || len(g.Cells) != len(h.Cells) {
		return false
	}
	for R := range g.Cells {
		if !slices.Equal(g.Cells[R], h.Cells[R]) {
			return false
		}
	}
	return true
}

// ExpectSize returns an error unless g has rows x cols numbers; it is the
// check for a grid read from a file against a size given elsewhere.
func (g *Grid) ExpectSize(rows, cols int) error {
	if g.Rows != rows || g.Cols != cols {
		return fmt.Errorf("tokengrid: the grid has %dx%d numbers, expected %dx%d", g.Rows, g.Cols, rows, cols)
	}
	return nil
}

// Validate checks that g is a grid Parse could have produced: a size of at
// least 2x2, a layout of that shape, and in every cell a canonical token of a
// kind allowed there. It costs O(cells).
func (g *Grid) Validate() error {
	if err := checkSize(g.Rows, g.Cols); err != nil {
		return err
	}
	if len(g.Cells) != 2*g.Rows-1 {
		return fmt.Errorf("tokengrid: %d layout rows for %d rows of numbers, expected %d", len(g.Cells), g.Rows, 2*g.Rows-1)
	}
	for R, row := range g.Cells {
		if len(row) != 2*g.Cols-1 {
			return fmt.Errorf("tokengrid: layout row %d has %d cells, expected %d", R+1, len(row), 2*g.Cols-1)
		}
		for C, t := range row {
			if !t.valid(IsNumberCell(R, C)) {
				what := "an operator or _"
				if IsNumberCell(R, C) {
					what = "a number, ? or _"
				}
				return fmt.Errorf("tokengrid: layout cell %d:%d holds %s token %q, expected %s", R+1, C+1, t.Kind, t.Text, what)
			}
		}
	}
	return nil
}

// shortRow reports whether the operator row R has no diagonal operator, so
// that Render writes only its vertical operators.
func (g *Grid) shortRow(R int) bool {
	for C := 1; C < len(g.Cells[R]); C += 2 {
		if g.Cells[R][C].Kind != Absent {
			return false
		}
	}
	return true
}
