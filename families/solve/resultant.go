package solve

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

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

// resultantBudget bounds the time a case spends looking for a resultant
// that splits it, over all the pairs it tries.
const resultantBudget = time.Second

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
// 1 in some number (which a linear split then uses). Cost: up to
// maxResultantPairs resultants and their factorizations, bounded by
// resultantBudget.
func (c *caser) resultantSplit(F, nonzero []*poly.Poly) ([]*poly.Poly, error) {
	cands := resultantCandidates(F)
	if len(cands) == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(c.ctx, resultantBudget)
	defer cancel()
	known := make(map[string]bool, len(nonzero))
	conds := make(map[int]bool, len(nonzero))
	for _, h := range nonzero {
		known[h.Monic().String()] = true
		if vs := h.Vars(); h.Len() == 1 && len(vs) == 1 {
			conds[vs[0]] = true
		}
	}
	eqs := make(map[string]bool, len(F))
	for _, f := range F {
		eqs[f.Monic().String()] = true
	}
	for _, cd := range cands {
		R, err := factor.Resultant(ctx, cd.f, cd.g, cd.x)
		switch {
		case c.ctx.Err() != nil:
			return nil, limitErr(c.ctx.Err())
		case ctx.Err() != nil:
			return nil, nil // the budget is spent: the basis decides
		case errors.Is(err, factor.ErrResultantTooLarge):
			continue
		case err != nil:
			return nil, err
		case R.IsZero() || R.IsConst():
			// A zero resultant: f and g share a factor, which the
			// factoring split handles; a constant one: no solutions,
			// which the basis shows at once.
			continue
		}
		qs, err := c.newResultantFactors(ctx, R, known, conds, eqs)
		if err != nil {
			return nil, err
		}
		if (len(qs) >= 2 || len(qs) == 1 && hasLinearNumber(qs[0])) && smallFactors(qs, cd.f, cd.g) {
			return qs, nil
		}
	}
	return nil, nil
}

// newResultantFactors returns the irreducible factors of R that are not
// conditions (known, or monomials in numbers that are conditions), or nil
// when R could not be factored within the budget or one of its factors is
// an equation of the case (eqs): that factor vanishes on every solution,
// so its case would be the whole case again, and no factor may be dropped
// but those without solutions.
func (c *caser) newResultantFactors(ctx context.Context, R *poly.Poly, known map[string]bool, conds map[int]bool, eqs map[string]bool) ([]*poly.Poly, error) {
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
		key := q.Monic().String()
		if eqs[key] {
			return nil, nil
		}
		if q.Len() == 1 && allConditions(q.Vars(), conds) || known[key] {
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
