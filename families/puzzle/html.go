package puzzle

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/tokengrid"
	"github.com/families-project/families/internal/words"
)

// A Sheet is a printable page of puzzles and questions with an answer key.
type Sheet struct {
	Title string
	// Note is a line printed small under the answer key, such as the
	// command that made the sheet.
	Note string
	// Setting, when not nil, is the operator setting of every puzzle and
	// question: the header draws its grid, and the sheet states the rules
	// of its lines (Lines; 0 for the setting's default) under Eval.
	Setting   *grid.Setting
	Lines     grid.LineSet
	Eval      grid.Eval
	Puzzles   []*Puzzle
	Questions []*Question
	// Paper is the page size the sheet asks the browser to print on:
	// "a4" or "letter" ("" leaves it to the browser, which is letter in
	// Chromium).
	Paper string
}

// ErrEmptySheet is returned by WriteHTML for a sheet with no puzzle and no
// question: a blank sheet would look like a printing fault.
var ErrEmptySheet = errors.New("puzzle: the sheet has no puzzle and no question")

// SolvedGrid returns the puzzle's grid with every word replaced by its
// number.
func (p *Puzzle) SolvedGrid() *tokengrid.Grid { return filled(p.Grid, p.Solution) }

// SolvedGrid returns the question's grid with every ? replaced by its
// number.
func (q *Question) SolvedGrid() *tokengrid.Grid { return filled(q.Grid, q.Solution) }

// filled returns g with every number cell that is not absent set to the
// member's value.
func filled(g *tokengrid.Grid, m *members.Member) *tokengrid.Grid {
	h := &tokengrid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: make([][]tokengrid.Token, len(g.Cells))}
	for R, row := range g.Cells {
		h.Cells[R] = append([]tokengrid.Token(nil), row...)
	}
	for i, v := range m.Values {
		pos := m.Size.NumberPos(i)
		if v != nil && h.Cells[pos.R][pos.C].Kind != tokengrid.Absent {
			h.Cells[pos.R][pos.C] = tokengrid.IntToken(v)
		}
	}
	return h
}

// htmlCell is one cell of a grid table.
type htmlCell struct {
	Text string
	// Class is n (a number), q (a number to find), o (an operator of a row
	// or column), d (an operator of diagonals) or e (empty).
	Class string
	// Down and Up draw the diagonals through a d cell: \ and /.
	Down, Up bool
}

var opGlyph = map[string]string{"+": "+", "-": "−", "x": "×", "/": "÷", "=": "="}

// htmlRows lays g out as table cells; strokes tells which diagonals pass
// through a diagonal cell (see diagonalStrokes).
func htmlRows(g *tokengrid.Grid, strokes func(R, C int) int) [][]htmlCell {
	rows := make([][]htmlCell, len(g.Cells))
	for R, row := range g.Cells {
		for C, t := range row {
			c := htmlCell{Class: "e"}
			switch {
			case t.Kind == tokengrid.Absent:
			case tokengrid.IsNumberCell(R, C) && t.Kind == tokengrid.Unknown:
				c = htmlCell{Class: "n q"}
			case tokengrid.IsNumberCell(R, C):
				c = htmlCell{Text: t.Text, Class: "n"}
			case R%2 == 1 && C%2 == 1 && strokes(R, C) == 0:
				// An operator between diagonals that no line of the sheet
				// uses (any non-square grid's, whose lines are rows and
				// columns) is left out: drawn, it read as a clue.
			case R%2 == 1 && C%2 == 1:
				s := strokes(R, C)
				c = htmlCell{Text: opGlyph[t.Text], Class: "d", Down: s&1 != 0, Up: s&2 != 0}
			default:
				c = htmlCell{Text: opGlyph[t.Text], Class: "o"}
			}
			rows[R] = append(rows[R], c)
		}
	}
	return rows
}

type htmlItem struct {
	N       int
	Grid    [][]htmlCell
	Answer  [][]htmlCell
	Caption string
	// Hint is a line under a question's grid, for a question that reveals
	// no number (its lines alone decide them): an empty grid would look
	// like a printing fault.
	Hint string
}

// WriteHTML writes the sheet as one self-contained HTML page (no external
// resources): a header with the setting's grid, the rules of its lines,
// the puzzles and questions as tables, and the answer key on a page of its
// own when printed. Printing keeps every grid, and every heading with what
// follows it, on one page. A sheet without puzzles and questions is
// refused with ErrEmptySheet. Cost: O(cells + lines).
func WriteHTML(w io.Writer, sh *Sheet) error {
	if len(sh.Puzzles) == 0 && len(sh.Questions) == 0 {
		return ErrEmptySheet
	}
	data := struct {
		Title, Subtitle, Note string
		NoteGroups            []string
		Setting               [][]htmlCell
		PuzzleRules           string
		QuestionRules         string
		Puzzles, Questions    []htmlItem
		PageSize              string
	}{Title: sh.Title, Note: sh.Note, NoteGroups: noteGroups(sh.Note)}
	switch strings.ToLower(sh.Paper) {
	case "a4":
		data.PageSize = "A4"
	case "letter":
		data.PageSize = "letter"
	}
	if data.Title == "" {
		data.Title = "Calcrostics"
	}
	strokes := diagonalStrokes(sh)
	var pg, qg []*tokengrid.Grid
	for i, p := range sh.Puzzles {
		pg = append(pg, p.Grid)
		data.Puzzles = append(data.Puzzles, htmlItem{N: i + 1, Grid: htmlRows(p.Grid, strokes), Answer: htmlRows(p.SolvedGrid(), strokes), Caption: letterCaption(p)})
	}
	for i, q := range sh.Questions {
		qg = append(qg, q.Grid)
		it := htmlItem{N: i + 1, Grid: htmlRows(q.Grid, strokes), Answer: htmlRows(q.SolvedGrid(), strokes)}
		if len(q.Revealed) == 0 {
			it.Hint = "No number is given: the lines alone decide them."
		}
		data.Questions = append(data.Questions, it)
	}
	if len(pg) > 0 {
		data.PuzzleRules = sheetRules(sh, pg)
	}
	if len(qg) > 0 {
		data.QuestionRules = sheetRules(sh, qg)
	}
	data.Subtitle = fmt.Sprintf("%s, %s", words.Count(len(sh.Puzzles), "digit puzzle"), words.Count(len(sh.Questions), "question"))
	if sh.Setting != nil {
		z := sh.Setting.Size()
		data.Subtitle = fmt.Sprintf("%d × %d grids: %s", z.Rows, z.Cols, data.Subtitle)
		data.Setting = htmlRows(settingGrid(sh.Setting), strokes)
	}
	return sheetTemplate.Execute(w, data)
}

// noteGroups splits a note into the groups that a printed line must not
// break: the words up to the first "--flag" and its value, then each
// further flag with the words after it. The sheet sets each group
// unbroken (white-space: nowrap), so that a line breaks only between
// groups: Chromium broke "--questions" after its first "-", and the
// command copied from the printed sheet read "-questions". Cost:
// O(len(note)).
func noteGroups(note string) []string {
	var groups []string
	flags := false // a "--flag" has been seen: the next one starts a group
	for _, w := range strings.Fields(note) {
		if len(groups) == 0 || (flags && strings.HasPrefix(w, "--")) {
			groups = append(groups, w)
		} else {
			groups[len(groups)-1] += " " + w
		}
		flags = flags || strings.HasPrefix(w, "--")
	}
	return groups
}

// letterCaption lists the letters with their digits: "A=2 B=4 C=8".
func letterCaption(p *Puzzle) string { return p.Letters.String() }
