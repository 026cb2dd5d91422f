package solve

import (
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// Factor splits before any basis, as CRACK does (T. Wolf, "Calcrostics - a
// marathon test for the algebraic solution of polynomial systems", 2010
// talk): an equation f = q1 q2 ... holds exactly when one of its factors
// vanishes, so the zeros of F are the union of the zeros of F with f
// replaced by q_i, taken with q_1 ... q_{i-1} nonzero to keep the cases
// apart. The substitutions of SolveCases make such products often: a
// substituted equation is frequently a multiple of another one, and then
// one case holds the other equation's factor and a condition that it is
// nonzero, which is inconsistent at once. A saturated basis of the
// unsplit system costs far more: it has to discover the common factor
// through saturations by every condition (minutes on 4x4 grids where the
// split takes milliseconds).

// splitting is the outcome of factoring the equations of one case.
type splitting struct {
	// empty: some equation is a product of factors that must be nonzero.
	empty bool
	// F is the system with every equation replaced by the product of its
	// distinct factors that are not conditions, one factor when it has
	// just one; at is the index of the first equation with several such
	// factors, -1 when none has.
	F       []*poly.Poly
	at      int
	factors []*poly.Poly // the factors of F[at]
	changed bool         // F differs from the input
	// unfactored: some factorization ran past factorBudget, so an
	// equation taken whole may still be reducible.
	unfactored bool
}

// split factors every equation of F over Q and drops the factors that
// are nonzero conditions (compared up to a constant), so that a case is
// split on the equation with the fewest terms that still has several
// factors. Cost: one factorization per equation of degree 2 or more,
// cached by the caser for the cases that share equations.
func (c *caser) split(F, nonzero []*poly.Poly) (splitting, error) {
	var known poly.Set
	for _, h := range nonzero {
		known.Add(h.Monic())
	}
	out := splitting{at: -1}
	var seen poly.Set
	for _, f := range F {
		// Each Monic of a case's large equations can take a second.
		if err := c.ctx.Err(); err != nil {
			return out, limitErr(err)
		}
		if seen.Add(f.Monic()) {
			out.F = append(out.F, f)
		}
	}
	out.changed = len(out.F) < len(F)
	F = out.F
	out.F = slices.Clone(F)
	order := make([]int, len(F))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return F[a].Len() - F[b].Len() })
	for _, i := range order {
		f := F[i]
		if f.TotalDegree() <= 1 {
			continue
		}
		fz, err := c.quickFactors(f)
		if err != nil {
			return out, err
		}
		out.unfactored = out.unfactored || fz.whole
		var keep []*poly.Poly
		for _, q := range fz.factors {
			if !known.Has(q.Monic()) {
				keep = append(keep, q)
			}
		}
		switch {
		case len(keep) == 0:
			return splitting{empty: true}, nil
		case len(keep) == 1:
			if !fz.repeated && len(fz.factors) == 1 {
				continue
			}
			out.F[i], out.changed = keep[0].PrimitivePart(), true
		default:
			if out.at < 0 {
				out.at, out.factors = i, keep
			}
		}
	}
	return out, nil
}

// decomposerOf returns the caser's decomposer of ring r, whose cache
// holds complete factorizations for the cases of that ring (the cache is
// keyed by the printed polynomial, and Reduce makes a ring of its own for
// each substitution).
func (c *caser) decomposerOf(r *poly.Ring) *decomposer {
	d := c.dec[r]
	if d == nil {
		if c.dec == nil {
			c.dec = map[*poly.Ring]*decomposer{}
		}
		d = &decomposer{ctx: c.ctx, factors: &poly.Map[factored]{}}
		c.dec[r] = d
	}
	return d
}

// factorsOf factors f completely, remembering the result.
func (c *caser) factorsOf(f *poly.Poly) (factored, error) {
	return c.decomposerOf(f.Ring()).factorsOf(f)
}

// factorBudget bounds, in polls of work (internal/work), a factorization
// that only chooses how to split a case: past it the equation is taken
// whole, which is correct, only slower (Wang's lifting takes minutes on a
// few of the polynomials that substitutions make on 4x4 grids). It stood
// for 500 ms, as the other budgets here stood for the times they replace
// (BENCHMARKS.md: a 4x4 analysis polls some 20 times per CPU millisecond).
const factorBudget = 10000

// quickFactors is factorsOf within factorBudget; an equation whose
// factorization ran out of it is reported whole (its only factor, whole
// set). Give-ups are remembered apart from factorsOf's cache, which must
// hold complete factorizations (an irreducible factor is a prime
// component); the polynomial's text is key enough, since a give-up
// returns f itself.
func (c *caser) quickFactors(f *poly.Poly) (factored, error) {
	if c.gaveUp != nil && c.gaveUp.Has(f) {
		return factored{factors: []*poly.Poly{f}, whole: true}, nil
	}
	ctx, cancel := work.WithBudget(c.ctx, factorBudget)
	defer cancel()
	budgeted := &decomposer{ctx: ctx, factors: c.decomposerOf(f.Ring()).factors}
	fz, err := budgeted.factorsOf(f)
	if err == nil || c.ctx.Err() != nil || ctx.Err() == nil {
		return fz, err
	}
	if c.gaveUp == nil {
		c.gaveUp = &poly.Set{}
	}
	c.gaveUp.Add(f)
	return factored{factors: []*poly.Poly{f}, whole: true}, nil
}

// splitCases solves the cases of a splitting: the equation F[at] replaced by
// each of its factors in turn, the factors before it nonzero.
func (c *caser) splitCases(sp splitting, nonzero []*poly.Poly) (*Result, error) {
	out := &Result{}
	for i, q := range sp.factors {
		Fi := slices.Clone(sp.F)
		Fi[sp.at] = q
		res, err := c.solve(Fi, slices.Concat(nonzero, sp.factors[:i]), nil)
		if err != nil {
			return nil, err
		}
		out.Components = append(out.Components, res.Components...)
	}
	sortComponents(out.Components)
	return out, nil
}

// basisFirstBudget bounds each case basis of the strategy that computes
// them all (SolveCases): past it that strategy gives up, so that the other
// one, which splits, has both cores. Over the 100 4x4 settings of
// testdata/scale (10 s bound, one process, same build) the total was
// 158.9 s with no bound, 152.7 s at 2 s and 150.1 s at 1 s, the timeouts
// 11, 9 and 9; on the slowest setting that this strategy won unbounded
// (3.2 s), the bound made it 2.7 s. In polls of work, for that second.
const basisFirstBudget = 20000

// quickBudget bounds the saturated basis that a case tries before it is
// split on the factors or a linear element of its equations instead. Over
// the 100 4x4 settings of testdata/scale (10 s bound, one process, same
// build) the median analysis took 646 ms at 500 ms, 485 at 250, 384 at
// 125, 308 at 60, 266 at 25 and 262 at 10, the timeouts staying at 15;
// with no budget at all (always split) it took 316 ms with 21 timeouts:
// a case whose basis is cheap is decided faster by it than by its splits.
// In polls of work, for those 25 ms.
const quickBudget = 500

// quickBasis returns the saturated basis of F within quickBudget; quick
// is false when the budget ran out first (and the caller's context has
// not).
func (c *caser) quickBasis(F, nonzero []*poly.Poly) (G []*poly.Poly, quick bool, err error) {
	if c.opt.strategy == splitAlways {
		return nil, false, nil
	}
	ctx, cancel := work.WithBudget(c.ctx, quickBudget)
	defer cancel()
	G, err = c.bases.saturated(ctx, F, nonzero, c.opt.Limits)
	if err == nil {
		return G, true, nil
	}
	if e := c.ctx.Err(); e != nil {
		return nil, false, limitErr(e)
	}
	if ctx.Err() != nil && groebner.IsLimit(err) {
		return nil, false, nil
	}
	return nil, false, err
}

// caseBasis returns the saturated basis of the equations F of a case, or
// the case's decomposition when it is found without that basis. A basis
// that comes within quickBudget is taken, as one basis decides a case
// faster than many smaller ones; past it, the case is split on the
// factors of an equation, or on a linear element of the equations as
// SolveCases splits a basis, and only a case that offers neither waits
// for its basis. Cases that factoring decides at once (an equation whose
// factors must all be nonzero, repeated or redundant factors, one
// irreducible equation) never compute a basis.
func (c *caser) caseBasis(F, nonzero []*poly.Poly) ([]*poly.Poly, *Result, error) {
	if c.basisFirst {
		ctx, cancel := work.WithBudget(c.ctx, basisFirstBudget)
		defer cancel()
		G, err := c.bases.saturated(ctx, F, nonzero, c.opt.Limits)
		return G, nil, err
	}
	sp, err := c.split(F, nonzero)
	switch {
	case err != nil:
		return nil, nil, err
	case sp.empty:
		return nil, &Result{}, nil
	case sp.changed:
		res, err := c.solve(sp.F, nonzero, nil)
		return nil, res, err
	case len(F) == 1 && sp.at < 0 && !sp.unfactored:
		// One irreducible equation generates a prime ideal, which a
		// condition saturates to itself unless the condition lies in it.
		for _, h := range nonzero {
			if !mayDivide(F[0], h) {
				continue // the usual case: a small condition, a large equation
			}
			// F[0] is irreducible: it divides h exactly when their gcd
			// is not constant (a gcd that stops with the context, where
			// a division of large polynomials did not).
			g, err := factor.GCDContext(c.ctx, F[0], h)
			if err != nil {
				return nil, nil, limitErr(err)
			}
			if !g.IsConst() {
				return nil, &Result{}, nil
			}
		}
		return []*poly.Poly{F[0].Monic()}, nil, nil
	}
	// A case that offers no split tries resultants, then waits for its
	// basis (basisOrResultant).
	var g *poly.Poly
	x := -1
	if sp.at < 0 {
		F2, changed, err := c.dropEquationMultiples(F)
		if err != nil {
			return nil, nil, err
		}
		if changed {
			res, err := c.solve(F2, nonzero, nil)
			return nil, res, err
		}
		// With the multiples of equations rewritten, no linear element
		// has a coefficient that vanishes on the whole case.
		if g, x = linearElement(F); g == nil {
			return c.basisOrResultant(F, nonzero)
		}
	}
	G, quick, err := c.quickBasis(F, nonzero)
	if err != nil || quick {
		return G, nil, err
	}
	var res *Result
	if sp.at >= 0 {
		res, err = c.splitCases(sp, nonzero)
	} else {
		res, err = c.linear(F, nonzero, g, x, false)
	}
	return nil, res, err
}

// basisOrResultant returns the saturated basis of a case that offers
// no factored equation and no linear element, unless it comes neither
// within quickBudget nor before a resultant of two equations splits the
// case (resultantSplit): then it returns the decomposition from that
// split.
func (c *caser) basisOrResultant(F, nonzero []*poly.Poly) ([]*poly.Poly, *Result, error) {
	G, quick, err := c.quickBasis(F, nonzero)
	if err != nil || quick {
		return G, nil, err
	}
	qs, tri, err := c.resultantSplit(F, nonzero)
	if err != nil {
		return nil, nil, err
	}
	if qs != nil {
		res, err := c.factorCases(F, nonzero, qs)
		return nil, res, err
	}
	if tri != nil {
		res, err := c.triangular(tri)
		if res != nil || err != nil {
			return nil, res, err
		}
	}
	G, err = c.bases.saturated(c.ctx, F, nonzero, c.opt.Limits)
	return G, nil, err
}

// mayDivide reports whether g can divide the nonzero h by degrees: h's
// degree in every number of g at least g's. It answers at once for most
// conditions, before any gcd with an equation of thousands of terms.
func mayDivide(g, h *poly.Poly) bool {
	if h.IsZero() {
		return true
	}
	for _, v := range g.Vars() {
		if h.Degree(v) < g.Degree(v) {
			return false
		}
	}
	return true
}

// dropEquationMultiples rewrites the first equation a x + b of F (degree 1
// in the number x) whose coefficient a has an equation f of F as a factor
// into b: a x + b - (a/f) x f = b, so the equations generate the same
// ideal, and x leaves the equation. An equation that becomes zero is
// dropped. changed reports a rewrite. Such an equation cannot be split on
// (its coefficient vanishes on every solution, so the split would only
// repeat the case with the factor added), and on 4x4 grids they are where the
// split strategy used to wait for a basis: two equations in six or seven
// numbers whose grevlex basis takes Singular a minute, while the rewritten
// pair has x free and the resultant of the rest splits it at once. After
// it, every linear element of F is one to split on (caseBasis). Cost: a
// factorization of each such coefficient, cached by the caser.
func (c *caser) dropEquationMultiples(F []*poly.Poly) (out []*poly.Poly, changed bool, err error) {
	var eqs poly.Set
	for _, f := range F {
		eqs.Add(f.Monic())
	}
	for i, g := range F {
		for _, x := range g.Vars() {
			if g.Degree(x) != 1 {
				continue
			}
			a := coefficientOf(g, x, 1)
			if a.IsConst() || !slices.ContainsFunc(F, func(f *poly.Poly) bool { return f != g && mayDivide(f, a) }) {
				continue
			}
			fz, err := c.quickFactors(a)
			if err != nil {
				return nil, false, err
			}
			if !slices.ContainsFunc(fz.factors, func(q *poly.Poly) bool { return eqs.Has(q.Monic()) }) {
				continue
			}
			out = slices.Clone(F)
			if b := coefficientOf(g, x, 0); b.IsZero() {
				out = slices.Delete(out, i, i+1)
			} else {
				out[i] = b
			}
			return out, true, nil
		}
	}
	return F, false, nil
}
