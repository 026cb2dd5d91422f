package digits

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/families-project/families/families/grid"
)

// The line format of the golden puzzles in testdata/puzzles, read only by
// the tests (the command reads token grids: puzzle.ParseGrid). One line of
// the puzzle per text line:
//
//	# the Migros cross-math: each cell a digit 1-9, each digit once
//	eval: ltr
//	digits: 1-9
//	A - B x C = 3
//	D + F x G = 20
//
// '#' starts a comment. The optional headers are "eval:" (grid.ParseEval:
// precedence or ltr; default precedence), "digits:" (a range such as 1-9,
// or the allowed digits such as 02468; default 0-9) and "repeat:" (yes lets
// distinct letters share a digit; default no). Every other non-blank line
// is read by parseLine. Errors name the text line.
func parsePuzzle(r io.Reader) (*Puzzle, error) {
	p := &Puzzle{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		key, value, isHeader := strings.Cut(text, ":")
		key = strings.TrimSpace(key)
		isHeader = isHeader && (key == "eval" || key == "digits" || key == "repeat")
		if !isHeader {
			l, err := parseLine(text)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			p.Lines = append(p.Lines, l)
			continue
		}
		value = strings.TrimSpace(value)
		var err error
		switch key {
		case "eval":
			p.Eval, err = grid.ParseEval(value)
		case "digits":
			p.Digits, err = parseDigits(value)
		case "repeat":
			switch value {
			case "yes":
				p.Repeat = true
			case "no":
				p.Repeat = false
			default:
				err = fmt.Errorf("digits: repeat: want yes or no, not %q", value)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(p.Lines) == 0 {
		return nil, fmt.Errorf("digits: puzzle has no lines")
	}
	return p, nil
}

// parseLine reads a line whose words and operators alternate, separated
// by white space, such as "AB x C = DEA". Since operators stand at the odd
// positions, x there is multiplication while a word x is a letter. The
// line is checked as Puzzle.Solve would check it.
func parseLine(s string) (Line, error) {
	var l Line
	for i, f := range strings.Fields(s) {
		if i%2 == 1 {
			op, err := parseOp(f)
			if err != nil {
				return Line{}, fmt.Errorf("digits: line %q: %w", s, err)
			}
			l.Ops = append(l.Ops, op)
			continue
		}
		l.Words = append(l.Words, f)
	}
	if err := l.check(); err != nil {
		return Line{}, err
	}
	return l, nil
}

// parseOp reads an operator word with grid.ParseOp: + - x / = and their
// aliases (* × for x, : ÷ for /, the typographic minus −).
func parseOp(s string) (Op, error) {
	r, n := utf8.DecodeRuneInString(s)
	if o, ok := grid.ParseOp(r); ok && n == len(s) && o != grid.Absent && o != grid.Any {
		return o, nil
	}
	return 0, fmt.Errorf("unknown operator %q", s)
}

// parseDigits reads "1-9" or a list of digits such as "02468" or "1 3 5".
func parseDigits(s string) ([]int, error) {
	if lo, hi, ok := strings.Cut(s, "-"); ok {
		lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
		if len(lo) != 1 || len(hi) != 1 || !isDigit(lo[0]) || !isDigit(hi[0]) || lo > hi {
			return nil, fmt.Errorf("digits: bad digit range %q", s)
		}
		var ds []int
		for d := lo[0]; d <= hi[0]; d++ {
			ds = append(ds, int(d-'0'))
		}
		return ds, nil
	}
	var ds []int
	seen := 0
	for _, r := range s {
		switch {
		case r == ' ' || r == ',':
		case r < '0' || r > '9':
			return nil, fmt.Errorf("digits: bad digit %q in %q", r, s)
		case seen&(1<<(r-'0')) != 0:
			return nil, fmt.Errorf("digits: digit %c listed twice in %q", r, s)
		default:
			seen |= 1 << (r - '0')
			ds = append(ds, int(r-'0'))
		}
	}
	if len(ds) == 0 {
		return nil, fmt.Errorf("digits: no digits in %q", s)
	}
	return ds, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
