package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/render"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/spf13/pflag"
)

// defaultOps is Wolf's one-parameter grid: with no arguments the tool
// shows what it does on it.
const defaultOps = "+=|x-++-|+=|=====|/="

const analyzeUsage = `usage: families [--ops OPS] [--size MxN] [--lines L] [--eval E] [--format text|json|jsonl|html|latex]
       families COMMAND [flags]   (the commands are listed below; "families COMMAND --help")

Analyzes one operator setting of an m x n grid of numbers: its lines as
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
	register("analyze", "analyze one operator setting (the default command)", runAnalyze)
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
var onePuzzleSettingFlags = []string{"puzzles", "questions", "budget", "max-sum", "min", "distinct", "max-digits", "diagonals", "random-letters"}

func runAnalyze(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("families", analyzeUsage+"\nCommands:\n"+commandList(), stdout)
	var g gridFlags
	addGridFlags(fs, &g, defaultOps)
	format := fs.String("format", "text", "output format: text, json (indented), jsonl (one line; what a sweep writes), html (a printable sheet of --puzzles and --questions) or latex (a document for a paper)")
	fs.String("paper", "letter", "html: the sheet's paper size, letter or a4")
	system := fs.String("system", "", "instead of the report, write the setting's system as a script for singular, m2 (Macaulay2) or sympy that computes the saturated basis and compares it with ours")
	count := fs.Bool("count", false, "print how many settings the --ops pattern matches and stop")
	proveComplete := fs.Bool("prove-complete", false, "prove that every solution lies on a reported family or solution (report key complete); can cost far more than the analysis")
	timeout := fs.Duration("timeout", 0, "give up on the whole command after this long: an analysis prints what it found (class timeout if the algebra was cut short); a sweep stops, its --out holding the records so far")
	addSweepFlags(fs)
	pf := addPuzzleFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (commands: %s)", fs.Arg(0), commandNames())
	}
	if err := checkFormat(*format, "text", "json", "jsonl", "html", "latex"); err != nil {
		return err
	}
	if err := pf.check(); err != nil {
		return err
	}
	if *system != "" {
		if err := checkFormat(*system, render.ScriptLanguages...); err != nil {
			return usagef("unknown --system %q (want %s)", *system, strings.Join(render.ScriptLanguages, ", "))
		}
	}
	if p, _ := fs.GetString("paper"); p != "letter" && p != "a4" {
		return usagef("unknown --paper %q (want letter or a4)", p)
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
		return usagef("setting %s has no line (two numbers joined by operators) among the lines %s: nothing to analyze", s, sel)
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
	opt.ProveComplete = *proveComplete
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
	defer stopStages() // the members, puzzles and questions are stages too
	opt.Progress = progress
	rep, err := families.Analyze(ctx, s, opt)
	if err != nil {
		return usageError{err}
	}
	if *system != "" {
		if rep.Class == families.ClassTimeout || rep.Class == families.ClassError {
			return fmt.Errorf("the analysis of %s ended in class %s: %s", s, rep.Class, rep.Error)
		}
		_, err := io.WriteString(stdout, render.Script(rep, *system, "families --system "+*system))
		return err
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

// familyTitle says what kind of family f is (decompose's text uses it).
func familyTitle(f *solve.Family) string { return render.FamilyTitle(f) }

func indent(s string) string { return render.Indent(s, "  ") }
