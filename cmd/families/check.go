package main

import (
	"fmt"
	"io"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

const checkUsage = `usage: families check [--ops OPS] [--size MxN] [--lines L] [--eval E] GRIDFILE

Checks a solved grid exactly (rational arithmetic): every selected line must
hold. GRIDFILE is a token grid, one layout row per line, e.g.

  24  x  8  =  192
  +   x  /  /  -
  24  x  4  =  96
  =   =  =  =  =
  48  x  2  =  96

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
	if fs.NArg() != 1 {
		return usagef("expected one grid file, got %d arguments", fs.NArg())
	}
	// check has no time limit: a signal ends the reading.
	ctx, stop := commandContext(0)
	defer stop()
	data, err := readInputContext(ctx, fs.Arg(0), textInput)
	if err != nil {
		return err
	}
	tg, err := tokengrid.Parse(data)
	if err != nil {
		return usageError{err}
	}
	fileSetting, vals, err := grid.FromTokens(tg)
	if err != nil {
		return usageError{err}
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
			return usagef("number %s is unknown (?): check needs a solved grid", s.Size().Name(i))
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
