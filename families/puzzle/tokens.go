package puzzle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

// Rules are the conventions of a digit puzzle beyond its grid.
type Rules struct {
	// Lines selects the lines that are clues; 0 means the setting's
	// default (rows, columns and the corner-to-corner diagonals when the
	// grid has =, all lines otherwise). A diagonal whose operator cells
	// are absent, as in a grid with short operator rows, is no line.
	Lines grid.LineSet
	Eval  grid.Eval
	// Digits lists the digits a letter may take; nil means 0 to 9.
	// Distinct letters always stand for distinct digits.
	Digits []int
	// AllowZero lets a number of one letter be 0. By default every number
	// of the grid is nonzero, as in a calcrostic.
	AllowZero bool
}

// ParseGrid reads a digit puzzle written as a token grid (see package
// tokengrid): numbers as words of capital letters and digits, such as AB or
// 20, operators between them, _ for an absent cell, and operator rows that
// may list only their vertical operators. Lines starting with # are
// comments. Beyond the grammar of tokengrid it refuses a number with a
// leading zero (012 or 0A), a ?, a negative number, a word with lower-case
// letters (a lone x is taken for an operator where a number belongs) and
// more than 10 letters. Cost: O(len(text)).
func ParseGrid(text string, rules Rules) (*tokengrid.Grid, *digits.Puzzle, error) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			lines[i] = "" // keeps the line numbers of errors
			continue
		}
		for _, f := range strings.Fields(l) {
			if len(f) > 1 && f[0] == '0' && isWordOrInt(f) {
				return nil, nil, fmt.Errorf("puzzle: line %d: the number %s has a leading zero", i+1, f)
			}
		}
	}
	g, err := tokengrid.Parse(strings.Join(lines, "\n"))
	if err != nil {
		return nil, nil, err
	}
	p, err := FromGrid(g, rules)
	if err != nil {
		return nil, nil, err
	}
	return g, p, nil
}

func isWordOrInt(f string) bool {
	for _, c := range f {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// FromGrid turns a token grid into the digit puzzle it states: one line of
// the puzzle per line of the grid, with the grid's words, evaluated under
// rules.Eval. Unless rules.AllowZero, every letter that is a number by
// itself gets the extra line "A / A = 1", which holds exactly when A is not
// 0. Cost: O(cells).
func FromGrid(g *tokengrid.Grid, rules Rules) (*digits.Puzzle, error) {
	s, _, err := grid.FromTokens(g)
	if err != nil {
		return nil, err
	}
	z := s.Size()
	words := make([]string, z.Numbers())
	letters := map[rune]bool{}
	single := map[rune]bool{}
	var order []rune
	for i := range words {
		pos := z.NumberPos(i)
		t := g.Cells[pos.R][pos.C]
		where := fmt.Sprintf("row %d, column %d", pos.R/2+1, pos.C/2+1)
		switch t.Kind {
		case tokengrid.Absent:
			continue
		case tokengrid.Unknown:
			return nil, fmt.Errorf("puzzle: the number at %s is ?: a digit puzzle needs letters or digits", where)
		case tokengrid.Int:
			if strings.HasPrefix(t.Text, "-") {
				return nil, fmt.Errorf("puzzle: the number at %s is negative: %s", where, t.Text)
			}
		case tokengrid.Word:
			if t.Text == "x" {
				return nil, fmt.Errorf("puzzle: an operator x at %s, where a number belongs", where)
			}
			for _, c := range t.Text {
				if c >= 'a' && c <= 'z' {
					return nil, fmt.Errorf("puzzle: the word %s at %s has a lower-case letter: letters are capitals", t.Text, where)
				}
				if c >= 'A' && c <= 'Z' && !letters[c] {
					letters[c] = true
					order = append(order, c)
				}
			}
			if len(t.Text) == 1 {
				single[rune(t.Text[0])] = true
			}
		}
		words[i] = t.Text
	}
	if len(letters) > 10 {
		return nil, fmt.Errorf("puzzle: %d letters (%s), but there are only 10 digits", len(letters), string(order))
	}
	sel := rules.Lines
	if sel == 0 {
		sel = s.DefaultLines()
	}
	gl, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	if len(gl) == 0 {
		return nil, fmt.Errorf("puzzle: the grid has no line of two numbers joined by operators")
	}
	p := &digits.Puzzle{Eval: digitsEval(rules.Eval), Digits: rules.Digits}
	for _, l := range gl {
		p.Lines = append(p.Lines, digitsLine(&l, words))
	}
	if !rules.AllowZero {
		p.Lines = append(p.Lines, nonzeroLines(order, single)...)
	}
	return p, nil
}

// nonzeroLines states that each letter of single (in the order given) is
// not 0.
func nonzeroLines(order []rune, single map[rune]bool) []digits.Line {
	var out []digits.Line
	for _, c := range order {
		if single[c] {
			w := string(c)
			out = append(out, digits.Line{Words: []string{w, w, "1"}, Ops: []digits.Op{digits.Div, digits.Eq}})
		}
	}
	return out
}

func digitsLine(l *grid.Line, words []string) digits.Line {
	dl := digits.Line{Words: make([]string, len(l.Nums)), Ops: slices.Clone(l.Ops)}
	for k, i := range l.Nums {
		dl.Words[k] = words[i]
	}
	return dl
}

func digitsEval(e grid.Eval) digits.Eval {
	if e == grid.LeftToRight {
		return digits.LTR
	}
	return digits.Precedence
}

// ParseDigits reads a set of allowed digits as a range "1-9" or a list
// "02468", as the --distinct-digits flag takes it.
func ParseDigits(s string) ([]int, error) {
	if len(s) == 3 && s[1] == '-' && isDigit(s[0]) && isDigit(s[2]) {
		lo, hi := int(s[0]-'0'), int(s[2]-'0')
		if lo > hi {
			return nil, fmt.Errorf("puzzle: empty digit range %s", s)
		}
		var out []int
		for d := lo; d <= hi; d++ {
			out = append(out, d)
		}
		return out, nil
	}
	var seen [10]bool
	var out []int
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return nil, fmt.Errorf("puzzle: bad digit set %q: want a range such as 1-9 or a list such as 02468", s)
		}
		if d := int(s[i] - '0'); !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("puzzle: empty digit set")
	}
	return out, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
