package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"

	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/puzzle"
	"github.com/families-project/families/families/tokengrid"
	"github.com/families-project/families/internal/words"
	"github.com/families-project/families/schema"
)

const solveUsage = `usage: families solve [--eval E] [--lines L] [--distinct-digits 1-9] [--allow-zero] [--format text|json] [--max-solutions N] [FILE|-]

Solves a digit puzzle written as a token grid: every letter stands for a
digit, the same letter always for the same digit and distinct letters for
distinct digits; no number of two or more digits starts with 0, and no
number is 0 (unless --allow-zero). Numbers are words of capital letters and
digits (AB, 20); _ is an absent cell; an operator row may list only its
vertical operators (its diagonals are then no clues). Lines starting with #
are comments. Wolf's puzzle P1:

  AB  x  C  =  DEA
  +   x  /  /  -
  AB  x  B  =  EF
  =   =  =  =  =
  BC  x  A  =  EF

Prints whether the puzzle has no solution, exactly one, or how many, and
lists at most --max-solutions of them. Exit status 0 when the puzzle was solved,
2 on bad input.
`

// solveCountLimit bounds the solutions counted; beyond it the count is a
// lower bound.
const solveCountLimit = 10000

func init() {
	register("solve", "solve a digit puzzle given as a token grid", runSolve)
}

func runSolve(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("solve", solveUsage, stdout)
	evalName := fs.String("eval", "precedence", "evaluation: precedence (x and / bind tighter) or ltr (strictly left to right, as in the Migros cross-math)")
	lines := fs.String("lines", "", "lines that are clues: comma list of rows, cols, diag, short (default: rows,cols,diag with =, all otherwise)")
	digitSet := fs.String("distinct-digits", "0-9", "digits the letters stand for, each at most once: a range such as 1-9 or a list such as 02468")
	allowZero := fs.Bool("allow-zero", false, "let a number of one letter be 0")
	format := fs.String("format", "text", "output format: text or json")
	maxList := fs.Int("max-solutions", 10, "list at most this many solutions")
	renameFlag(fs, "max", "max-solutions")
	timeout := fs.Duration("timeout", 0, "give up on the whole command after this long (0: no limit)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	warnRenamed(fs, stderr, "families solve")
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	if *maxList < 0 {
		return usagef("--max-solutions must be at least 0, got %d", *maxList)
	}
	var rules puzzle.Rules
	var err error
	if rules.Eval, err = grid.ParseEval(*evalName); err != nil {
		return usageError{err}
	}
	if *lines != "" {
		if rules.Lines, err = grid.ParseLineSet(*lines); err != nil {
			return usageError{err}
		}
	}
	if rules.Digits, err = puzzle.ParseDigits(*digitSet); err != nil {
		return usageError{err}
	}
	rules.AllowZero = *allowZero
	// The time limit covers opening and reading the input too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	text, err := readInput(ctx, fs.Args())
	if err != nil {
		return err
	}
	g, p, err := puzzle.ParseGrid(text, rules)
	if err != nil {
		return usageError{err}
	}
	res, err := p.Solve(ctx, max(solveCountLimit, *maxList+1))
	switch {
	case err != nil && ctx.Err() != nil:
		return fmt.Errorf("stopped after %s: %w", words.Count(len(res.Solutions), "solution"), context.Cause(ctx))
	case err != nil:
		// Solve searches only a well-formed puzzle: any other error (a
		// word too long, more letters than allowed digits) is the input's.
		return usageError{err}
	}
	out := solveOutput{Schema: schema.Solve, Status: res.Status.String(), Count: len(res.Solutions), Complete: len(res.Solutions) < max(solveCountLimit, *maxList+1)}
	for i, s := range res.Solutions {
		if i == *maxList {
			break
		}
		m := map[string]int{}
		for c, d := range s {
			m[string(c)] = d
		}
		out.Solutions = append(out.Solutions, m)
	}
	if out.Solutions == nil {
		out.Solutions = []map[string]int{}
	}
	if *format == "json" {
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	return writeSolveText(stdout, out, g, res.Solutions)
}

// solveOutput is the JSON answer of the solve command.
type solveOutput struct {
	Schema string `json:"schema"` // schema.Solve
	Status string `json:"status"` // none, unique or many
	// Count is the number of solutions found; Complete is false when the
	// count stopped at its limit and the puzzle may have more.
	Count     int              `json:"count"`
	Complete  bool             `json:"complete"`
	Solutions []map[string]int `json:"solutions"`
}

func writeSolveText(w io.Writer, out solveOutput, g *tokengrid.Grid, sols []digits.Solution) error {
	switch {
	case out.Count == 0:
		fmt.Fprintln(w, "none: the puzzle has no solution")
		return nil
	case out.Count == 1:
		fmt.Fprintln(w, "unique: the puzzle has exactly one solution")
	case out.Complete:
		fmt.Fprintf(w, "many: the puzzle has %d solutions\n", out.Count)
	default:
		fmt.Fprintf(w, "many: the puzzle has more than %s (counting stopped there)\n", words.Count(out.Count-1, "solution"))
	}
	for i := range out.Solutions {
		fmt.Fprintf(w, "\n%s\n", letterLine(sols[i]))
		fg, err := fillGrid(g, sols[i])
		if err != nil {
			return err
		}
		fmt.Fprint(w, indent(fg))
	}
	if len(out.Solutions) < out.Count {
		fmt.Fprintf(w, "\n(%d listed; --max sets how many)\n", len(out.Solutions))
	}
	return nil
}

func letterLine(s digits.Solution) string {
	var cs []rune
	for c := range s {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%c=%d", c, s[c])
	}
	return strings.Join(parts, " ")
}

// fillGrid renders g with every word replaced by its number under s.
func fillGrid(g *tokengrid.Grid, s digits.Solution) (string, error) {
	h := &tokengrid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: make([][]tokengrid.Token, len(g.Cells))}
	for R, row := range g.Cells {
		h.Cells[R] = append([]tokengrid.Token(nil), row...)
		for C, t := range row {
			if t.Kind != tokengrid.Word {
				continue
			}
			var b strings.Builder
			for _, c := range t.Text {
				if d, ok := s[c]; ok {
					b.WriteByte(byte('0' + d))
				} else {
					b.WriteRune(c)
				}
			}
			if v, ok := new(big.Int).SetString(b.String(), 10); ok {
				h.Cells[R][C] = tokengrid.IntToken(v)
			}
		}
	}
	return tokengrid.Render(h)
}
