package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/spf13/pflag"
)

// defaultOps is Wolf's one-parameter grid: with no arguments the tool
// shows what it does on it.
const defaultOps = "+=|x-++-|+=|=====|/="

const analyseUsage = `usage: families [--ops OPS] [--size MxN] [--lines L] [--eval E] [--format text|json|jsonl|html]
       families COMMAND [flags]   (the commands are listed below; "families COMMAND --help")

Analyses one operator setting of an m x n grid of numbers: its lines as
equations, the polynomial system with denominators cleared, the conditions
that every number and divisor is nonzero, the reduced grevlex basis after
saturation by those conditions, its class and dimension, and its solutions:
each family with every number as a formula in the free parameters, and for
a finite system every solution (exact, or to 50 digits with its minimal
polynomial when irrational).

--ops lists the operator cells of the (2m-1) x (2n-1) layout in row-major
order, one character each; '|', spaces and commas only separate:
  + -      addition, subtraction        x * ×   multiplication
  / : ÷    division                     =       equality (splits a line)
  .        wildcard: any of + - x / (a pattern; --count says how many settings)
Numbers are named a b c / d f g / h k m (row-major; e i j l o skipped).
Examples (Wolf 2010):
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
	// sizeGiven and opsGiven say whether --size and --ops were on the
	// command line (set by parse from the flag set, for the hints of
	// opsHint).
	sizeGiven, opsGiven bool
	fs                  *pflag.FlagSet
}

func addGridFlags(fs *pflag.FlagSet, g *gridFlags, opsDefault string) {
	g.fs = fs
	fs.StringVar(&g.ops, "ops", opsDefault, "operator cells in row-major layout order, e.g. \"x=|+x//-|x=|=====|x=\"")
	fs.StringVar(&g.size, "size", "3x3", "grid size MxN (rows x columns of numbers), each at least 2")
	fs.StringVar(&g.lines, "lines", "", "lines that are conditions: comma list of rows, cols, diag (corner to corner), short (other diagonals) (default rows,cols,diag when the setting has =, all four otherwise)")
	fs.StringVar(&g.eval, "eval", "precedence", "evaluation: precedence (x and / bind tighter) or ltr (strictly left to right)")
}

func (g *gridFlags) parse() (*grid.Setting, families.Options, error) {
	var opt families.Options
	if g.fs != nil {
		g.sizeGiven, g.opsGiven = g.fs.Changed("size"), g.fs.Changed("ops")
	}
	z, err := grid.ParseSize(g.size)
	if err != nil {
		return nil, opt, usageError{err}
	}
	if g.sizeGiven && !g.opsGiven && g.ops == defaultOps && z != (grid.Size{Rows: 3, Cols: 3}) {
		return nil, opt, usagef("--size %s needs --ops: %d operator cells, the default operators are those of a 3x3 grid (families template --size %s prints a blank layout to fill)", z, z.NumOps(), z)
	}
	s, err := grid.ParseOps(g.ops, z)
	if err != nil {
		return nil, opt, usageError{opsHint(err, g.ops, z)}
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

// onePuzzleSettingFlags are the puzzle flags that act on one setting only.
var onePuzzleSettingFlags = []string{"puzzles", "questions", "budget", "min", "distinct", "max-digits", "diagonals", "random-letters"}

func runAnalyse(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("families", analyseUsage+"\nCommands:\n"+commandList(), stdout)
	var g gridFlags
	addGridFlags(fs, &g, defaultOps)
	format := fs.String("format", "text", "output format: text, json (indented), jsonl (one line; what a sweep writes), or html (a printable sheet of --puzzles and --questions)")
	count := fs.Bool("count", false, "print how many settings the --ops pattern matches and stop")
	timeout := fs.Duration("timeout", 0, "give up on the whole command after this long: an analysis prints what it found (class timeout if the algebra was cut short); a sweep stops, its --out holding the records so far")
	addSweepFlags(fs)
	pf := addPuzzleFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (commands: %s)", fs.Arg(0), commandNames())
	}
	if err := checkFormat(*format, "text", "json", "jsonl", "html"); err != nil {
		return err
	}
	if err := pf.check(); err != nil {
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
	// Without a line there is no system (no ring, even), and the analysis
	// would end in class error: that is bad input, said as such.
	sel := opt.Lines
	if sel == 0 {
		sel = s.DefaultLines()
	}
	if lines, err := s.Lines(sel); err != nil {
		return usageError{err}
	} else if len(lines) == 0 {
		return usagef("setting %s has no line (two numbers joined by operators) among the lines %s: nothing to analyse", s, sel)
	}
	if n := s.Count(); n.Cmp(oneInt) != 0 {
		for _, name := range onePuzzleSettingFlags {
			if fs.Changed(name) {
				return usagef("--%s works on one setting; a sweep of a pattern reports members only (--members)", name)
			}
		}
		return sweepPattern(fs, s, opt, stdout, stderr)
	}
	opt.Limits = groebner.Limits{Timeout: *timeout}
	// A signal stops the algebra like --timeout does: the report of class
	// timeout is still written, and the status is 1. --timeout bounds the
	// members, puzzles and questions too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	stopped := func() error {
		if interrupt.Err() != nil {
			return errors.New("interrupted")
		}
		return context.Cause(ctx)
	}
	progress, stopStages := stageLines(stderr)
	opt.Progress = progress
	rep, err := families.Analyze(ctx, s, opt)
	stopStages()
	if err != nil {
		return usageError{err}
	}
	if err := writeAnalysis(ctx, stdout, *format, rep, opt, pf); err != nil {
		var se stageError
		if errors.As(err, &se) && ctx.Err() != nil {
			// The report and what the stages found are written.
			return fmt.Errorf("%w while making %s; the report and what was found before are written", stopped(), se.stage)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%w while making members, puzzles or questions", stopped())
		}
		return err
	}
	if ctx.Err() != nil && rep.Class != families.ClassTimeout {
		return stopped()
	}
	// The report is written either way (it holds the system and what was
	// found), but a script must not take an unfinished analysis for an answer.
	if rep.Class == families.ClassTimeout || rep.Class == families.ClassError {
		return fmt.Errorf("the analysis of %s ended in class %s: %s", s, rep.Class, rep.Error)
	}
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
	if len(rep.Substituted) > 0 {
		fmt.Fprintln(w, "\nsubstituted (numbers that an equation gives linearly):")
		for _, e := range rep.Substituted {
			fmt.Fprintf(w, "  %s\n", e)
		}
		fmt.Fprintln(w, "\nreduced basis of the remaining numbers (grevlex, saturated by the nonzero conditions):")
	} else {
		fmt.Fprintln(w, "\nreduced basis (grevlex, saturated by the nonzero conditions):")
	}
	for _, b := range rep.Basis {
		fmt.Fprintf(w, "  %s\n", b)
	}
	fmt.Fprintf(w, "\nclass: %s", rep.Class)
	if rep.Dimension != nil {
		fmt.Fprintf(w, ", dimension %d", *rep.Dimension)
	}
	if rep.Degree != nil {
		fmt.Fprintf(w, ", %d solution%s counted with multiplicity", *rep.Degree, plural(*rep.Degree))
	}
	if len(rep.Independent) > 0 {
		fmt.Fprintf(w, ", free numbers {%s}", strings.Join(rep.Independent, ", "))
	}
	if rep.Error != "" {
		fmt.Fprintf(w, " (%s)", rep.Error)
	}
	fmt.Fprintln(w)
	if res := rep.Result(); res != nil {
		if differentParameters(rep.Independent, res) {
			fmt.Fprintf(w, "  ({%s} are free numbers read off the leading terms of the basis; a family below is written\n"+
				"  in the free numbers that give it the simplest formulas, which can be others)\n", strings.Join(rep.Independent, ", "))
		}
		writeFamilies(w, rep.Setting(), res)
		writeSolutions(w, rep.Setting(), res)
	}
}

// differentParameters reports whether some family is written in other
// parameters than the free numbers of the class line.
func differentParameters(free []string, res *solve.Result) bool {
	want := strings.Join(free, ",")
	for _, f := range res.Families() {
		if strings.Join(f.Parameters, ",") != want {
			return true
		}
	}
	return false
}

// writeFamilies prints each family as formulas, one number a line, and
// drawn in the grid as Wolf (2010) draws its families. A family whose
// component the decomposition did not prove irreducible says so.
func writeFamilies(w io.Writer, s *grid.Setting, res *solve.Result) {
	var comps []*solve.Component
	for _, c := range res.Components {
		if c.Family != nil {
			comps = append(comps, c)
		}
	}
	if len(comps) == 0 {
		return
	}
	fmt.Fprintf(w, "\nfamilies: %d\n", len(comps))
	for i, c := range comps {
		f := c.Family
		note := ""
		if !c.Irreducible {
			note = " (not proved irreducible: possibly several components)"
		}
		fmt.Fprintf(w, "\n  family %d: %s%s\n", i+1, familyTitle(f), note)
		labels := make([]string, len(f.Values))
		for j, v := range f.Values {
			labels[j] = v.Format(solve.Person)
			switch {
			case v.Parameter:
				labels[j] = v.Name
			case v.Degree > 1:
				labels[j] = v.Name
				fmt.Fprintf(w, "    %s: %s (degree %d)\n", v.Name, solve.FormatMinPoly(v.MinPoly, v.Name, solve.Person)+" = 0", v.Degree)
			default:
				fmt.Fprintf(w, "    %s = %s\n", v.Name, labels[j])
			}
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, indentBy(families.LayoutWith(s, valueLabel(s, labels)), "    "))
	}
}

func familyTitle(f *solve.Family) string {
	params := strings.Join(f.Parameters, ", ")
	noun := "parameter"
	if len(f.Parameters) > 1 {
		noun = "parameters"
	}
	switch {
	case f.Polynomial:
		return fmt.Sprintf("every number a polynomial in the %s %s", noun, params)
	case f.Kind == solve.Rational:
		return fmt.Sprintf("every number a rational function of the %s %s", noun, params)
	}
	return fmt.Sprintf("algebraic of degree %d over the %s %s", f.Degree, noun, params)
}

// valueLabel maps a row-major number index to its label; labels are in
// ring order, which skips absent numbers.
func valueLabel(s *grid.Setting, labels []string) func(int) string {
	return func(i int) string {
		k := 0
		for j := 0; j < i; j++ {
			if s.Present(j) {
				k++
			}
		}
		if k < len(labels) {
			return labels[k]
		}
		return "?"
	}
}

// writeSolutions prints every solution of the finite components: rational
// ones drawn in the grid, the others number by number, exactly where a
// square root writes them and to 50 digits.
func writeSolutions(w io.Writer, s *grid.Setting, res *solve.Result) {
	pts := res.Points()
	if len(pts) == 0 {
		return
	}
	fmt.Fprintf(w, "\nsolutions: %d\n", len(pts))
	for i, p := range pts {
		switch p.Class {
		case solve.ClassRational:
			fmt.Fprintf(w, "\n  solution %d: rational\n", i+1)
			labels := make([]string, len(p.Numbers))
			for j, x := range p.Numbers {
				labels[j] = x.Exact
			}
			fmt.Fprint(w, indentBy(families.LayoutWith(s, valueLabel(s, labels)), "    "))
			continue
		case solve.ClassRealAlgebraic:
			fmt.Fprintf(w, "\n  solution %d: real algebraic of degree %d\n", i+1, p.Degree)
		default:
			fmt.Fprintf(w, "\n  solution %d: complex, of degree %d\n", i+1, p.Degree)
		}
		for _, x := range p.Numbers {
			switch {
			case x.Degree == 1:
				fmt.Fprintf(w, "    %s = %s\n", x.Name, x.Exact)
			case x.Exact != "":
				fmt.Fprintf(w, "    %s = %s ≈ %s\n", x.Name, x.Exact, x.Decimal())
			default:
				fmt.Fprintf(w, "    %s ≈ %s (root of %s = 0)\n", x.Name, x.Decimal(), solve.FormatPoly(x.MinPoly, solve.Person))
			}
		}
	}
}

func indentBy(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pre + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
