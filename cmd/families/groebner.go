package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

const groebnerUsage = `usage: families groebner [--order lex|grlex|grevlex] [--vars "x y z"] [--format text|json] [FILE|-]

Reads a system file (one polynomial or equation lhs = rhs per line, # comments,
an optional first line "vars: x y z") and prints its reduced Gröbner basis, one
monic polynomial per line, leading monomials in decreasing order. Lex bases of
zero-dimensional ideals are computed in grevlex and converted with FGLM.
`

func init() {
	register("groebner", "reduced Gröbner basis of a system file", runGroebner)
}

// stdin is a variable so tests can feed input.
var stdin io.Reader = os.Stdin

func runGroebner(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("groebner", groebnerUsage, stdout)
	order := fs.String("order", "grevlex", "monomial order: lex, grlex or grevlex")
	vars := fs.String("vars", "", `variable order, e.g. "x y z" (default: the file's vars: line, else order of first appearance)`)
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("timeout", 0, "give up after this long (e.g. 30s; 0: no limit)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	ord, err := poly.ParseOrder(*order)
	if err != nil {
		return usageError{err}
	}
	text, err := readInput(fs.Args(), stdin)
	if err != nil {
		return err
	}
	if *vars != "" {
		text = "vars: " + *vars + "\n" + stripVarsLine(text)
	}
	// The time limit covers the whole command: expanding powers too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	r, F, err := poly.ParseSystemContext(ctx, text, ord)
	if err != nil {
		return parseFailure(ctx, err)
	}
	if len(F) == 0 {
		return usagef("the system has no polynomials")
	}
	G, err := basisIn(ctx, r, F, groebner.Limits{})
	if err != nil {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		return err
	}
	dim, _ := groebner.Dimension(G)
	var degree *int
	if dim == 0 {
		if d, ok := groebner.Degree(G, 1<<22); ok {
			degree = &d
		}
	}
	if *format == "json" {
		out := struct {
			Order     string   `json:"order"`
			Vars      []string `json:"vars"`
			Basis     []string `json:"basis"`
			Dimension int      `json:"dimension"`
			Degree    *int     `json:"degree"`
		}{ord.String(), r.Vars(), polyStrings(G), dim, degree}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	for _, g := range G {
		fmt.Fprintln(stdout, g)
	}
	return nil
}

// basisIn computes the reduced basis of F in r's order; for lex-like
// orders it goes through grevlex and FGLM when the ideal is
// zero-dimensional, since Buchberger directly in lex is far slower.
func basisIn(ctx context.Context, r *poly.Ring, F []*poly.Poly, lim groebner.Limits) ([]*poly.Poly, error) {
	if r.Order().Equal(poly.Grevlex) {
		return groebner.Basis(ctx, F, lim)
	}
	gr, err := r.WithOrder(poly.Grevlex)
	if err != nil {
		return nil, err
	}
	moved := make([]*poly.Poly, len(F))
	for i, f := range F {
		moved[i], _ = f.ToRing(gr)
	}
	G, err := groebner.Basis(ctx, moved, lim)
	if err != nil {
		return nil, err
	}
	if dim, _ := groebner.Dimension(G); dim == 0 {
		return groebner.FGLM(ctx, G, r, lim)
	}
	return groebner.Basis(ctx, F, lim)
}

func stripVarsLine(text string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "vars:") {
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func polyStrings(ps []*poly.Poly) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
