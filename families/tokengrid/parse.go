package tokengrid

import (
	"fmt"
	"strings"
	"unicode"
)

// A SyntaxError reports where a token grid failed to parse and what was
// expected. Line and Col are 1-based (Col counts characters, not bytes);
// Col is 0 when the error concerns a whole line and Line is 0 when it
// concerns the whole grid.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

// Error returns "tokengrid: LINE:COL: MSG", omitting what is 0.
func (e *SyntaxError) Error() string {
	switch {
	case e.Line == 0:
		return "tokengrid: " + e.Msg
	case e.Col == 0:
		return fmt.Sprintf("tokengrid: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("tokengrid: %d:%d: %s", e.Line, e.Col, e.Msg)
}

// word is a token of the input with its position.
type word struct {
	text string
	col  int
}

// splitLine cuts a line into white-space separated words, recording the
// character column at which each starts.
func splitLine(line string) []word {
	var ws []word
	col, start, startCol := 0, -1, 0
	for i, r := range line {
		col++
		if unicode.IsSpace(r) {
			if start >= 0 {
				ws = append(ws, word{line[start:i], startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	if start >= 0 {
		ws = append(ws, word{line[start:], startCol})
	}
	return ws
}

// Parse reads a token grid. Blank lines are skipped. The first line fixes
// the number of columns: it must be a number row of 2n-1 tokens with n >= 2.
// Every later number row must have 2n-1 tokens too, and every operator row
// either 2n-1 tokens or only its n vertical operators (then its diagonal
// cells are absent). There must be 2m-1 rows with m >= 2. Errors are
// *SyntaxError. Parse never panics; it costs O(len(text)) plus the digits of
// the integers it converts.
func Parse(text string) (*Grid, error) {
	type row struct {
		line  int
		words []word
	}
	var rows []row
	for i, line := range strings.Split(text, "\n") {
		ws := splitLine(line)
		if len(ws) > 0 {
			rows = append(rows, row{i + 1, ws})
		}
	}
	if len(rows) == 0 {
		return nil, &SyntaxError{Msg: "empty token grid: expected rows of numbers and operators"}
	}
	first := rows[0]
	t := len(first.words)
	if t%2 == 0 {
		return nil, &SyntaxError{Line: first.line, Msg: fmt.Sprintf(
			"a number row alternates numbers and operators, so it has an odd number of tokens; got %d", t)}
	}
	cols := (t + 1) / 2
	if cols < 2 {
		return nil, &SyntaxError{Line: first.line, Msg: "a grid needs at least 2 columns of numbers, got 1"}
	}
	if len(rows)%2 == 0 {
		last := rows[len(rows)-1]
		return nil, &SyntaxError{Line: last.line, Msg: fmt.Sprintf(
			"a grid ends with a number row (2m-1 rows in all), but row %d is an operator row", len(rows))}
	}
	if len(rows) < 3 {
		return nil, &SyntaxError{Line: first.line, Msg: "a grid needs at least 2 rows of numbers, got 1"}
	}
	g := &Grid{Rows: (len(rows) + 1) / 2, Cols: cols, Cells: make([][]Token, len(rows))}
	for R, rw := range rows {
		cells := make([]Token, 2*cols-1)
		g.Cells[R] = cells
		ws := rw.words
		switch {
		case R%2 == 0 && len(ws) != 2*cols-1:
			return nil, &SyntaxError{Line: rw.line, Msg: fmt.Sprintf(
				"expected %d tokens in a number row of a grid %d numbers wide, got %d", 2*cols-1, cols, len(ws))}
		case R%2 == 1 && len(ws) != 2*cols-1 && len(ws) != cols:
			return nil, &SyntaxError{Line: rw.line, Msg: fmt.Sprintf(
				"expected %d tokens (all operators) or %d (vertical operators only) in an operator row of a grid %d numbers wide, got %d",
				2*cols-1, cols, cols, len(ws))}
		}
		short := len(ws) == cols && R%2 == 1
		for k, w := range ws {
			C := k
			if short {
				C = 2 * k
			}
			var tok Token
			var ok bool
			if IsNumberCell(R, C) {
				if tok, ok = numberToken(w.text); !ok {
					return nil, &SyntaxError{Line: rw.line, Col: w.col, Msg: fmt.Sprintf(
						"expected a number (an integer, a word of letters and digits, or ?) or _, got %q", w.text)}
				}
			} else if tok, ok = operatorToken(w.text); !ok {
				return nil, &SyntaxError{Line: rw.line, Col: w.col, Msg: fmt.Sprintf(
					"expected an operator (+ - x * × / : ÷ =) or _, got %q", w.text)}
			}
			cells[C] = tok
		}
		if short {
			for C := 1; C < len(cells); C += 2 {
				cells[C] = AbsentToken
			}
		}
	}
	return g, nil
}
