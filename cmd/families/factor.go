package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

const factorUsage = `usage: families factor [--vars "x y"] [--format text|json] [POLY|FILE|-]

Factors polynomials over the rationals into irreducible factors, exactly.
The argument is a polynomial ("x^2*y - y"), a file of polynomials (the system
file format: one per line, # comments, optional "vars:" line), or - / nothing
for standard input. Text output: the constant on the first line, then one
factor per line as (factor)^k; several polynomials are separated by a blank
line. --format json: {"constant": "c", "factors": [{"factor": "...",
"multiplicity": k}, ...]}, one object per line for several polynomials.
`

func init() {
	register("factor", "factor polynomials over Q", runFactor)
}

func runFactor(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("factor", factorUsage, stderr)
	vars := fs.String("vars", "", `variable order, e.g. "x y" (default: order of first appearance)`)
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("timeout", time.Minute, "give up after this long")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("expected one polynomial or file, got %d arguments (quote the polynomial)", fs.NArg())
	}
	var text string
	switch {
	case fs.NArg() == 1 && fs.Arg(0) != "-":
		if b, err := os.ReadFile(fs.Arg(0)); err == nil {
			text = string(b)
		} else if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG) {
			text = fs.Arg(0)
		} else {
			return usageError{err}
		}
	default:
		b, err := io.ReadAll(stdin)
		if err != nil {
			return err
		}
		text = string(b)
	}
	if *vars != "" {
		text = "vars: " + *vars + "\n" + stripVarsLine(text)
	}
	// The time limit covers the whole command: expanding powers too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	_, ps, err := poly.ParseSystemContext(ctx, text, poly.Grevlex)
	if err != nil {
		return parseFailure(ctx, err)
	}
	if len(ps) == 0 {
		return usagef("no polynomial to factor")
	}
	for i, p := range ps {
		f, err := factor.Factor(ctx, p)
		if err != nil {
			var de *factor.DegreeError
			if errors.Is(err, factor.ErrZero) || errors.As(err, &de) {
				return usageError{err}
			}
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			return err
		}
		if *format == "json" {
			if err := writeFactorJSON(stdout, f); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintln(stdout, f.Const.RatString())
		for _, pw := range f.Factors {
			fmt.Fprintf(stdout, "(%s)^%d\n", pw.Poly, pw.Mult)
		}
	}
	return nil
}

func writeFactorJSON(w io.Writer, f factor.Factorization) error {
	type item struct {
		Factor       string `json:"factor"`
		Multiplicity int    `json:"multiplicity"`
	}
	out := struct {
		Constant string `json:"constant"`
		Factors  []item `json:"factors"`
	}{Constant: f.Const.RatString(), Factors: []item{}}
	for _, pw := range f.Factors {
		out.Factors = append(out.Factors, item{pw.Poly.String(), pw.Mult})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, strings.TrimSpace(string(b)))
	return err
}
