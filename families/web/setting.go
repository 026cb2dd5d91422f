package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/puzzle"
)

// DefaultOps is the setting the explorer opens with, as the command line
// does with no arguments: Wolf's (2010) one-parameter grid.
const DefaultOps = "+=|x-++-|+=|=====|/="

// The largest grid the explorer takes (the smallest is the grid package's
// 2x2): a 6x6 grid has 36 numbers, whose analysis may already take
// minutes; larger ones are for the command line and its --timeout.
const maxSide = 6

// The bounds of what one page asks for: each member, puzzle and question
// is made and drawn in the page, so a page holds at most these many.
const (
	maxMembers   = 1000
	maxPuzzles   = 50
	maxQuestions = 50
)

// A BadRequest is a setting or a count the explorer refuses; its message
// is the command line's for the same input.
type BadRequest struct{ Msg string }

// Error returns the message, as the command line prints it after
// "families: ".
func (e *BadRequest) Error() string { return e.Msg }

func badf(format string, args ...any) error { return &BadRequest{fmt.Sprintf(format, args...)} }

// A query is the state of the page: the setting and what was asked of it.
type query struct {
	Size, Ops, Lines, Eval string
	Members                int
	Puzzles, Questions     int
	Min                    int64
	MaxDigits              int
	Distinct, Diagonals    bool

	setting *grid.Setting
	opt     families.Options
}

// parseQuery reads the page's state from v and checks it as the command
// line checks its flags, in the same order and with the same messages:
// the size, the operators, the lines, the evaluation, then that a line
// remains. An absent ops is DefaultOps on a 3x3 grid and all + on others.
func parseQuery(v url.Values) (*query, error) {
	q := &query{Size: v.Get("size"), Ops: v.Get("ops"), Lines: v.Get("lines"), Eval: v.Get("eval"), Min: 1}
	if q.Size == "" {
		q.Size = "3x3"
	}
	if q.Eval == "" {
		q.Eval = "precedence"
	}
	z, err := grid.ParseSize(q.Size)
	if err != nil {
		return nil, &BadRequest{err.Error()}
	}
	if z.Rows > maxSide || z.Cols > maxSide {
		return nil, badf("size %s: the explorer takes grids up to %dx%d (use the command line with --timeout for larger ones)", z, maxSide, maxSide)
	}
	if !v.Has("ops") {
		q.Ops = defaultOps(z.String())
	}
	s, err := grid.ParseOps(q.Ops, z)
	if err != nil {
		return nil, &BadRequest{err.Error()}
	}
	if q.Lines != "" {
		if q.opt.Lines, err = grid.ParseLineSet(q.Lines); err != nil {
			return nil, &BadRequest{err.Error()}
		}
	}
	if q.opt.Eval, err = grid.ParseEval(q.Eval); err != nil {
		return nil, &BadRequest{err.Error()}
	}
	if n := s.Count(); n.BitLen() != 1 || n.Int64() != 1 {
		return nil, badf("--ops %s is a pattern of %s settings: the explorer analyzes one setting (sweep the pattern with families --ops PATTERN --out FILE and open FILE with families serve --open FILE)", s, n)
	}
	sel := q.opt.Lines
	if sel == 0 {
		sel = s.DefaultLines()
	}
	if lines, err := s.Lines(sel); err != nil {
		return nil, &BadRequest{err.Error()}
	} else if len(lines) == 0 {
		return nil, badf("setting %s has no line (two numbers joined by operators) among the lines %s: nothing to analyze", s, sel)
	}
	q.setting = s
	q.Size, q.Ops = z.String(), s.String()
	counts := []struct {
		name string
		dst  *int
		max  int
	}{{"members", &q.Members, maxMembers}, {"puzzles", &q.Puzzles, maxPuzzles}, {"questions", &q.Questions, maxQuestions}, {"max-digits", &q.MaxDigits, 1 << 20}}
	for _, c := range counts {
		if !v.Has(c.name) || v.Get(c.name) == "" {
			continue
		}
		n64, err := strconv.ParseInt(v.Get(c.name), 0, 64)
		if err != nil {
			return nil, badf("invalid argument %q for \"--%s\" flag: %v", v.Get(c.name), c.name, err)
		}
		if n64 < 0 {
			return nil, badf("--%s must be at least 0, got %d", c.name, n64)
		}
		if n64 > int64(c.max) {
			return nil, badf("--%s %d is more than %d (the explorer's bound; the command line takes more)", c.name, n64, c.max)
		}
		*c.dst = int(n64)
	}
	if m := v.Get("min"); m != "" {
		if q.Min, err = strconv.ParseInt(m, 0, 64); err != nil {
			return nil, badf("invalid argument %q for \"--min\" flag: %v", m, err)
		}
	}
	q.Distinct = v.Get("distinct") == "1"
	q.Diagonals = v.Get("diagonals") == "1"
	return q, nil
}

// defaultOps is the setting a page of the given size opens with:
// DefaultOps on a 3x3 grid, all + on the others (and for a size that does
// not parse, whose error comes first).
func defaultOps(size string) string {
	z, err := grid.ParseSize(size)
	if err != nil || z == (grid.Size{Rows: 3, Cols: 3}) {
		return DefaultOps
	}
	return allPlus(z)
}

// allPlus is the setting of size z with + in every operator cell, where
// a fresh grid of another size starts.
func allPlus(z grid.Size) string {
	rows := make([]string, z.LayoutRows())
	for R := range rows {
		n := z.LayoutCols() / 2 // operator cells of a number row
		if R%2 == 1 {
			n = z.LayoutCols()
		}
		rows[R] = strings.Repeat("+", n)
	}
	return strings.Join(rows, "|")
}

// key identifies the analysis of q: the same key, the same report.
func (q *query) key() string {
	return strings.Join([]string{q.Size, q.Ops, q.Lines, q.Eval}, "\x00")
}

func (q *query) filter() members.Filter {
	return members.Filter{Min: q.Min, MaxDigits: q.MaxDigits, Distinct: q.Distinct}
}

// values returns the URL query of q with the counts changed by set (a
// name with value "" or "0" is left out), for links to other states.
func (q *query) values(set map[string]string) url.Values {
	v := url.Values{}
	v.Set("size", q.Size)
	v.Set("ops", q.Ops)
	if q.Lines != "" {
		v.Set("lines", q.Lines)
	}
	if q.Eval != "precedence" {
		v.Set("eval", q.Eval)
	}
	counts := map[string]string{"members": itoa(q.Members), "puzzles": itoa(q.Puzzles), "questions": itoa(q.Questions),
		"max-digits": itoa(q.MaxDigits)}
	if q.Min != 1 {
		counts["min"] = strconv.FormatInt(q.Min, 10)
	}
	if q.Distinct {
		counts["distinct"] = "1"
	}
	if q.Diagonals {
		counts["diagonals"] = "1"
	}
	for k, x := range set {
		counts[k] = x
	}
	for k, x := range counts {
		if x != "" && x != "0" {
			v.Set(k, x)
		}
	}
	return v
}

func itoa(n int) string { return strconv.Itoa(n) }

// puzzleMin is the smallest number of the puzzles and questions: the
// page's min when one other than 1 (members' default) is asked for, else
// puzzle.DefaultMin, as on the command line.
func (q *query) puzzleMin() int64 {
	if q.Min != 1 {
		return q.Min
	}
	return puzzle.DefaultMin
}

// command is the command line that prints what the page shows.
func (q *query) command(extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "families --size %s --ops '%s'", q.Size, q.Ops)
	if q.Lines != "" {
		fmt.Fprintf(&b, " --lines %s", q.Lines)
	}
	if q.Eval != "precedence" {
		fmt.Fprintf(&b, " --eval %s", q.Eval)
	}
	if q.Min != 1 {
		fmt.Fprintf(&b, " --min %d", q.Min)
	}
	if q.MaxDigits > 0 {
		fmt.Fprintf(&b, " --max-digits %d", q.MaxDigits)
	}
	if q.Distinct {
		b.WriteString(" --distinct")
	}
	if q.Diagonals {
		b.WriteString(" --diagonals")
	}
	return b.String() + extra
}
