package puzzle

import (
	"github.com/families-project/families/families/members"
	"html/template"
	"io"

	"github.com/families-project/families/families/tokengrid"
)

// A Sheet is a printable page of puzzles and questions with an answer key.
type Sheet struct {
	Title string
	// Note is a line under the title, such as the setting and its rules.
	Note      string
	Puzzles   []*Puzzle
	Questions []*Question
}

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
	Text  string
	Class string // n: a number, o: an operator, e: empty
}

var opGlyph = map[string]string{"+": "+", "-": "−", "x": "×", "/": "÷", "=": "="}

func htmlRows(g *tokengrid.Grid) [][]htmlCell {
	rows := make([][]htmlCell, len(g.Cells))
	for R, row := range g.Cells {
		for C, t := range row {
			c := htmlCell{Class: "e"}
			switch {
			case t.Kind == tokengrid.Absent:
			case tokengrid.IsNumberCell(R, C):
				c = htmlCell{Text: t.Text, Class: "n"}
				if t.Kind == tokengrid.Unknown {
					c = htmlCell{Text: "", Class: "n q"}
				}
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
}

var sheetTemplate = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em; color: #000; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
p.note { margin-top: 0; color: #333; }
.items { display: flex; flex-wrap: wrap; gap: 2em 3em; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: bold; margin-bottom: 0.4em; }
table.grid { border-collapse: collapse; }
table.grid td { text-align: center; vertical-align: middle; padding: 0; height: 2em; }
table.grid td.n { border: 1.5px solid #000; min-width: 3.2em; padding: 0 0.3em; font-size: 1.15em; font-family: "DejaVu Sans Mono", monospace; }
table.grid td.q { background: #f4f4f4; }
table.grid td.o { width: 1.8em; font-size: 1.1em; }
table.grid td.e { width: 1.8em; }
section.answers { break-before: page; page-break-before: always; margin-top: 3em; }
section.answers h2 { margin-top: 0; }
p.letters { margin: 0.3em 0 0; font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; }
</style>
</head>
<body>
<section class="questions">
<h1>{{.Title}}</h1>
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
{{if .Puzzles}}<h2>Digit puzzles</h2>
<p>Each letter stands for a digit: the same letter always for the same digit, different letters for different digits. No number starts with 0 and no number is 0. Every row and column is a true equation{{if .Diagonals}}, and so is every diagonal with operators{{end}}.</p>
<div class="items">
{{range .Puzzles}}<figure class="puzzle"><figcaption>Puzzle {{.N}}</figcaption>
<table class="grid">{{range .Grid}}<tr>{{range .}}<td class="{{.Class}}">{{.Text}}</td>{{end}}</tr>{{end}}</table>
</figure>
{{end}}</div>{{end}}
{{if .Questions}}<h2>Find the numbers</h2>
<p>Fill in the whole numbers (not digits) so that every line with operators is a true equation. No number is 0.</p>
<div class="items">
{{range .Questions}}<figure class="question"><figcaption>Question {{.N}}</figcaption>
<table class="grid">{{range .Grid}}<tr>{{range .}}<td class="{{.Class}}">{{.Text}}</td>{{end}}</tr>{{end}}</table>
</figure>
{{end}}</div>{{end}}
</section>
<section class="answers">
<h2>Answers</h2>
<div class="items">
{{range .Puzzles}}<figure class="answer"><figcaption>Puzzle {{.N}}</figcaption>
<table class="grid">{{range .Answer}}<tr>{{range .}}<td class="{{.Class}}">{{.Text}}</td>{{end}}</tr>{{end}}</table>
<p class="letters">{{.Caption}}</p>
</figure>
{{end}}{{range .Questions}}<figure class="answer"><figcaption>Question {{.N}}</figcaption>
<table class="grid">{{range .Answer}}<tr>{{range .}}<td class="{{.Class}}">{{.Text}}</td>{{end}}</tr>{{end}}</table>
</figure>
{{end}}</div>
</section>
</body>
</html>
`))

// WriteHTML writes the sheet as one self-contained HTML page (no external
// resources): the puzzles and questions as tables, and the answer key on a
// page of its own when printed (a CSS page break). Cost: O(cells).
func WriteHTML(w io.Writer, sh *Sheet) error {
	data := struct {
		Title, Note        string
		Diagonals          bool
		Puzzles, Questions []htmlItem
	}{Title: sh.Title, Note: sh.Note}
	if data.Title == "" {
		data.Title = "Calcrostics"
	}
	for i, p := range sh.Puzzles {
		for R, row := range p.Grid.Cells {
			for C, t := range row {
				if R%2 == 1 && C%2 == 1 && t.Kind == tokengrid.Op {
					data.Diagonals = true
				}
			}
		}
		data.Puzzles = append(data.Puzzles, htmlItem{N: i + 1, Grid: htmlRows(p.Grid), Answer: htmlRows(p.SolvedGrid()), Caption: letterCaption(p)})
	}
	for i, q := range sh.Questions {
		data.Questions = append(data.Questions, htmlItem{N: i + 1, Grid: htmlRows(q.Grid), Answer: htmlRows(q.SolvedGrid())})
	}
	return sheetTemplate.Execute(w, data)
}

// letterCaption lists the letters with their digits: "A=2 B=4 C=8".
func letterCaption(p *Puzzle) string { return p.Letters.String() }
