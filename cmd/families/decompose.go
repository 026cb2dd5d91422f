package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/words"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/schema"
)

const decomposeUsage = `usage: families decompose [--nonzero "POLY ..."] [--all-nonzero] [--vars "x y z"] [--format text|json] [--timeout D] [FILE|-]

Decomposes the solutions of a polynomial system over the complex numbers
into irreducible components: the minimal primes of the ideal of the system
saturated by the nonzero conditions (the points where a nonzero condition
vanishes are removed first). FILE is in the format of "families groebner"
(one polynomial or equation lhs = rhs per line, # comments, an optional
first line "vars: x y z").

--nonzero lists polynomials that must not vanish, separated by commas, or
by spaces when there is no comma ("x y z", "x - y, z"; "" lists none); it
may be given several times. --all-nonzero makes every variable nonzero.

Every component is printed with its dimension; its degree (the number of
points of a finite component, otherwise its degree over the field of its
parameters: 1 when every variable is a rational function of them); whether
it is proved prime; the reduced grevlex basis of its prime ideal; and its
family in free parameters (formulas) or its points (exact, or to 50
digits). Components are sorted by dimension (largest first), degree and
basis. Exit status 0 when decomposed, 1 on --timeout or an interruption
(nothing is printed), 2 on bad input.
`

func init() {
	register("decompose", "irreducible components of a system file (minimal primes)", runDecompose)
}

func runDecompose(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("decompose", decomposeUsage, stdout)
	var nonzero []string
	fs.StringArrayVar(&nonzero, "nonzero", nil, "`POLYS` that must not vanish: \"x y z\" or \"x - y, z\" (may be repeated)")
	allNonzero := fs.Bool("all-nonzero", false, "make every variable nonzero")
	vars := fs.String("vars", "", `variable order, e.g. "x y z" (default: the file's vars: line, else order of first appearance)`)
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("timeout", 0, "give up after this long (e.g. 30s; 0: no limit)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	// The time limit covers the whole command: opening and reading the
	// input, expanding powers and formatting the answer too.
	ctx, cancel := commandContext(*timeout)
	defer cancel()
	text, err := readInput(ctx, fs.Args())
	if err != nil {
		return err
	}
	if *vars != "" {
		text = "vars: " + *vars + "\n" + stripVarsLine(text)
	}
	r, F, err := poly.ParseSystemContext(ctx, text, poly.Grevlex)
	if err != nil {
		return parseFailure(ctx, err)
	}
	if len(F) == 0 {
		return usagef("the system has no polynomials")
	}
	NZ, err := parseNonzero(ctx, r, nonzero, *allNonzero)
	if err != nil {
		return err
	}
	if r.NumVars() == 0 {
		return usagef("the system has no variables")
	}
	var res *solve.Result
	if allZero(F) {
		res = wholeSpace(r, NZ)
	} else {
		res, err = solve.Solve(ctx, F, NZ, solve.Options{})
	}
	if err != nil {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		var le *groebner.LimitError
		if errors.As(err, &le) {
			return fmt.Errorf("gave up: %w", err)
		}
		return err
	}
	out := decomposition(ctx, r, F, NZ, res)
	if ctx.Err() != nil {
		// Formatting stopped at the deadline: the formulas may be written
		// expanded, but an answer past --timeout is not given.
		return context.Cause(ctx)
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	writeDecomposition(ctx, stdout, out, res)
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

// parseNonzero parses the --nonzero lists in r (each split by commas, or
// by white space when it has none) and adds every variable for
// --all-nonzero; an empty list is none. A condition that is a nonzero constant always holds and
// is dropped; the zero polynomial is kept (no point satisfies it, so there
// are no components).
func parseNonzero(ctx context.Context, r *poly.Ring, lists []string, all bool) ([]*poly.Poly, error) {
	var out []*poly.Poly
	seen := map[string]bool{}
	add := func(p *poly.Poly) {
		if p.IsConst() && !p.IsZero() {
			return
		}
		if k := p.String(); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	for _, list := range lists {
		var items []string
		if strings.Contains(list, ",") {
			items = strings.Split(list, ",")
		} else {
			items = strings.Fields(list)
		}
		for _, s := range items {
			s = strings.TrimSpace(s)
			if s == "" {
				if strings.Contains(list, ",") {
					return nil, usagef("--nonzero %s: an empty polynomial between commas", poly.QuoteInput(list))
				}
				continue
			}
			p, err := r.ParseContext(ctx, s)
			if err != nil {
				if ctx.Err() != nil {
					return nil, context.Cause(ctx)
				}
				hint := ""
				if !strings.Contains(list, ",") && strings.ContainsAny(s, "+-*/^") && len(items) > 1 {
					hint = ` (separate polynomials that have spaces by commas: "x - y, z")`
				}
				return nil, usagef("--nonzero %s: %v%s", poly.QuoteInput(s), err, hint)
			}
			add(p)
		}
	}
	if all {
		for _, v := range r.Vars() {
			add(r.MustParse(v))
		}
	}
	return out, nil
}

// allZero reports whether every polynomial of F is zero.
func allZero(F []*poly.Poly) bool {
	for _, f := range F {
		if !f.IsZero() {
			return false
		}
	}
	return true
}

// wholeSpace is the decomposition of the zero ideal of r saturated by
// nonzero: the whole space, irreducible, every variable a parameter (the
// points where a condition vanishes are a hypersurface, whose complement
// is dense), or nothing when a condition is the zero polynomial. Its basis
// is {0}, as groebner.Basis writes the zero ideal.
func wholeSpace(r *poly.Ring, nonzero []*poly.Poly) *solve.Result {
	for _, h := range nonzero {
		if h.IsZero() {
			return &solve.Result{}
		}
	}
	f := &solve.Family{Parameters: r.Vars(), Kind: solve.Rational, Polynomial: true, Degree: 1}
	for i, name := range r.Vars() {
		f.Values = append(f.Values, &solve.Value{Name: name, Parameter: true, Num: r.Var(i), Den: r.One(), Degree: 1})
	}
	c := &solve.Component{Basis: []*poly.Poly{r.Zero()}, Dimension: r.NumVars(), Irreducible: true, Degree: 1, Family: f}
	return &solve.Result{Components: []*solve.Component{c}}
}

// decomposeOutput is the answer of the decompose command (its JSON form).
type decomposeOutput struct {
	Schema     string               `json:"schema"` // schema.Decompose
	Vars       []string             `json:"vars"`
	Equations  []string             `json:"equations"`
	Nonzero    []string             `json:"nonzero"`
	Components []decomposeComponent `json:"components"`
}

// A decomposeComponent is one irreducible component.
type decomposeComponent struct {
	Dimension int `json:"dimension"`
	// Degree is the number of points for dimension 0, otherwise the
	// degree over the field of the family's parameters.
	Degree int `json:"degree"`
	// Prime reports that the component's ideal was proved prime; when
	// false it may be a union of several irreducible components.
	Prime bool `json:"prime"`
	// Basis is the reduced grevlex basis of the component's prime ideal.
	Basis  []string                  `json:"basis"`
	Family *decomposeFamily          `json:"family,omitempty"`
	Points []families.SolutionReport `json:"points,omitempty"`
}

// A decomposeFamily is a component of positive dimension in free
// parameters, with the keys of a family of the analysis's JSON report
// (families.FamilyReport): every variable as an expression in the
// parameters in Singular's syntax, RootOf(p, x) for a root of p.
type decomposeFamily struct {
	Parameters         []string                              `json:"parameters"`
	Solution           map[string]string                     `json:"solution"`
	Kind               string                                `json:"kind"`
	Polynomial         bool                                  `json:"polynomial"`
	Degree             int                                   `json:"degree"`
	MinimalPolynomials map[string]families.MinimalPolynomial `json:"minimal_polynomials,omitempty"`
}

// decomposition writes res in the command's answer; the displayed forms
// of the formulas are chosen within ctx.
func decomposition(ctx context.Context, r *poly.Ring, F, NZ []*poly.Poly, res *solve.Result) decomposeOutput {
	out := decomposeOutput{Schema: schema.Decompose, Vars: r.Vars(), Equations: polyStrings(F), Nonzero: polyStrings(NZ), Components: []decomposeComponent{}}
	for _, c := range res.Components {
		dc := decomposeComponent{Dimension: c.Dimension, Degree: c.Degree, Prime: c.Irreducible, Basis: polyStrings(c.Basis)}
		if f := c.Family; f != nil {
			df := &decomposeFamily{Parameters: f.Parameters, Solution: map[string]string{}, Kind: string(f.Kind),
				Polynomial: f.Polynomial, Degree: f.Degree}
			for _, v := range f.Values {
				df.Solution[v.Name] = v.FormatContext(ctx, solve.Singular)
				if v.Degree > 1 {
					if df.MinimalPolynomials == nil {
						df.MinimalPolynomials = map[string]families.MinimalPolynomial{}
					}
					df.MinimalPolynomials[v.Name] = families.MinimalPolynomial{Polynomial: v.MinPoly.String(), Degree: v.Degree}
				}
			}
			dc.Family = df
		}
		for _, p := range c.Points {
			dc.Points = append(dc.Points, families.NewSolutionReport(p))
		}
		out.Components = append(out.Components, dc)
	}
	return out
}

// writeDecomposition prints the decomposition as text: the system, then
// each component with its basis and its family or points.
func writeDecomposition(ctx context.Context, w io.Writer, out decomposeOutput, res *solve.Result) {
	fmt.Fprintf(w, "variables: %s\n", strings.Join(out.Vars, " "))
	nz := "none"
	if len(out.Nonzero) > 0 {
		nz = strings.Join(out.Nonzero, ", ")
	}
	fmt.Fprintf(w, "nonzero: %s\n", nz)
	if len(out.Components) == 0 {
		fmt.Fprintln(w, "\ncomponents: 0 (no solution: the system with its nonzero conditions is inconsistent)")
		return
	}
	fmt.Fprintf(w, "\ncomponents: %d\n", len(out.Components))
	for i, c := range res.Components {
		fmt.Fprintf(w, "\ncomponent %d: %s\n", i+1, componentTitle(c))
		fmt.Fprintln(w, "  basis (reduced, grevlex):")
		for _, g := range out.Components[i].Basis {
			fmt.Fprintf(w, "    %s\n", g)
		}
		if c.Family != nil {
			fmt.Fprintf(w, "  family: %s\n", familyTitle(c.Family))
			writeFamilyFormulas(ctx, w, c.Family, "    ")
		}
		for j, p := range c.Points {
			fmt.Fprintf(w, "  point %d: %s\n", j+1, pointTitle(p))
			writePointNumbers(w, p, "    ")
		}
	}
}

// componentTitle is a component's heading: dimension, degree, primality.
func componentTitle(c *solve.Component) string {
	var deg string
	switch {
	case c.Dimension == 0:
		deg = words.Count(c.Degree, "point")
	case c.Degree == 1:
		deg = "degree 1 over its parameters (rational)"
	default:
		deg = fmt.Sprintf("degree %d over its parameters", c.Degree)
	}
	prime := "proved prime"
	if !c.Irreducible {
		prime = "not proved prime (possibly several components)"
	}
	return fmt.Sprintf("dimension %d, %s, %s", c.Dimension, deg, prime)
}

// writeFamilyFormulas prints every variable of f that is not a parameter,
// one a line after pre, as the analysis prints a family (the formulas'
// displayed forms are chosen within ctx): x = formula, or
// the minimal polynomial of an algebraic variable with its degree.
func writeFamilyFormulas(ctx context.Context, w io.Writer, f *solve.Family, pre string) {
	for _, v := range f.Values {
		switch {
		case v.Parameter:
		case v.Degree > 1:
			fmt.Fprintf(w, "%s%s: %s = 0 (degree %d)\n", pre, v.Name, solve.FormatMinPoly(v.MinPoly, v.Name, solve.Person), v.Degree)
		default:
			fmt.Fprintf(w, "%s%s = %s\n", pre, v.Name, v.FormatContext(ctx, solve.Person))
		}
	}
}

// pointTitle is a point's class in words, as the analysis writes it.
func pointTitle(p *solve.Point) string {
	switch p.Class {
	case solve.ClassRational:
		return "rational"
	case solve.ClassRealAlgebraic:
		return fmt.Sprintf("real algebraic of degree %d", p.Degree)
	}
	return fmt.Sprintf("complex, of degree %d", p.Degree)
}

// writePointNumbers prints the coordinates of p, one a line after pre, as
// the analysis prints a solution that is not drawn in a grid: exactly
// where rationals and square roots write them, to 50 digits otherwise.
func writePointNumbers(w io.Writer, p *solve.Point, pre string) {
	for _, x := range p.Numbers {
		switch {
		case x.Degree == 1:
			fmt.Fprintf(w, "%s%s = %s\n", pre, x.Name, x.Exact)
		case x.Exact != "":
			fmt.Fprintf(w, "%s%s = %s ≈ %s\n", pre, x.Name, x.Exact, x.Decimal())
		default:
			fmt.Fprintf(w, "%s%s ≈ %s (root of %s = 0)\n", pre, x.Name, x.Decimal(), solve.FormatPoly(x.MinPoly, solve.Person))
		}
	}
}
