package solve

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// Resultant splits, for the cases that offer neither a factored equation
// nor a linear element. The resultant of two equations f and g with
// respect to a number x they share lies in the ideal <f, g> (it is
// u f + v g for polynomials u, v), so it vanishes on every solution of the
// case, and each solution is a zero of one of its irreducible factors: the
// case splits into the case plus each factor, the earlier factors kept
// nonzero. A factor that is a condition, or a product of conditions, has
// no solutions and is dropped.
//
// On 4x4 grids this is what the saturated basis of such a case spends its
// time discovering: two equations in six numbers, whose grevlex basis takes
// Singular 65 s and ours longer, have a resultant of 315 terms (11 ms) that
// factors into binomials and a quintic; with any one of them added, the
// basis takes a millisecond.

// resultantBudget bounds the work (polls, internal/work) a case spends
// looking for a resultant that splits it, over all the pairs it tries; it
// stood for one second.
const resultantBudget = 20000

// maxResultantPairs bounds the pairs of equations and numbers tried.
const maxResultantPairs = 12

// maxSylvester bounds the order of the Sylvester matrices tried, whose
// elimination costs its cube in products of growing polynomials.
const maxSylvester = 8

// resultantCandidate is a pair of equations sharing a number x.
type resultantCandidate struct {
	f, g *poly.Poly
	x    int
	cost int // deg_x f + deg_x g, the order of the Sylvester matrix
	size int // the product of the term counts
}

// resultantSplit returns the factors on which the case F (equations) with
// conditions nonzero splits by a resultant, or nil when none of the pairs
// tried within resultantBudget gives, with no factor an equation of F, at
// least two factors that are not conditions, or one such factor of degree
// 1 in some number (which a linear split then uses). Without such factors,
// tri holds the cases of the first pair whose factors made them
// (triangularCases), or nil. Cost: up to maxResultantPairs resultants and
// their factorizations, and one pair's first subresultant, bounded by
// resultantBudget.
func (c *caser) resultantSplit(F, nonzero []*poly.Poly) (qs []*poly.Poly, tri []caseSpec, err error) {
	cands := resultantCandidates(F)
	if len(cands) == 0 {
		return nil, nil, nil
	}
	ctx, cancel := work.WithBudget(c.ctx, resultantBudget)
	defer cancel()
	var known poly.Set
	conds := make(map[int]bool, len(nonzero))
	for _, h := range nonzero {
		known.Add(h.Monic())
		if vs := h.Vars(); h.Len() == 1 && len(vs) == 1 {
			conds[vs[0]] = true
		}
	}
	var eqs poly.Set
	for _, f := range F {
		eqs.Add(f.Monic())
	}
	for _, cd := range cands {
		R, err := factor.Resultant(ctx, cd.f, cd.g, cd.x)
		switch {
		case c.ctx.Err() != nil:
			return nil, nil, limitErr(c.ctx.Err())
		case ctx.Err() != nil:
			return nil, tri, nil // the budget is spent: the basis decides
		case errors.Is(err, factor.ErrResultantTooLarge):
			continue
		case err != nil:
			return nil, nil, err
		case R.IsZero() || R.IsConst():
			// A zero resultant: f and g share a factor, which the
			// factoring split handles; a constant one: no solutions,
			// which the basis shows at once.
			continue
		}
		qs, err := c.newResultantFactors(ctx, R, &known, conds, &eqs)
		if err != nil {
			return nil, nil, err
		}
		if (len(qs) >= 2 || len(qs) == 1 && hasLinearNumber(qs[0])) && smallFactors(qs, cd.f, cd.g) {
			return qs, nil, nil
		}
		if tri == nil && len(qs) > 0 {
			if tri, err = c.triangularCases(ctx, F, nonzero, cd, R); err != nil {
				return nil, nil, err
			}
		}
	}
	return nil, tri, nil
}

// newResultantFactors returns the irreducible factors of R that are not
// conditions (known, or monomials in numbers that are conditions), or nil
// when R could not be factored within the budget or one of its factors is
// an equation of the case (eqs): that factor vanishes on every solution,
// so its case would be the whole case again, and no factor may be dropped
// but those without solutions.
func (c *caser) newResultantFactors(ctx context.Context, R *poly.Poly, known *poly.Set, conds map[int]bool, eqs *poly.Set) ([]*poly.Poly, error) {
	budgeted := &decomposer{ctx: ctx, factors: c.decomposerOf(R.Ring()).factors}
	fz, err := budgeted.factorsOf(R)
	if err != nil {
		if c.ctx.Err() != nil {
			return nil, err
		}
		return nil, nil
	}
	if fz.whole {
		return nil, nil
	}
	var out []*poly.Poly
	for _, q := range fz.factors {
		key := q.Monic()
		if eqs.Has(key) {
			return nil, nil
		}
		if q.Len() == 1 && allConditions(q.Vars(), conds) || known.Has(key) {
			continue
		}
		out = append(out, q.PrimitivePart())
	}
	return out, nil
}

// smallFactors reports whether every factor of qs is no larger than the
// smaller of f and g, in terms and in total degree. A split pays when its
// cases are simpler than the case: on 4x4 grids, resultants that factor
// into binomials and small polynomials decide a case in milliseconds,
// while a factor of tens of terms and degree 11 made cases whose bases
// cost more than the unsplit one.
func smallFactors(qs []*poly.Poly, f, g *poly.Poly) bool {
	n, d := min(f.Len(), g.Len()), min(f.TotalDegree(), g.TotalDegree())
	return !slices.ContainsFunc(qs, func(q *poly.Poly) bool { return q.Len() > n || q.TotalDegree() > d })
}

func allConditions(vs []int, conds map[int]bool) bool {
	for _, v := range vs {
		if !conds[v] {
			return false
		}
	}
	return true
}

// hasLinearNumber reports whether q has degree 1 in some number.
func hasLinearNumber(q *poly.Poly) bool {
	return slices.ContainsFunc(q.Vars(), func(v int) bool { return q.Degree(v) == 1 })
}

// resultantCandidates returns the pairs of equations of F that share a
// number, cheapest first: lowest degree sum in the number (the size of
// the Sylvester matrix), then fewest term products; at most
// maxResultantPairs of them.
func resultantCandidates(F []*poly.Poly) []resultantCandidate {
	var out []resultantCandidate
	for i, f := range F {
		for _, g := range F[i+1:] {
			for _, x := range f.Vars() {
				df, dg := f.Degree(x), g.Degree(x)
				if dg == 0 || df+dg > maxSylvester {
					continue
				}
				out = append(out, resultantCandidate{f: f, g: g, x: x, cost: df + dg, size: f.Len() * g.Len()})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b resultantCandidate) int {
		return cmp.Or(cmp.Compare(a.cost, b.cost), cmp.Compare(a.size, b.size))
	})
	return out[:min(len(out), maxResultantPairs)]
}

// factorCases solves the cases F + q_i for the polynomials qs in turn,
// q_1 ... q_{i-1} kept nonzero: the cases of a resultant split, and those
// of a linear split where a factor of the coefficient vanishes.
func (c *caser) factorCases(F, nonzero, qs []*poly.Poly) (*Result, error) {
	out := &Result{}
	for i, q := range qs {
		res, err := c.solve(append(slices.Clone(F), q), slices.Concat(nonzero, qs[:i]), nil)
		if err != nil {
			return nil, err
		}
		out.Components = append(out.Components, res.Components...)
	}
	sortComponents(out.Components)
	return out, nil
}

// A caseSpec is one case of a split: its equations and conditions.
type caseSpec struct{ F, nonzero []*poly.Poly }

// solveCases solves the cases in turn and gathers their components.
func (c *caser) solveCases(cases []caseSpec) (*Result, error) {
	out := &Result{}
	for _, cs := range cases {
		res, err := c.solve(cs.F, cs.nonzero, nil)
		if err != nil {
			return nil, err
		}
		out.Components = append(out.Components, res.Components...)
	}
	sortComponents(out.Components)
	return out, nil
}

// triangularCases splits the case F of two equations f and g (the pair
// cd, in the number x), with conditions nonzero, by their resultant R and
// first subresultant S1 = s1 x + s0 (factor.Subresultant1), when the
// factors of R are too large for the cases F + q to be cheap: on 4x4
// grids R has one large factor beside small ones, and the basis of F + q
// took over 20 s where Singular's std of the pair took 26 s. With a the
// leading coefficient of f in x, the zeros of f and g are those of
//
//   - {R, S1} where a and s1 are nonzero: there f and g have exactly one
//     common root in x, the root of S1 (the subresultant theorem), and R
//     vanishes. S1 is linear in x with a condition for coefficient, so the
//     linear split leaves R alone, a hypersurface that is factored then;
//   - F + {a}, where f drops its degree;
//   - F + {s1, s0} where a is nonzero (s0 = S1 - s1 x lies in the ideal).
//
// The last two lie in R = 0 and a = 0 or s1 = 0, of lower dimension, and
// neither holds R's large factor. It returns nil for other cases, when s1
// is zero, or when the subresultant passes its bound or ctx. Cost: about
// one resultant, and factorizations of a and s1 within ctx.
func (c *caser) triangularCases(ctx context.Context, F, nonzero []*poly.Poly, cd resultantCandidate, R *poly.Poly) ([]caseSpec, error) {
	f, g, x := cd.f, cd.g, cd.x
	if len(F) != 2 || f.Degree(x) < 2 || g.Degree(x) < 2 {
		return nil, nil
	}
	s1, s0, err := factor.Subresultant1(ctx, f, g, x)
	switch {
	case c.ctx.Err() != nil:
		return nil, limitErr(c.ctx.Err())
	case err != nil:
		return nil, nil // the budget or the size bound: the basis decides
	case s1.IsZero():
		return nil, nil
	}
	a := coefficientOf(f, x, f.Degree(x))
	S1 := new(poly.Poly).Add(new(poly.Poly).Mul(s1, f.Ring().Var(x)), s0)
	// The conditions a != 0 and s1 != 0, as their factors: a linear split
	// whose coefficient is a product of conditions has no new factor.
	lead := slices.Clone(nonzero)
	for _, h := range []*poly.Poly{a, s1} {
		if h.IsConst() {
			continue
		}
		fz, err := c.quickFactors(h)
		if err != nil {
			return nil, err
		}
		lead = append(lead, fz.factors...)
	}
	C := []*poly.Poly{f, g, s1, s0}
	if f.Degree(x) == 2 && g.Degree(x) == 2 {
		// Then S1 = a g - b f with b the leading coefficient of g: where
		// a is nonzero and S1 vanishes, g is a multiple of f.
		C = []*poly.Poly{f, s1, s0}
	}
	cases := []caseSpec{{[]*poly.Poly{R.PrimitivePart(), S1}, lead}}
	if !a.IsConst() {
		cases = append(cases, caseSpec{[]*poly.Poly{f, g, a}, nonzero})
	}
	cases = append(cases, caseSpec{C, append(slices.Clone(nonzero), a)})
	return cases, nil
}

// triangularBudget bounds the cases of a triangular split (triangularCases):
// past it the case waits for its basis instead. The split decides some
// cases at once (4x4 settings: 5.8 s to 0.7 s, and over 60 s to 10 s),
// but its case where s1 vanishes can take longer than the whole basis
// (two settings: 7.6 s to over 30 s). In polls of work, for one second.
const triangularBudget = 20000

// triangular solves the cases of a triangular split within
// triangularBudget; it returns nil and no error when the budget ran out.
func (c *caser) triangular(cases []caseSpec) (*Result, error) {
	ctx, cancel := work.WithBudget(c.ctx, triangularBudget)
	defer cancel()
	// The cases run on a caser of their own: its factorizations keep the
	// budgeted context, which must not outlive the split in c's caches.
	sub := &caser{ctx: ctx, opt: c.opt, cases: c.cases, basisFirst: c.basisFirst, bases: c.bases, gaveUp: c.gaveUp}
	res, err := sub.solveCases(cases)
	c.cases = sub.cases
	if err != nil && c.ctx.Err() == nil && ctx.Err() != nil {
		return nil, nil
	}
	return res, err
}
