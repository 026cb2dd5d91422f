package count

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/families/sweep"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// Options configure Count.
type Options struct {
	// Analysis selects the lines and evaluation and bounds each system.
	Analysis families.Options
	// Filter.Positive is always on: the numbers are positive.
	Filter sweep.Filter
	// MaxSum bounds s = a + b + d + f, the sum of the upper-left 2x2 block
	// (Wolf's loop variable).
	MaxSum int
	// Jobs is the number of orbits counted at once; 0 means one per CPU.
	Jobs int
	// Progress, if set, is called with the orbits (systems) solved so far
	// and their total, after each, never by two goroutines at once.
	Progress func(done, total int)
}

// Counts are the distinct solved grids of a pattern in standard form, by
// s = a + b + d + f.
type Counts struct {
	MaxSum int
	// BySum[s] is the number of distinct standard forms with block sum s.
	BySum map[int]int
	// Grids[s] lists them, sorted: the setting and the numbers row by row.
	Grids map[int][]string
	// Settings and Orbits are the settings of the pattern with a possible
	// positive solution and their orbits (the systems solved).
	Settings, Orbits int
	// Timeouts lists the settings whose system hit a limit: with any, the
	// counts are lower bounds.
	Timeouts []string
	// Substituted counts the families enumerated by substituting the block
	// values into their component (their parameters are not all in the
	// block, or they are algebraic) rather than by their parameters.
	Substituted int
	// Missing is the number of settings whose orbit was not counted to the
	// end because the context was done (Count then returns these partial
	// counts with its cause): with any, the counts are lower bounds.
	Missing int
}

// Count counts the calcrostics of a pattern operators first, as Wolf (2010)
// generates them from families: every setting of the pattern that can have
// a positive solution is solved (once per orbit, see Plan), and the
// positive-integer members of its families and finite solutions with
// a + b + d + f <= MaxSum are collected. A solved grid counts when it is in
// standard form (grid.StandardForm leaves its numbers where they are), and
// grids with the same standard form (setting and numbers) count once.
// This is exactly what Wolf's numbers-first loops count: for s, f, b,
// d (a = s - f - b - d) and every setting, the grids in standard form.
//
// A rational family whose parameters lie in the block is walked over its
// parameters, each from 1 with their sum bounded; any other family (an
// algebraic one, or one whose parameters include a number outside the
// block) gets every block of sum <= MaxSum substituted into its prime
// component, whose remaining points are then solved exactly. A family
// with infinitely many members of one block is an error: its counts are
// infinite. Cost: the plan and one analysis per orbit (families.Analyze,
// with its family decomposition), then per family and setting of the
// orbit O(MaxSum^p) evaluations for p parameters, or O(MaxSum^4) Gröbner
// bases of small zero-dimensional systems when substituting.
//
// Once ctx is done Count stops within about a system's reaction to its
// context and returns the grids found so far, every one checked exactly,
// with Missing set and the context's cause as the error (nil counts if
// ctx ends while planning).
func Count(ctx context.Context, pattern *grid.Setting, opt Options) (*Counts, error) {
	if opt.MaxSum < 0 {
		return nil, fmt.Errorf("count: negative maximum sum %d", opt.MaxSum)
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.GOMAXPROCS(0)
	}
	f := opt.Filter
	f.Positive = true
	plan, err := sweep.NewPlan(ctx, pattern, sweep.Options{Analysis: opt.Analysis, Filter: f, Jobs: opt.Jobs})
	if err != nil {
		return nil, err
	}
	sel := opt.Analysis.Lines
	if sel == 0 {
		sel = pattern.DefaultLines()
	}
	orbits := plan.OrbitList()
	c := &Counts{MaxSum: opt.MaxSum, BySum: map[int]int{}, Grids: map[int][]string{}, Settings: plan.Len(), Orbits: len(orbits)}
	found := map[string]int{} // standard form -> s
	var mu sync.Mutex
	solved, counted := 0, 0 // orbits solved, settings counted to the end
	jobs := opt.Jobs
	next := make(chan *sweep.Orbit)
	errs := make([]error, jobs)
	var wg sync.WaitGroup
	for w := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o := range next {
				if errs[w] != nil {
					continue
				}
				cr := &counter{opt: opt.Analysis, sel: sel, max: opt.MaxSum, found: map[string]int{}}
				errs[w] = cr.orbit(ctx, o)
				mu.Lock()
				// Every grid found is checked exactly: an orbit cut short
				// by the context still gives true ones.
				for k, s := range cr.found {
					found[k] = s
				}
				if errs[w] == nil && ctx.Err() == nil {
					counted += len(o.Settings)
					c.Timeouts = append(c.Timeouts, cr.timeouts...)
				}
				c.Substituted += cr.substituted
				if solved++; opt.Progress != nil {
					opt.Progress(solved, len(orbits))
				}
				mu.Unlock()
			}
		}()
	}
	for _, o := range orbits {
		if ctx.Err() != nil {
			break
		}
		next <- o
	}
	close(next)
	wg.Wait()
	cut := ctx.Err() != nil
	if err := errors.Join(errs...); err != nil && !cut {
		return nil, err
	}
	if cut {
		// Every setting is in one orbit: when all were counted before the
		// context ended, the counts are whole.
		c.Missing = c.Settings - counted
		cut = c.Missing > 0
	}
	for k, s := range found {
		c.BySum[s]++
		c.Grids[s] = append(c.Grids[s], k)
	}
	for _, g := range c.Grids {
		slices.Sort(g)
	}
	slices.Sort(c.Timeouts)
	if cut {
		return c, context.Cause(ctx)
	}
	return c, nil
}

// A counter collects the standard forms of one orbit.
type counter struct {
	steps       int // leaves walked, for polling the context
	opt         families.Options
	sel         grid.LineSet // the lines checked, opt.Lines resolved
	max         int
	found       map[string]int
	timeouts    []string
	substituted int
}

func (cr *counter) orbit(ctx context.Context, o *sweep.Orbit) error {
	rep, err := families.Analyze(ctx, o.Leader, cr.opt)
	if err != nil {
		return err
	}
	if rep.Class == families.ClassTimeout || rep.Class == families.ClassError {
		for _, s := range o.Settings {
			cr.timeouts = append(cr.timeouts, s.String())
		}
		return nil
	}
	res := rep.Result()
	if res == nil {
		return nil // inconsistent
	}
	z := o.Leader.Size()
	block := []int{0, 1, z.Cols, z.Cols + 1}
	for m, u := range o.Settings {
		perm := o.Maps[m]
		inv := make([]int, len(perm))
		for i, j := range perm {
			inv[j] = i
		}
		blockL := make([]int, len(block)) // the leader's numbers that land in u's block
		for k, j := range block {
			blockL[k] = inv[j]
		}
		emit := func(valsL []*big.Rat) error {
			vals := make([]*big.Rat, len(valsL))
			for i, v := range valsL {
				vals[perm[i]] = v
			}
			return cr.emit(u, vals, block)
		}
		for _, comp := range res.Components {
			for _, p := range comp.Points {
				if p.Class != solve.ClassRational {
					continue
				}
				vals := make([]*big.Rat, len(p.Numbers))
				for i, x := range p.Numbers {
					vals[i] = x.Rat
				}
				if err := emit(vals); err != nil {
					return err
				}
			}
			if comp.Family == nil {
				continue
			}
			if err := cr.family(ctx, rep.System().Ring, comp, blockL, emit); err != nil {
				return fmt.Errorf("%s: %w", u, err)
			}
		}
	}
	return nil
}

// family emits the members of one positive-dimensional component whose
// block (blockL, in the leader's numbers) sums to at most max.
func (cr *counter) family(ctx context.Context, r *poly.Ring, comp *solve.Component, blockL []int, emit func([]*big.Rat) error) error {
	f := comp.Family
	params := make([]int, len(f.Parameters))
	inBlock := f.Kind == solve.Rational
	for i, name := range f.Parameters {
		params[i], _ = r.VarIndex(name)
		inBlock = inBlock && slices.Contains(blockL, params[i])
	}
	if inBlock {
		// Each parameter at least 1, and the other block numbers too.
		budget := cr.max - (len(blockL) - len(params))
		vals := make([]*big.Rat, len(params))
		ints := make([]int, len(params))
		var walk func(k, left int) error
		walk = func(k, left int) error {
			if k == len(params) {
				if err := cr.tick(ctx); err != nil {
					return err
				}
				x, ok := f.Eval(vals)
				if !ok {
					// A denominator of the formulas vanishes: the
					// component may still have points there, which the
					// parametrization misses (a = f = 1 in
					// +=|+x+/-|x=|=====|/=, where 1 t t+1 / t 1 t /
					// t+1 t+1 1 solves for every t).
					return cr.substitute(ctx, r, comp, blockL, slices.Clone(params), slices.Clone(ints), left, emit)
				}
				return emit(x)
			}
			for v := 1; v <= left; v++ {
				vals[k] = big.NewRat(int64(v), 1)
				ints[k] = v
				if err := walk(k+1, left-v); err != nil {
					return err
				}
			}
			return nil
		}
		return walk(0, budget)
	}
	// Fix d block numbers that are free on the component (d its
	// dimension): each choice leaves finitely many points.
	cr.substituted++
	U, err := freeBlockNumbers(ctx, r, comp, blockL, cr.opt.Limits)
	if err != nil {
		return err
	}
	if U == nil {
		return fmt.Errorf("no %d numbers of the block are free on a family of dimension %d: it has infinitely many members with the same block, and the counts are infinite", comp.Dimension, comp.Dimension)
	}
	if f.Kind == solve.Rational && len(params) == 1 {
		return cr.oneParameter(ctx, r, comp, blockL, U[0], emit)
	}
	vals := make([]int, len(U))
	var walk func(k, left int) error
	walk = func(k, left int) error {
		if k == len(U) {
			rest := cr.max - (len(blockL) - len(U))
			for _, v := range vals {
				rest -= v
			}
			return cr.substitute(ctx, r, comp, blockL, slices.Clone(U), slices.Clone(vals), rest, emit)
		}
		for v := 1; v <= left-(len(U)-k-1); v++ {
			vals[k] = v
			if err := walk(k+1, left-v); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(0, cr.max-(len(blockL)-len(U)))
}

// tick returns the context's error every 4,096 calls: the walks over a
// family's parameters make O(MaxSum^p) cheap evaluations without another
// look at the context.
func (cr *counter) tick(ctx context.Context) error {
	if cr.steps++; cr.steps%4096 == 0 && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

// oneParameter walks a rational family of one parameter p outside the
// block by the values α of a free block number q = N(p)/D(p): the members
// with q = α have p among the rational roots of N - αD. Cost: one root
// search of a univariate polynomial per α, no Gröbner basis (a value α
// that q takes on the whole family, N - αD = 0, is substituted instead).
func (cr *counter) oneParameter(ctx context.Context, r *poly.Ring, comp *solve.Component, blockL []int, q int, emit func([]*big.Rat) error) error {
	f := comp.Family
	v := f.Values[q]
	for alpha := 1; alpha <= cr.max-(len(blockL)-1); alpha++ {
		if ctx.Err() != nil {
			return context.Cause(ctx) // a root search may not look at it
		}
		h := new(poly.Poly).Sub(v.Num, new(poly.Poly).Scale(v.Den, big.NewRat(int64(alpha), 1)))
		if h.IsZero() {
			rest := cr.max - (len(blockL) - 1) - alpha
			if err := cr.substitute(ctx, r, comp, blockL, []int{q}, []int{alpha}, rest, emit); err != nil {
				return err
			}
			continue
		}
		if h.IsConst() {
			continue
		}
		roots, err := factor.RationalRoots(ctx, h)
		if err != nil {
			return err
		}
		for _, root := range roots {
			x, ok := f.Eval([]*big.Rat{root.Value})
			if !ok {
				// The formulas are undefined there; the component may
				// not be (see family).
				rest := cr.max - (len(blockL) - 1) - alpha
				if err := cr.substitute(ctx, r, comp, blockL, []int{q}, []int{alpha}, rest, emit); err != nil {
					return err
				}
				continue
			}
			if err := emit(x); err != nil {
				return err
			}
		}
	}
	return nil
}

// freeBlockNumbers returns dim numbers of the block (in the leader's
// numbering) that are algebraically independent on the prime component,
// or nil: U is free when the component meets Q[U] only in 0, which one
// elimination decides. Cost: up to C(4, dim) eliminations.
func freeBlockNumbers(ctx context.Context, r *poly.Ring, comp *solve.Component, blockL []int, lim groebner.Limits) ([]int, error) {
	if len(comp.Basis) > 0 {
		r = comp.Basis[0].Ring()
	}
	d := comp.Dimension
	var try func(start int, U []int) ([]int, error)
	try = func(start int, U []int) ([]int, error) {
		if len(U) == d {
			var elim []string
			for v := range r.NumVars() {
				if !slices.Contains(U, v) {
					elim = append(elim, r.VarName(v))
				}
			}
			_, E, err := groebner.Eliminate(ctx, comp.Basis, elim, lim)
			if err != nil {
				return nil, err
			}
			for _, e := range E {
				if !e.IsZero() {
					return nil, nil
				}
			}
			return slices.Clone(U), nil
		}
		for k := start; k < len(blockL); k++ {
			got, err := try(k+1, append(U, blockL[k]))
			if got != nil || err != nil {
				return got, err
			}
		}
		return nil, nil
	}
	return try(0, nil)
}

// substitute solves a component with the block numbers fixed.
func (cr *counter) substitute(ctx context.Context, r *poly.Ring, comp *solve.Component, blockL, fixed, vals []int, rest int, emit func([]*big.Rat) error) error {
	if ctx.Err() != nil {
		// A small basis may be done before the engine looks at ctx.
		return context.Cause(ctx)
	}
	if len(comp.Basis) > 0 {
		r = comp.Basis[0].Ring() // the same variables, the solver's ring
	}
	var F []*poly.Poly
	for _, g := range comp.Basis {
		for k, v := range fixed {
			g = g.Subst(v, r.ConstInt(int64(vals[k])))
		}
		F = append(F, g)
	}
	for k, v := range fixed {
		F = append(F, r.Var(v).Sub(r.Var(v), r.ConstInt(int64(vals[k]))))
	}
	G, err := groebner.Basis(ctx, F, cr.opt.Limits)
	if err != nil {
		return err
	}
	dim, _ := groebner.Dimension(G)
	if dim < 0 {
		return nil
	}
	if dim > 0 {
		// A special fibre: fix the next block number as well, within
		// what the sum leaves (rest counts it and the others as 1).
		for _, v := range blockL {
			if slices.Contains(fixed, v) {
				continue
			}
			for x := 1; x <= rest+1; x++ {
				if err := cr.substitute(ctx, r, comp, blockL, append(slices.Clone(fixed), v), append(slices.Clone(vals), x), rest+1-x, emit); err != nil {
					return err
				}
			}
			return nil
		}
		return fmt.Errorf("a family has infinitely many solutions with the block %v: the counts are infinite", vals)
	}
	pts, err := rationalPoints(ctx, G, r, cr.opt.Limits)
	if err != nil {
		return err
	}
	for _, x := range pts {
		if err := emit(x); err != nil {
			return err
		}
	}
	return nil
}

// rationalPoints returns the rational points of a zero-dimensional ideal
// given by its reduced grevlex basis G in ring r: the lex basis (FGLM)
// holds, for the last variable not yet fixed, a polynomial in it alone
// once the later ones are fixed; each of its rational roots is fixed in
// turn. Cheaper than solve.Solve, which also locates the irrational
// points to 50 digits. Cost: per point, one FGLM and one root search per
// variable.
func rationalPoints(ctx context.Context, G []*poly.Poly, r *poly.Ring, lim groebner.Limits) ([][]*big.Rat, error) {
	n := r.NumVars()
	if len(G) == 1 && G[0].IsConst() {
		return nil, nil
	}
	if x, ok := linearPoint(G, n); ok {
		return [][]*big.Rat{x}, nil
	}
	lex, err := r.WithOrder(poly.Lex)
	if err != nil {
		return nil, err
	}
	L, err := groebner.FGLM(ctx, G, lex, lim)
	if err != nil {
		return nil, err
	}
	// The basis element with the last leading variable whose element is
	// not x - c is, with every later variable fixed, univariate.
	var u *poly.Poly
	for i := len(L) - 1; i >= 0; i-- {
		g := L[i]
		if g.TotalDegree() == 1 && g.Len() <= 2 && len(g.Vars()) == 1 {
			continue
		}
		u = g
		break
	}
	if u == nil || len(u.Vars()) != 1 {
		return nil, fmt.Errorf("count: the lex basis %v is not triangular", L)
	}
	v := u.Vars()[0]
	roots, err := factor.RationalRoots(ctx, u)
	if err != nil {
		return nil, err
	}
	var pts [][]*big.Rat
	for _, root := range roots {
		lin := r.Var(v).Sub(r.Var(v), r.Const(root.Value))
		G2, err := groebner.Basis(ctx, append(slices.Clone(G), lin), lim)
		if err != nil {
			return nil, err
		}
		more, err := rationalPoints(ctx, G2, r, lim)
		if err != nil {
			return nil, err
		}
		pts = append(pts, more...)
	}
	return pts, nil
}

// linearPoint reads the point of a reduced basis x_v - c_v, one per
// variable, the usual result of fixing free numbers.
func linearPoint(G []*poly.Poly, n int) ([]*big.Rat, bool) {
	if len(G) != n {
		return nil, false
	}
	x := make([]*big.Rat, n)
	for _, g := range G {
		if g.TotalDegree() != 1 || g.Len() > 2 {
			return nil, false
		}
		vs := g.Vars()
		if len(vs) != 1 || x[vs[0]] != nil {
			return nil, false
		}
		c := new(big.Rat)
		if g.Len() == 2 {
			c.Neg(g.Coef(1))
		}
		x[vs[0]] = c.Quo(c, g.Coef(0))
	}
	return x, true
}

// emit keeps a positive-integer grid of setting u whose block sums to at
// most max and which is in standard form, after checking it exactly.
func (cr *counter) emit(u *grid.Setting, vals []*big.Rat, block []int) error {
	s := 0
	for _, v := range vals {
		if !v.IsInt() || v.Sign() <= 0 {
			return nil
		}
	}
	for _, i := range block {
		if !vals[i].Num().IsInt64() {
			return nil
		}
		s += int(vals[i].Num().Int64())
		if s > cr.max {
			return nil
		}
	}
	res, err := u.Check(vals, cr.sel, cr.opt.Eval)
	if err != nil {
		return err
	}
	if !res.OK {
		return fmt.Errorf("count: %s with %s fails its check: %s", u, u.Size().FormatNumbers(vals), res)
	}
	sf, err := u.StandardForm(vals, cr.sel, cr.opt.Eval)
	if err != nil {
		return err
	}
	if !slices.EqualFunc(sf.Values, vals, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 }) {
		return nil
	}
	cr.found[sf.Setting.String()+"  "+u.Size().FormatNumbers(vals)] = s
	return nil
}
