package main

import (
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

const checkUsage = `usage: families check [--ops OPS] [--size MxN] [--lines L] [--eval E] [GRIDFILE | - | 'a b c / d f g / h k m']

Checks a solved grid exactly (rational arithmetic): every selected line must
hold. GRIDFILE (or standard input, for - or nothing) is a token grid, one
layout row per line, '#' lines being comments, e.g.

  24  x  8  =  192
  +   x  /  /  -
  24  x  4  =  96
  =   =  =  =  =
  48  x  2  =  96

or the compact form the tool prints for members, rows separated by '/':
  3 2 5 / 2 1 3 / 6 3 2
given as the file's text or as the argument itself (then --ops is needed).

Its numbers are checked against --ops (default: the operators in the file).
Exit status 0 when every line holds, 1 when one fails, 2 on bad input.
`

func init() {
	register("check", "check a solved grid against a setting", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", checkUsage, stdout)
	var g gridFlags
	addGridFlags(fs, &g, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("expected one grid file, got %d arguments", fs.NArg())
	}
	name := "-"
	if fs.NArg() == 1 {
		name = fs.Arg(0)
	}
	// check has no time limit: a signal ends the reading.
	ctx, stop := commandContext(0)
	defer stop()
	var data string
	if _, statErr := os.Stat(name); statErr != nil && name != "-" && isCompact(name) {
		data = name // the compact form as the argument, as members are printed
	} else {
		var err error
		if data, err = readInputContext(ctx, name, textInput); err != nil {
			return err
		}
	}
	if strings.TrimSpace(stripComments(data)) == "" {
		return usagef("no grid in %s: check needs a grid file (or - for standard input) holding a solved grid", inputName(name))
	}
	fileSetting, vals, compact, err := readSolvedGrid(data)
	if err != nil {
		return usageError{err}
	}
	if compact && g.ops == "" {
		return usagef("the grid %s has no operators: give them with --ops (%d operator cells for a %s grid)",
			strings.Join(strings.Fields(data), " "), fileSetting.Size().NumOps(), fileSetting.Size())
	}
	s := fileSetting
	var opt struct {
		lines grid.LineSet
		eval  grid.Eval
	}
	if g.ops != "" {
		if !fs.Changed("size") {
			g.size = fileSetting.Size().String()
		}
		set, o, err := g.parse()
		if err != nil {
			return err
		}
		if set.Size() != fileSetting.Size() {
			return usagef("the grid file is %s but --size is %s", fileSetting.Size(), set.Size())
		}
		s, opt.lines, opt.eval = set, o.Lines, o.Eval
	} else {
		if opt.eval, err = grid.ParseEval(g.eval); err != nil {
			return usageError{err}
		}
		if g.lines != "" {
			if opt.lines, err = grid.ParseLineSet(g.lines); err != nil {
				return usageError{err}
			}
		}
	}
	if opt.lines == 0 {
		opt.lines = s.DefaultLines()
	}
	for i, v := range vals {
		if v == nil && s.Present(i) {
			return usagef("number %s is a letter or ?: check needs a solved grid (a puzzle is solved by families solve)", s.Size().Name(i))
		}
	}
	res, err := s.Check(vals, opt.lines, opt.eval)
	if err != nil {
		return usageError{err}
	}
	fmt.Fprintln(stdout, res.String())
	if !res.OK {
		return fmt.Errorf("%d of %d lines fail", len(res.Failed()), len(res.Lines))
	}
	return nil
}

// isCompact reports whether text is the compact form of a solved grid:
// numbers separated by spaces, rows by '/' (what members print), with no
// other character.
func isCompact(text string) bool {
	if !strings.Contains(text, "/") {
		return false
	}
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		for _, f := range strings.Fields(strings.ReplaceAll(line, "/", " / ")) {
			if f == "/" {
				continue
			}
			if _, ok := new(big.Rat).SetString(f); !ok || strings.ContainsAny(f, "eE.") {
				return false
			}
		}
	}
	return true
}

// readSolvedGrid reads a solved grid as a token grid or in the compact
// form ("3 2 5 / 2 1 3 / 6 3 2"; compact is then true and the setting has
// no operators: every cell '_'), '#' lines being comments in either.
func readSolvedGrid(data string) (*grid.Setting, []*big.Rat, bool, error) {
	data = stripComments(data)
	if !isCompact(data) {
		tg, err := tokengrid.Parse(data)
		if err != nil {
			return nil, nil, false, err
		}
		s, vals, err := grid.FromTokens(tg)
		return s, vals, false, err
	}
	var rows [][]*big.Rat
	for _, r := range strings.Split(strings.Join(strings.Fields(data), " "), "/") {
		var row []*big.Rat
		for _, f := range strings.Fields(r) {
			v, _ := new(big.Rat).SetString(f)
			row = append(row, v)
		}
		if len(row) == 0 {
			return nil, nil, true, fmt.Errorf("check: an empty row in the compact grid %q", strings.TrimSpace(data))
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, nil, true, fmt.Errorf("check: row %d of the compact grid has %d numbers, row 1 has %d", len(rows)+1, len(row), len(rows[0]))
		}
		rows = append(rows, row)
	}
	z := grid.Size{Rows: len(rows), Cols: len(rows[0])}
	if err := z.Validate(); err != nil {
		return nil, nil, true, err
	}
	s, err := grid.ParseOps(strings.Repeat("_", z.NumOps()), z)
	if err != nil {
		return nil, nil, true, err
	}
	var vals []*big.Rat
	for _, row := range rows {
		vals = append(vals, row...)
	}
	return s, vals, true, nil
}

// stripComments blanks the '#' lines of text, keeping the line numbers of
// errors.
func stripComments(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}
