package solve

import (
	"context"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
)

// solveCases decomposes the zeros of F without those of nonzero as CRACK
// does (T. Wolf, 2010), with substitutions and case splits instead of bases
// in block orders, whose cost grows with the number of free parameters:
//
//   - a number that an equation gives linearly with a monomial coefficient
//     is substituted (Reduce) and the rest solved in fewer numbers;
//   - otherwise, an element a x + b of the saturated basis, linear in x
//     with a polynomial coefficient a, splits the zeros into the case
//     a != 0, where x = -b/a is substituted, and the cases q = 0 for each
//     irreducible factor q of a (the earlier factors kept nonzero), which
//     are skipped when the factors are proved nonzero divisors modulo the
//     basis: then no component lies where a vanishes;
//   - a case with no such element is left to Solve.
//
// Every family is rational in its parameters and written in all the
// numbers of F; a family lying in the closure of another may be among
// them. The nested substitutions are not verified level by level: the
// one caller, Reduction.Decompose, writes the result canonically and
// verifies every family against the original system once. saturated,
// when not nil, is the reduced grevlex basis of F saturated by nonzero.
// Errors: a *groebner.LimitError, bad input.
//
// Two strategies run at once, and the first to finish gives the result:
// one computes the saturated basis of every case (one basis decides a
// case faster than many smaller ones while bases are cheap), the other
// splits a case on its factors and linear equations first whenever its
// basis does not come within quickBudget (caseBasis). Neither wins
// everywhere: on 20 settings of 4x4 grids each finished some within a
// second that the other did not finish in 20 s (BENCHMARKS.md). Their
// components may be written differently, and one may hold a part of
// another's closure as a family of its own, which Reduction.Canonical
// removes: the answer does not depend on which wins.
func solveCases(ctx context.Context, F, nonzero, saturated []*poly.Poly, opt Options) (*Result, error) {
	if opt.MaxCases == 0 {
		opt.MaxCases = MaxCases
	}
	// The strategies share a context that the first result cancels: the
	// other strategy must not keep a core while that result is verified.
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 2)
	bases := &sharedBases{m: map[string]*basisCall{}}
	strategies := []bool{true, false}
	switch opt.strategy {
	case basisFirstOnly:
		strategies = strategies[:1]
	case splitOnly, splitAlways:
		strategies = strategies[1:]
	}
	for _, basisFirst := range strategies {
		go func() {
			c := &caser{ctx: sctx, opt: opt, basisFirst: basisFirst, bases: bases}
			res, err := c.solve(F, nonzero, saturated)
			done <- outcome{res, err}
		}()
	}
	first := <-done
	res, err := first.res, first.err
	if err != nil && len(strategies) == 2 {
		if second := <-done; second.err == nil {
			res, err = second.res, nil
		}
	}
	cancel()
	return res, err
}

// A strategy selects the strategies of solveCases: both, raced (the
// default), or one alone, for the tests that check each on its own.
type strategy int

const (
	bothStrategies strategy = iota
	basisFirstOnly
	splitOnly
	// splitAlways is splitOnly that never tries a case's basis first, so
	// that small systems take the splits that large ones take.
	splitAlways
)

type caser struct {
	ctx   context.Context
	opt   Options
	cases int
	dec   map[*poly.Ring]*decomposer // factorizations, shared by the cases of a ring
	// gaveUp: the polynomials whose factorization ran past factorBudget
	gaveUp *poly.Set
	// basisFirst: every case computes its saturated basis (caseBasis)
	basisFirst bool
	// bases: the saturated bases of cases, shared with the other strategy
	bases *sharedBases
}

func (c *caser) solve(F, nonzero, G []*poly.Poly) (*Result, error) {
	if c.cases++; c.cases > c.opt.MaxCases {
		return nil, &groebner.LimitError{Limit: LimitCases, Value: int64(c.opt.MaxCases)}
	}
	if err := c.ctx.Err(); err != nil {
		return nil, limitErr(err)
	}
	red, err := Reduce(c.ctx, F, nonzero)
	if err != nil {
		return nil, err
	}
	if red.Inconsistent {
		return &Result{}, nil
	}
	if len(red.Eliminated) > 0 {
		res := red.Free()
		if len(red.F) > 0 {
			if res, err = c.solve(red.F, red.Nonzero, nil); err != nil {
				return nil, err
			}
		}
		return c.lift(red, res, F, nonzero)
	}
	if G == nil {
		var res *Result
		if G, res, err = c.caseBasis(F, nonzero); err != nil || res != nil {
			return res, err
		}
	}
	if isUnit(G) {
		return &Result{}, nil
	}
	dim, _ := groebner.Dimension(G)
	g, x := linearElement(G)
	if nv := G[0].Ring().NumVars(); len(G) == 1 && dim == nv-1 && g == nil && nv >= 2 {
		return c.hypersurface(G[0], nonzero, F)
	}
	if dim <= 0 || g == nil || G[0].Ring().NumVars() < 2 {
		return Solve(c.ctx, F, nonzero, Options{Limits: c.opt.Limits, Digits: c.opt.Digits, Saturated: G, MaxCases: c.opt.MaxCases})
	}
	return c.linear(G, nonzero, g, x, true)
}

// linear splits the zeros of the generators G (a system or, when
// saturated, its saturated basis) on the element g, of degree 1 in x with
// coefficient a: the case a != 0 with x = -b/a substituted, and the cases
// q = 0 for each irreducible factor q of a, the earlier factors nonzero,
// unless componentsInside shows that those cases hold no component.
func (c *caser) linear(G, nonzero []*poly.Poly, g *poly.Poly, x int, saturated bool) (*Result, error) {
	a := coefficientOf(g, x, 1)
	qs, err := c.newFactors(a, nonzero)
	if err != nil {
		return nil, err
	}
	out := &Result{}
	// a != 0: x = -b/a.
	redA, err := reduce(c.ctx, without(G, g), slices.Concat(nonzero, qs), g, x)
	if err != nil {
		return nil, err
	}
	if !redA.Inconsistent {
		res := redA.Free()
		if len(redA.F) > 0 {
			if res, err = c.solve(redA.F, redA.Nonzero, nil); err != nil {
				return nil, err
			}
		}
		lifted, err := c.lift(redA, res, G, slices.Concat(nonzero, qs))
		if err != nil {
			return nil, err
		}
		out.Components = append(out.Components, lifted.Components...)
	}
	if saturated {
		inside, err := c.componentsInside(G, qs)
		if err != nil {
			return nil, err
		}
		if !inside {
			sortComponents(out.Components)
			return out, nil
		}
	}
	// q_i = 0 with q_1 ... q_{i-1} != 0.
	rest, err := c.factorCases(G, nonzero, qs)
	if err != nil {
		return nil, err
	}
	out.Components = append(out.Components, rest.Components...)
	sortComponents(out.Components)
	return out, nil
}

// closureProofBudget bounds the proofs of componentsInside. Over the 100
// 4x4 settings of testdata/scale (10 s bound) the 170 proofs that succeeded
// took at most 113 ms (0.8 s in all), a principal ideal being decided by a
// gcd; 10 ran out of the budget, and unbounded one such proof ran for 20 s.
// In polls of work (internal/work), for those 250 ms.
const closureProofBudget = 5000

// componentsInside reports whether the zeros of the saturated basis G may
// have a component on which one of qs vanishes; false is proved. When each
// q is a nonzero divisor modulo I = <G>, no associated prime of I holds q
// (I : q^∞ = I), so every component of the zeros of I is the closure of
// its points where the q are nonzero: the case a != 0 of a linear split
// already gives every component, and the cases q = 0 give only points of
// their closures, at the cost of cases that can be far harder than the
// whole system (six 4x4 settings spent over 10 s in them; with the proof,
// under 1.3 s). The proofs share closureProofBudget; one not made in it
// counts as not proved.
func (c *caser) componentsInside(G, qs []*poly.Poly) (bool, error) {
	if len(qs) == 0 {
		return false, nil
	}
	ctx, cancel := work.WithBudget(c.ctx, closureProofBudget)
	defer cancel()
	for _, q := range qs {
		ok, err := groebner.IsNonZeroDivisor(ctx, G, q, c.opt.Limits)
		if e := c.ctx.Err(); e != nil {
			return false, limitErr(e)
		}
		if err != nil && !groebner.IsLimit(err) {
			return false, err
		}
		if !ok {
			return true, nil
		}
	}
	return false, nil
}

func (c *caser) lift(red *Reduction, res *Result, F, nonzero []*poly.Poly) (*Result, error) {
	lifted, ok, err := red.liftContext(c.ctx, res, F, nonzero, false)
	if err != nil {
		return nil, err
	}
	if !ok {
		// Points or an algebraic family: this case in its own numbers,
		// fewer than the system's, by Solve.
		return Solve(c.ctx, F, nonzero, Options{Limits: c.opt.Limits, Digits: c.opt.Digits, MaxCases: c.opt.MaxCases})
	}
	return lifted, nil
}

// newFactors returns the irreducible nonconstant factors of a that are not
// nonzero conditions already.
func (c *caser) newFactors(a *poly.Poly, nonzero []*poly.Poly) ([]*poly.Poly, error) {
	var known poly.Set
	for _, h := range nonzero {
		known.Add(h.Monic())
	}
	fz, err := c.quickFactors(a)
	if err != nil {
		return nil, err
	}
	var out []*poly.Poly
	for _, q := range fz.factors {
		if known.Add(q.Monic()) {
			out = append(out, q)
		}
	}
	return out, nil
}

// linearElement returns the element of G of degree 1 in a number x with
// the shortest coefficient of x, then the shortest element, or nil.
func linearElement(G []*poly.Poly) (*poly.Poly, int) {
	var best *poly.Poly
	bx, bcost := -1, 0
	for _, g := range G {
		for _, x := range g.Vars() {
			if g.Degree(x) != 1 {
				continue
			}
			cost := coefficientOf(g, x, 1).Len()*1000 + g.Len()
			if best == nil || cost < bcost {
				best, bx, bcost = g, x, cost
			}
		}
	}
	return best, bx
}

func without(G []*poly.Poly, g *poly.Poly) []*poly.Poly {
	return slices.DeleteFunc(slices.Clone(G), func(p *poly.Poly) bool { return p == g })
}

// hypersurface decomposes the zeros of one saturated polynomial h of
// degree at least 2 in each of its numbers: a factorization gives cases;
// an irreducible h is a prime component, the algebraic family of RootOf(h)
// in the number of least degree over all the others. Cost: a
// factorization and the verification.
func (c *caser) hypersurface(h *poly.Poly, nonzero, F []*poly.Poly) (*Result, error) {
	fz, err := c.factorsOf(h)
	if err != nil {
		return nil, err
	}
	if fz.whole {
		// Taking h as prime when its factors are unknown would write one
		// family for what may be several components (a 5x5 grid's such
		// family failed its check against the original lines).
		return nil, &groebner.LimitError{Limit: LimitFactorSize, Value: int64(h.Len())}
	}
	if fz.splits() {
		out := &Result{}
		for i, f := range fz.factors {
			res, err := c.solve([]*poly.Poly{f}, slices.Concat(nonzero, fz.factors[:i]), nil)
			if err != nil {
				return nil, err
			}
			out.Components = append(out.Components, res.Components...)
		}
		sortComponents(out.Components)
		return out, nil
	}
	r := h.Ring()
	x := -1
	for _, v := range h.Vars() {
		if x < 0 || h.Degree(v) < h.Degree(x) {
			x = v
		}
	}
	var names []string
	for v := range r.NumVars() {
		if v != x {
			names = append(names, r.VarName(v))
		}
	}
	mr, err := poly.NewRing(append(slices.Clone(names), r.VarName(x)), poly.Grevlex)
	if err != nil {
		return nil, err
	}
	m, err := h.PrimitivePart().ToRing(mr)
	if err != nil {
		return nil, err
	}
	e := h.Degree(x)
	f := &Family{Parameters: names, Kind: Algebraic, Degree: e}
	for v := range r.NumVars() {
		val := &Value{Name: r.VarName(v), Degree: 1}
		if v == x {
			val.MinPoly, val.Degree = m, e
		} else {
			val.Parameter, val.Num, val.Den = true, r.Var(v), r.One()
		}
		f.Values = append(f.Values, val)
	}
	G := []*poly.Poly{h}
	if err := verifyFamily(c.ctx, f, G, F, nonzero); err != nil {
		return nil, err
	}
	return &Result{Components: []*Component{{Basis: G, Dimension: r.NumVars() - 1, Irreducible: true, Degree: e, Family: f}}}, nil
}
