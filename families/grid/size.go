package grid

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// MaxDim bounds the rows and columns of a grid, so that a layout always fits
// in memory and every name is short.
const MaxDim = 100

// A Size is the number of rows and columns of numbers of a grid.
type Size struct{ Rows, Cols int }

// ParseSize reads "MxN" (also "MXN" and "M×N"), such as "3x3". It costs O(len(s)).
func ParseSize(s string) (Size, error) {
	t := strings.TrimSpace(s)
	t = strings.NewReplacer("×", "x", "X", "x").Replace(t)
	ms, ns, ok := strings.Cut(t, "x")
	if !ok {
		return Size{}, fmt.Errorf("grid: bad size %q: expected MxN, such as 3x3", s)
	}
	m, err1 := strconv.Atoi(strings.TrimSpace(ms))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if err1 != nil || err2 != nil {
		return Size{}, fmt.Errorf("grid: bad size %q: expected MxN, such as 3x3", s)
	}
	z := Size{m, n}
	return z, z.Validate()
}

// Validate returns an error unless 2 <= Rows, Cols <= MaxDim.
func (z Size) Validate() error {
	if z.Rows < 2 || z.Cols < 2 {
		return fmt.Errorf("grid: bad size %s: a grid needs at least 2 rows and 2 columns of numbers", z)
	}
	if z.Rows > MaxDim || z.Cols > MaxDim {
		return fmt.Errorf("grid: bad size %s: at most %dx%d numbers are supported", z, MaxDim, MaxDim)
	}
	return nil
}

// String returns "MxN".
func (z Size) String() string { return fmt.Sprintf("%dx%d", z.Rows, z.Cols) }

// FormatNumbers writes the numbers of a grid of size z, given row by
// row, with the rows separated by " / ": "12 2 10 / 2 4 2 / 6 2 8". Cost:
// O(mn) number formats.
func (z Size) FormatNumbers(vals []*big.Rat) string {
	rows := make([]string, z.Rows)
	for r := range rows {
		cells := make([]string, z.Cols)
		for c := range cells {
			cells[c] = vals[r*z.Cols+c].RatString()
		}
		rows[r] = strings.Join(cells, " ")
	}
	return strings.Join(rows, " / ")
}

// Square reports whether z has as many rows as columns.
func (z Size) Square() bool { return z.Rows == z.Cols }

// Numbers returns the number of number cells, m*n.
func (z Size) Numbers() int { return z.Rows * z.Cols }

// LayoutRows returns 2m-1, the rows of the layout.
func (z Size) LayoutRows() int { return 2*z.Rows - 1 }

// LayoutCols returns 2n-1, the columns of the layout.
func (z Size) LayoutCols() int { return 2*z.Cols - 1 }

// NumOps returns the number of operator cells, (2m-1)(2n-1) - mn: the length
// of an --ops string.
func (z Size) NumOps() int { return z.LayoutRows()*z.LayoutCols() - z.Numbers() }

// A Pos is a cell of the layout: row R and column C, 0-based.
type Pos struct{ R, C int }

// CellKind tells what a layout cell holds.
type CellKind uint8

// The kinds of layout cell.
const (
	NumberCell     CellKind = iota // (even, even)
	HorizontalCell                 // (even, odd): between two numbers of a row
	VerticalCell                   // (odd, even): between two numbers of a column
	DiagonalCell                   // (odd, odd): on a down-right and a down-left diagonal
)

// Kind returns the kind of cell at p.
func (p Pos) Kind() CellKind {
	switch {
	case p.R%2 == 0 && p.C%2 == 0:
		return NumberCell
	case p.R%2 == 0:
		return HorizontalCell
	case p.C%2 == 0:
		return VerticalCell
	}
	return DiagonalCell
}

// NumberPos returns the layout cell of number i (row-major index).
func (z Size) NumberPos(i int) Pos { return Pos{2 * (i / z.Cols), 2 * (i % z.Cols)} }

// NumberIndex returns the row-major index of the number at layout cell p,
// which must be a number cell.
func (z Size) NumberIndex(p Pos) int { return p.R/2*z.Cols + p.C/2 }

// letters name the numbers of grids of at most 21 cells; e i j l o are left
// out because they read as constants or digits.
const letters = "abcdfghkmnpqrstuvwxyz"

// Name returns the name of number i (row-major index): a letter when the grid
// has at most 21 numbers, x_R_C (1-based) otherwise.
func (z Size) Name(i int) string {
	if z.Numbers() <= len(letters) {
		return letters[i : i+1]
	}
	return fmt.Sprintf("x_%d_%d", i/z.Cols+1, i%z.Cols+1)
}

// Names returns the names of all numbers in row-major order. It costs O(mn).
func (z Size) Names() []string {
	names := make([]string, z.Numbers())
	for i := range names {
		names[i] = z.Name(i)
	}
	return names
}

// layoutIndex is the index of p in a row-major layout array.
func (z Size) layoutIndex(p Pos) int { return p.R*z.LayoutCols() + p.C }

func (z Size) inLayout(p Pos) bool {
	return p.R >= 0 && p.C >= 0 && p.R < z.LayoutRows() && p.C < z.LayoutCols()
}
