package families

import (
	"context"
	"errors"

	"fmt"
	"math/big"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// Options selects the lines and evaluation of a grid and bounds the algebra.
type Options struct {
	Lines  grid.LineSet // 0: the setting's default (grid.Setting.DefaultLines)
	Eval   grid.Eval
	Limits groebner.Limits
	// NoFamilies skips the decomposition into families and solutions: the
	// report then has the class, dimension and degree only.
	NoFamilies bool
	// Substitute selects the elimination of numbers by substitution before
	// any Gröbner basis (solve.Reduce): SubstituteAuto does it for grids
	// of more than 9 numbers.
	Substitute Substitute
	// Progress, when set, is called with the name of each stage as it
	// begins (for a progress line).
	Progress func(stage string)
	// ProveComplete asks for the proof that every solution lies on a
	// reported family or solution (Report.Complete).
	ProveComplete bool
}

// Substitute selects when Analyze eliminates numbers by substitution.
type Substitute int

const (
	// SubstituteAuto substitutes in systems of more than 9 numbers: their
	// saturated basis in all numbers is large (hundreds of polynomials of
	// thousands of terms on a 4x4 grid) and slow, while a 3x3 grid's is
	// small and is what its report has always shown.
	SubstituteAuto Substitute = iota
	// SubstituteAlways substitutes whenever an equation allows it.
	SubstituteAlways
	// SubstituteNever computes the saturated basis in all numbers.
	SubstituteNever
)

func (o Options) substitutes(sys *grid.System) bool {
	switch o.Substitute {
	case SubstituteAlways:
		return true
	case SubstituteNever:
		return false
	}
	return sys.Ring.NumVars() > 9
}

// The classes of a system, as the "class" key of the JSON report (README).
const (
	ClassInconsistent = "inconsistent"
	ClassFinite       = "finite"
	ClassPositiveDim  = "positive_dimensional"
	ClassTimeout      = "timeout"
	ClassError        = "error"
)

// A Report is the analysis of one operator setting. Its JSON form uses the
// keys of the JSON report (README).
type Report struct {
	Ops       string   `json:"ops"`
	Size      string   `json:"size"`
	Lines     string   `json:"lines"`
	Eval      string   `json:"eval"`
	LineTexts []string `json:"line_equations"`
	Equations []string `json:"equations"`
	Nonzero   []string `json:"nonzero"`
	Basis     []string `json:"basis"`
	Class     string   `json:"class"`
	Dimension *int     `json:"dimension"`
	// Degree is the number of solutions with multiplicity, for class finite.
	Degree *int `json:"degree"`
	// Independent is a maximal independent set of numbers (size Dimension).
	Independent []string `json:"independent,omitempty"`
	// Substituted lists the numbers eliminated by substitution before any
	// Gröbner basis, each as "x = f" with f a rational function of the
	// numbers that remain (see solve.Reduce). When it is set, Basis is the
	// reduced grevlex basis of the remaining system saturated by its
	// conditions, in the remaining numbers: with the substitutions it
	// describes the same solutions, and families are given in all numbers.
	Substituted []string `json:"substituted,omitempty"`
	Error       string   `json:"error,omitempty"`
	// Families are the families of the positive-dimensional components.
	Families []FamilyReport `json:"families,omitempty"`
	// Solutions are the solutions of the zero-dimensional components.
	Solutions []SolutionReport `json:"solutions,omitempty"`
	// Complete, when Options.ProveComplete asked for it, reports whether
	// the decomposition was proved complete: every solution of the system
	// lies on one of Families or is one of Solutions
	// (solve.ProveComplete). A false one has CompleteReason.
	Complete       *bool  `json:"complete,omitempty"`
	CompleteReason string `json:"complete_reason,omitempty"`

	setting *grid.Setting
	system  *grid.System
	basis   []*poly.Poly
	result  *solve.Result
}

// A FamilyReport is one family of solutions, as the "families" key of
// the JSON report (README): every number as an expression in the parameters (Singular's
// syntax; RootOf(p, x) for a root of p when the family is algebraic).
type FamilyReport struct {
	Parameters []string          `json:"parameters"`
	Solution   map[string]string `json:"solution"`
	Kind       string            `json:"kind"`
	// Polynomial reports that every number is a polynomial in the
	// parameters.
	Polynomial bool `json:"polynomial"`
	Dimension  int  `json:"dimension"`
	// Degree is the degree of the family over the field of its
	// parameters: 1 for a rational family.
	Degree int `json:"degree"`
	// MinimalPolynomials holds the numbers of degree >= 2 over the
	// parameters.
	MinimalPolynomials map[string]MinimalPolynomial `json:"minimal_polynomials,omitempty"`
	// Basis names the family's component: the reduced grevlex basis of its
	// prime ideal (unless NotProvedIrreducible is set), in the remaining
	// numbers when the report has Substituted; or, when
	// BasisOverParameters is set, the reduced Gröbner basis of that prime
	// over the field of the parameters, den*x - num for every remaining
	// number x that is not a parameter.
	Basis []string `json:"basis"`
	// BasisOverParameters reports the second form of Basis, which a
	// rational family of a substituted analysis has (solve.Component)
	// unless Options.ProveComplete computed its prime for the proof.
	BasisOverParameters bool `json:"basis_over_parameters,omitempty"`
	// NotProvedIrreducible reports that the decomposition gave up proving
	// the component prime (its primality test needs an extension of too
	// high a degree), so the family may be a union of several; the family
	// itself is still verified. Omitted, the component is proved prime.
	NotProvedIrreducible bool `json:"not_proved_irreducible,omitempty"`
}

// A MinimalPolynomial is the minimal polynomial of a number and its degree
// in that number.
type MinimalPolynomial struct {
	Polynomial string `json:"polynomial"`
	Degree     int    `json:"degree"`
}

// A SolutionReport is one solution of a zero-dimensional component: its
// class (rational, real_algebraic, complex), the degree over Q of its
// numbers, every number exactly when it can be written with rationals and
// square roots (values), to 50 digits (numeric, for irrational solutions)
// and the minimal polynomials of its irrational numbers.
type SolutionReport struct {
	Class              string                       `json:"class"`
	Degree             int                          `json:"degree"`
	Values             map[string]string            `json:"values"`
	Numeric            map[string]string            `json:"numeric,omitempty"`
	MinimalPolynomials map[string]MinimalPolynomial `json:"minimal_polynomials,omitempty"`
}

// Setting returns the analyzed setting.
func (r *Report) Setting() *grid.Setting { return r.setting }

// System returns the polynomial system of the setting.
func (r *Report) System() *grid.System { return r.system }

// Result returns the decomposition into components with their families
// and solutions (nil when it was skipped or did not finish).
func (r *Report) Result() *solve.Result { return r.result }

// BasisPolys returns the reduced grevlex basis of the system saturated by
// its nonzero conditions (nil unless the class is finite or
// positive_dimensional or inconsistent, and nil when Substituted is set:
// the basis in all numbers was not computed then).
func (r *Report) BasisPolys() []*poly.Poly { return r.basis }

// Analyze builds the polynomial system of a concrete setting (no
// wildcards), imposes its nonzero conditions by saturation, and classifies
// the result: inconsistent, finite (with its degree), or positive
// dimensional (with its dimension and an independent set of numbers).
// Unless opt.NoFamilies is set it then decomposes the solutions
// (solve.Solve): the families of the positive-dimensional components and
// every solution of the finite ones. A limit hit gives class timeout and
// no error; only bad input is an error. Cost: one saturation per nonzero
// condition, each a Gröbner basis, and the decomposition (see solve.Solve);
// opt.Limits.Timeout bounds the whole analysis. With opt.Substitute (by
// default on grids of more than 9 numbers) the numbers that equations give
// linearly are eliminated first (solve.Reduce), which leaves far smaller
// bases; the report is then stated in all numbers but its Basis is that of
// the remaining numbers (see Report.Substituted).
func Analyze(ctx context.Context, s *grid.Setting, opt Options) (*Report, error) {
	if s.Count().Cmp(bigOne) != 0 {
		return nil, fmt.Errorf("the pattern %s has wildcards: it matches %s settings; sweep it or fix every operator", s, s.Count())
	}
	sel := opt.Lines
	if sel == 0 {
		sel = s.DefaultLines()
	}
	sys, err := s.System(sel, opt.Eval, poly.Grevlex)
	if err != nil {
		return nil, err
	}
	lines, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	z := s.Size()
	rep := &Report{
		Ops: s.String(), Size: z.String(), Lines: sel.String(), Eval: opt.Eval.String(),
		setting: s, system: sys,
	}
	for i := range lines {
		rep.LineTexts = append(rep.LineTexts, lines[i].Name+": "+lines[i].Equation(z, opt.Eval))
	}
	for _, e := range sys.Equations {
		rep.Equations = append(rep.Equations, e.Poly.String())
	}
	for _, p := range sys.Nonzero {
		rep.Nonzero = append(rep.Nonzero, p.String())
	}
	// One deadline for the whole analysis: every stage below shares it
	// through the context instead of restarting its own limit.
	if opt.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Limits.Timeout)
		defer cancel()
		opt.Limits.Timeout = 0
	}
	if opt.substitutes(sys) {
		red, err := solve.Reduce(ctx, sys.Polys(), sys.Nonzero)
		if groebner.IsLimit(err) {
			rep.fail(err, "")
			return rep, nil
		}
		if err != nil {
			return nil, err
		}
		if len(red.Eliminated) > 0 {
			rep.analyzeReduced(ctx, red, opt)
			return rep, nil
		}
	}
	rep.stage(opt, "saturated basis")
	G, err := groebner.SaturateAll(ctx, sys.Polys(), sys.Nonzero, opt.Limits)
	if err != nil {
		rep.fail(err, "")
		return rep, nil
	}
	rep.finish(ctx, G, opt)
	return rep, nil
}

// fail ends the report in class timeout (a limit) or error.
func (r *Report) fail(err error, prefix string) {
	if groebner.IsLimit(err) {
		r.Class = ClassTimeout
	} else {
		r.Class = ClassError
	}
	r.Error = prefix + err.Error()
}

// stage tells opt.Progress that a stage of the analysis begins.
func (r *Report) stage(opt Options, name string) {
	if opt.Progress != nil {
		opt.Progress(name)
	}
}

// finish classifies the saturated basis G of the whole system and
// decomposes it unless opt.NoFamilies.
func (r *Report) finish(ctx context.Context, G []*poly.Poly, opt Options) {
	sys := r.system
	r.basis = G
	r.Basis = nil
	for _, g := range G {
		r.Basis = append(r.Basis, g.String())
	}
	dim, indep := groebner.Dimension(G)
	r.classify(dim, G)
	if dim < 0 && opt.ProveComplete {
		// No solutions: nothing to miss.
		r.Complete = new(true)
	}
	r.Independent = nil
	for _, v := range indep {
		r.Independent = append(r.Independent, sys.Ring.VarName(v))
	}
	if opt.NoFamilies || dim < 0 {
		return
	}
	r.stage(opt, "decomposition")
	res, err := solve.Solve(ctx, sys.Polys(), sys.Nonzero, solve.Options{Limits: opt.Limits, Saturated: G})
	if err != nil {
		// The class stands, but a report without its families must say so.
		r.fail(err, "families: ")
		return
	}
	r.setResult(ctx, res)
	if opt.ProveComplete && r.Error == "" {
		r.proveComplete(ctx, G, func(context.Context) ([][]*poly.Poly, error) {
			primes := make([][]*poly.Poly, len(res.Components))
			for i, c := range res.Components {
				primes[i] = c.Basis
			}
			return primes, nil
		}, opt)
	}
}

// classify sets the class, dimension and (finite) degree from the
// dimension of a saturated basis G.
func (r *Report) classify(dim int, G []*poly.Poly) {
	r.Class, r.Degree = Classify(dim, G)
	r.Dimension = &dim
}

// Classify returns the class of a system whose saturated basis G has
// dimension dim (groebner.Dimension), and for class finite its degree,
// the number of solutions with multiplicity (nil when that count passes
// 2^20). Cost: a Hilbert series of G's leading monomials when finite.
func Classify(dim int, G []*poly.Poly) (class string, degree *int) {
	switch {
	case dim < 0:
		return ClassInconsistent, nil
	case dim == 0:
		if d, ok := groebner.Degree(G, 1<<20); ok {
			return ClassFinite, &d
		}
		return ClassFinite, nil
	}
	return ClassPositiveDim, nil
}

// setResult records the decomposition; the displayed forms of its values
// are chosen within ctx (solve.Value.FormatContext), so that writing a
// family never runs past the analysis's deadline. A form cut short by the
// deadline would differ from the one a later deadline gives, so the
// report then ends as a timeout: its text never depends on the clock.
func (r *Report) setResult(ctx context.Context, res *solve.Result) {
	r.result = res
	r.Families, r.Solutions = nil, nil
	for _, c := range res.Components {
		if c.Family != nil {
			r.Families = append(r.Families, familyReport(ctx, c))
		}
		for _, p := range c.Points {
			r.Solutions = append(r.Solutions, NewSolutionReport(p))
		}
	}
	if err := ctx.Err(); err != nil {
		r.Families, r.Solutions = nil, nil
		lim := &groebner.LimitError{Limit: groebner.LimitTime, Err: err}
		if !errors.Is(err, context.DeadlineExceeded) {
			lim.Limit = groebner.LimitCanceled
		}
		r.fail(lim, "families: ")
	}
}

func familyReport(ctx context.Context, c *solve.Component) FamilyReport {
	f := c.Family
	fr := FamilyReport{
		Parameters: f.Parameters, Solution: map[string]string{}, Kind: string(f.Kind),
		Polynomial: f.Polynomial, Dimension: c.Dimension, Degree: f.Degree,
		NotProvedIrreducible: !c.Irreducible, BasisOverParameters: c.BasisOverParameters,
	}
	for _, v := range f.Values {
		fr.Solution[v.Name] = v.FormatContext(ctx, solve.Singular)
		if v.Degree > 1 {
			if fr.MinimalPolynomials == nil {
				fr.MinimalPolynomials = map[string]MinimalPolynomial{}
			}
			fr.MinimalPolynomials[v.Name] = MinimalPolynomial{v.MinPoly.String(), v.Degree}
		}
	}
	for _, g := range c.Basis {
		fr.Basis = append(fr.Basis, g.String())
	}
	return fr
}

// NewSolutionReport returns the point p as the JSON report writes a
// solution. Cost: its decimal values, already computed.
func NewSolutionReport(p *solve.Point) SolutionReport {
	sr := SolutionReport{Class: string(p.Class), Degree: p.Degree, Values: map[string]string{}}
	for _, x := range p.Numbers {
		sr.Values[x.Name] = x.String()
		if x.Degree == 1 {
			continue
		}
		if sr.Numeric == nil {
			sr.Numeric = map[string]string{}
			sr.MinimalPolynomials = map[string]MinimalPolynomial{}
		}
		sr.Numeric[x.Name] = x.Decimal()
		sr.MinimalPolynomials[x.Name] = MinimalPolynomial{x.MinPoly.String(), x.Degree}
	}
	return sr
}

// Layout draws the setting as its layout with number names, aligned like
// the tables of Wolf (2010):
//
//	a  +  b  =  c
//	x  -  +  +  -
//	d  +  f  =  g
func Layout(s *grid.Setting) string {
	return LayoutWith(s, func(i int) string { return s.Size().Name(i) })
}

// LayoutWith draws the setting with label(i) in the cell of number i
// (row-major index), such as a family's formula or a solution's value,
// columns aligned; absent numbers are drawn as _.
func LayoutWith(s *grid.Setting, label func(i int) string) string {
	z := s.Size()
	rows := make([][]string, z.LayoutRows())
	for R := range rows {
		rows[R] = make([]string, z.LayoutCols())
		for C := range rows[R] {
			p := grid.Pos{R: R, C: C}
			if R%2 == 0 && C%2 == 0 {
				i := z.NumberIndex(p)
				if s.Present(i) {
					rows[R][C] = label(i)
				} else {
					rows[R][C] = "_"
				}
				continue
			}
			rows[R][C] = s.Op(p).String()
		}
	}
	return alignRows(rows)
}

func alignRows(rows [][]string) string {
	width := map[int]int{}
	for _, row := range rows {
		for c, t := range row {
			width[c] = max(width[c], len([]rune(t)))
		}
	}
	var sb strings.Builder
	for _, row := range rows {
		var line strings.Builder
		for c, t := range row {
			line.WriteString(t)
			if c < len(row)-1 {
				line.WriteString(strings.Repeat(" ", width[c]-len([]rune(t))+2))
			}
		}
		sb.WriteString(strings.TrimRight(line.String(), " "))
		sb.WriteString("\n")
	}
	return sb.String()
}

var bigOne = big.NewInt(1)
