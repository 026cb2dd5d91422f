package puzzle

import (
	"fmt"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

// sheetRules states what makes a grid of the sheet true, for the lines the
// grids show: a line with = is an equation, a line without = works out to
// 0, and how a line is worked (precedence or strictly in reading order). A
// reader cannot solve a grid of lines without = from "every row is an
// equation", so the rule follows the setting in hand. Without a setting
// every shown line is taken to have =.
func sheetRules(sh *Sheet, grids []*tokengrid.Grid) string {
	diag := showsDiagonals(grids)
	withEq, zero, short := 0, 0, false
	if sh.Setting != nil {
		lines, _ := sh.Setting.Lines(sh.Lines)
		for _, l := range lines {
			if !diag && (l.Kind == grid.Diag || l.Kind == grid.Short) {
				continue
			}
			short = short || l.Kind == grid.Short
			if l.HasEq() {
				withEq++
			} else {
				zero++
			}
		}
	} else {
		withEq = 1
	}
	what := "row and column"
	if diag {
		what = "row, column and diagonal"
	}
	if short {
		// The short diagonals (two numbers on a 3 x 3 grid) are easy
		// to take for no line at all.
		what += " (the short diagonals too)"
	}
	var b strings.Builder
	switch {
	case zero == 0:
		fmt.Fprintf(&b, "Every %s is a true equation.", what)
	case withEq == 0:
		fmt.Fprintf(&b, "No line has an = sign: every %s works out to 0. "+
			"For example, a row 7 − 3 − 4 is right, because 7 − 3 − 4 = 0.", what)
	default:
		fmt.Fprintf(&b, "A line (%s) with an = sign is a true equation; "+
			"a line without = works out to 0, as 7 − 3 − 4 does.", strings.ReplaceAll(what, " and ", " or "))
	}
	if diag {
		b.WriteString(" An operator between four numbers belongs to the diagonals drawn through it.")
	}
	if sh.Eval == grid.LeftToRight {
		b.WriteString(" Work every line strictly in reading order (rows left to right, the others top to bottom): 2 + 3 × 4 is 20 here.")
	} else {
		b.WriteString(" As usual, × and ÷ come before + and −: 2 + 3 × 4 is 14.")
	}
	return b.String()
}

// showsDiagonals reports whether some grid has an operator in a diagonal
// cell (odd row, odd column of the layout).
func showsDiagonals(grids []*tokengrid.Grid) bool {
	for _, g := range grids {
		for R, row := range g.Cells {
			for C, t := range row {
				if R%2 == 1 && C%2 == 1 && t.Kind == tokengrid.Op {
					return true
				}
			}
		}
	}
	return false
}

// diagonalStrokes returns, for each diagonal cell of the setting's layout,
// which diagonals through it are lines of the sheet: bit 1 the down-right
// one (\), bit 2 the down-left one (/). Without a setting both are drawn.
func diagonalStrokes(sh *Sheet) func(R, C int) int {
	if sh.Setting == nil {
		return func(int, int) int { return 3 }
	}
	marks := map[grid.Pos]int{}
	lines, _ := sh.Setting.Lines(sh.Lines)
	for _, l := range lines {
		bit := 0
		switch l.Dir {
		case grid.DownRight:
			bit = 1
		case grid.DownLeft:
			bit = 2
		}
		for _, p := range l.Cells {
			marks[p] |= bit
		}
	}
	return func(R, C int) int { return marks[grid.Pos{R: R, C: C}] }
}

// settingGrid is the setting's layout as a token grid with the numbers'
// names (a, b, c, ...) in the number cells, drawn in the sheet's header.
func settingGrid(s *grid.Setting) *tokengrid.Grid {
	z := s.Size()
	g := &tokengrid.Grid{Rows: z.LayoutRows(), Cols: z.LayoutCols(), Cells: make([][]tokengrid.Token, z.LayoutRows())}
	for R := range g.Cells {
		g.Cells[R] = make([]tokengrid.Token, z.LayoutCols())
		for C := range g.Cells[R] {
			p := grid.Pos{R: R, C: C}
			switch {
			case R%2 == 0 && C%2 == 0 && s.Present(z.NumberIndex(p)):
				g.Cells[R][C] = tokengrid.Token{Kind: tokengrid.Word, Text: z.Name(z.NumberIndex(p))}
			case R%2 == 0 && C%2 == 0, s.Op(p) == grid.Absent:
				g.Cells[R][C] = tokengrid.AbsentToken
			default:
				g.Cells[R][C] = tokengrid.Token{Kind: tokengrid.Op, Text: s.Op(p).String()}
			}
		}
	}
	return g
}
