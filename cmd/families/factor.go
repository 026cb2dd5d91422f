package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
	"github.com/families-project/families/schema"
	"github.com/spf13/pflag"
)

const factorUsage = `usage: families factor [--vars "x y"] [--format text|json] [POLY|FILE|-]

Factors polynomials over the rationals into irreducible factors, exactly.
The argument is a polynomial ("x^2*y - y"), a file of polynomials (the
system file format: one per line, # comments, optional "vars:" line), or
- / nothing for standard input. An argument that names an existing file is
read; any other is a polynomial, also one that starts with a minus sign
(families factor '-x^2+1'); after -- every argument is one
(families factor -- '-x^2+1').

Text output: the constant on the first line, then one factor per line as
(factor)^k; several polynomials are separated by a blank line.
--format json: {"constant": "c", "factors": [{"factor": "...",
"multiplicity": k}, ...]}, one object per line for several polynomials.
`

func init() {
	register("factor", "factor polynomials over Q", runFactor)
}

func runFactor(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("factor", factorUsage, stdout)
	vars := fs.String("vars", "", `variable order, e.g. "x y" (default: order of first appearance)`)
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("timeout", 0, "give up on the whole command after this long (0: no limit)")
	if err := parseFlags(fs, polynomialArgs(fs, args)); err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("expected one polynomial or file, got %d arguments (quote the polynomial)", fs.NArg())
	}
	// The time limit covers the whole command: opening and reading the
	// input, expanding powers too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	var text string
	switch {
	case fs.NArg() == 1 && fs.Arg(0) != "-":
		// A name that is no file (missing, or too long to be one) is the
		// polynomial itself; its parse error, if any, is reported below.
		arg := fs.Arg(0)
		text = arg
		if st, err := os.Stat(arg); err == nil {
			if st.IsDir() {
				return usagef("%s is a directory, not a polynomial or a file of them", arg)
			}
			if text, err = readInputContext(ctx, arg, textInput); err != nil {
				return err
			}
		} else if errors.Is(err, os.ErrPermission) {
			return usageError{err} // a file, but not ours to read
		}
	default:
		var err error
		if text, err = readInputContext(ctx, "-", textInput); err != nil {
			return err
		}
	}
	if *vars != "" {
		text = "vars: " + *vars + "\n" + stripVarsLine(text)
	}
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
		Schema   string `json:"schema"`
		Constant string `json:"constant"`
		Factors  []item `json:"factors"`
	}{Schema: schema.Factor, Constant: f.Const.RatString(), Factors: []item{}}
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

// polynomialArgs returns args with every argument that starts with one "-"
// but no shorthand flag ("-x^2+1") moved behind "--", where pflag takes it
// as positional. The values of long flags stay with their flags.
func polynomialArgs(fs *pflag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(a[2:], "=")
			if f := fs.Lookup(name); f != nil && !hasValue && f.Value.Type() != "bool" && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		case len(a) > 1 && a[0] == '-' && !isShorthand(fs, a):
			pos = append(pos, a)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) == 0 {
		return flags
	}
	return append(append(flags, "--"), pos...)
}

// isShorthand reports whether a (one dash) starts with a shorthand flag of
// fs or asks for help (-h); anything else after one dash is a polynomial
// such as -x^2+1, whose parse error, if any, is the one to report.
func isShorthand(fs *pflag.FlagSet, a string) bool {
	return a[1] == 'h' && len(a) == 2 || fs.ShorthandLookup(a[1:2]) != nil
}
