package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
	"github.com/spf13/pflag"
)

// defaultOps is seed 000's one-parameter grid: with no arguments the tool
// shows what it does on it.
const defaultOps = "+=|x-++-|+=|=====|/="

const analyseUsage = `usage: families [--ops OPS] [--size MxN] [--lines L] [--eval E] [--format text|json]
       families COMMAND [flags]   (commands: groebner, check, ...; "families COMMAND --help")

Analyses one operator setting of an m x n grid of numbers: its lines as
equations, the polynomial system with denominators cleared, the conditions
that every number and divisor is nonzero, the reduced grevlex basis after
saturation by those conditions, its class and dimension.

--ops lists the operator cells of the (2m-1) x (2n-1) layout in row-major
order, one character each; '|', spaces and commas only separate:
  + -      addition, subtraction        x * ×   multiplication
  / : ÷    division                     =       equality (splits a line)
  .        wildcard: any of + - x / (a pattern; --count says how many settings)
Numbers are named a b c / d f g / h k m (row-major; e i j l o skipped).
Examples (seed 000):
  x=|+x//-|x=|=====|x=     puzzle P1: 24 x 8 = 192 / 24 x 4 = 96 / 48 x 2 = 96
  +=|x-++-|+=|=====|/=     the one-parameter family (the default)
  -=|-xx/+|x=|=====|x=     the two-parameter family
  --|-----|-/|x-+--|+-     all lines zero: the unique positive solution 12 2 10 / 2 4 2 / 6 2 8
A line without = must evaluate to zero; a line with = states that its sides are
equal. --lines picks rows, cols, diag (corner to corner), short (other
diagonals); default rows,cols,diag when the setting has =, all four otherwise.
`

func init() {
	register("analyse", "analyse one operator setting (the default command)", runAnalyse)
}

// gridFlags are the flags shared by the commands that read a setting.
type gridFlags struct {
	ops, size, lines, eval string
}

func addGridFlags(fs *pflag.FlagSet, g *gridFlags, opsDefault string) {
	fs.StringVar(&g.ops, "ops", opsDefault, "operator cells in row-major layout order, e.g. \"x=|+x//-|x=|=====|x=\"")
	fs.StringVar(&g.size, "size", "3x3", "grid size MxN (rows x columns of numbers), each at least 2")
	fs.StringVar(&g.lines, "lines", "", "lines that are conditions: comma list of rows, cols, diag, short (default: see above)")
	fs.StringVar(&g.eval, "eval", "precedence", "evaluation: precedence (x and / bind tighter) or ltr (strictly left to right)")
}

func (g *gridFlags) parse() (*grid.Setting, families.Options, error) {
	var opt families.Options
	z, err := grid.ParseSize(g.size)
	if err != nil {
		return nil, opt, usageError{err}
	}
	s, err := grid.ParseOps(g.ops, z)
	if err != nil {
		return nil, opt, usageError{err}
	}
	if g.lines != "" {
		if opt.Lines, err = grid.ParseLineSet(g.lines); err != nil {
			return nil, opt, usageError{err}
		}
	}
	if opt.Eval, err = grid.ParseEval(g.eval); err != nil {
		return nil, opt, usageError{err}
	}
	return s, opt, nil
}

func runAnalyse(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("families", analyseUsage, stderr)
	var g gridFlags
	addGridFlags(fs, &g, defaultOps)
	format := fs.String("format", "text", "output format: text or json")
	count := fs.Bool("count", false, "print how many settings the --ops pattern matches and stop")
	timeout := fs.Duration("timeout", 0, "give up on the algebra after this long (the class is then timeout)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (commands: %s)", fs.Arg(0), commandNames())
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	s, opt, err := g.parse()
	if err != nil {
		return err
	}
	if *count {
		fmt.Fprintln(stdout, s.Count())
		return nil
	}
	if n := s.Count(); n.Cmp(oneInt) != 0 {
		return sweepPattern(fs, s, opt, stdout, stderr)
	}
	opt.Limits = groebner.Limits{Timeout: *timeout}
	rep, err := families.Analyze(context.Background(), s, opt)
	if err != nil {
		return usageError{err}
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	writeReport(stdout, rep)
	return nil
}

func writeReport(w io.Writer, rep *families.Report) {
	fmt.Fprintf(w, "setting %s (%s grid, lines %s, evaluation %s)\n\n", rep.Ops, rep.Size, rep.Lines, rep.Eval)
	fmt.Fprint(w, indent(families.Layout(rep.Setting())))
	fmt.Fprintln(w, "\nlines:")
	for _, l := range rep.LineTexts {
		fmt.Fprintf(w, "  %s\n", l)
	}
	fmt.Fprintln(w, "\nsystem (each = 0):")
	for _, e := range rep.Equations {
		fmt.Fprintf(w, "  %s\n", e)
	}
	fmt.Fprintf(w, "\nnonzero: %s\n", strings.Join(rep.Nonzero, ", "))
	fmt.Fprintln(w, "\nreduced basis (grevlex, saturated by the nonzero conditions):")
	for _, b := range rep.Basis {
		fmt.Fprintf(w, "  %s\n", b)
	}
	fmt.Fprintf(w, "\nclass: %s", rep.Class)
	if rep.Dimension != nil {
		fmt.Fprintf(w, ", dimension %d", *rep.Dimension)
	}
	if rep.Degree != nil {
		fmt.Fprintf(w, ", %d solutions counted with multiplicity", *rep.Degree)
	}
	if len(rep.Independent) > 0 {
		fmt.Fprintf(w, ", free numbers {%s}", strings.Join(rep.Independent, ", "))
	}
	if rep.Error != "" {
		fmt.Fprintf(w, " (%s)", rep.Error)
	}
	fmt.Fprintln(w)
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n") + "\n"
}
