package tokengrid

import (
	"strings"
)

// sep separates the columns of a rendered grid.
const sep = "  "

// Render writes g as text, one layout row per line, each layout column padded
// to its widest token like the tables of Wolf (2010). An operator row without
// diagonal operators is written with its vertical operators only, under the
// numbers they join. Render validates g first (see Validate), so that
// Parse(Render(g)) always equals g. It costs O(cells + total token length).
func Render(g *Grid) (string, error) {
	if err := g.Validate(); err != nil {
		return "", err
	}
	widths := make([]int, 2*g.Cols-1)
	for R, row := range g.Cells {
		short := R%2 == 1 && g.shortRow(R)
		for C, t := range row {
			if short && C%2 == 1 {
				continue
			}
			widths[C] = max(widths[C], width(t.Text))
		}
	}
	var b strings.Builder
	for R, row := range g.Cells {
		short := R%2 == 1 && g.shortRow(R)
		var line strings.Builder
		for C, t := range row {
			if C > 0 {
				line.WriteString(sep)
			}
			text := t.Text
			if short && C%2 == 1 {
				text = ""
			}
			line.WriteString(text)
			line.WriteString(strings.Repeat(" ", widths[C]-width(text)))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// String returns Render(g), or the validation error's text when g is not a
// valid grid.
func (g *Grid) String() string {
	s, err := Render(g)
	if err != nil {
		return err.Error()
	}
	return s
}
