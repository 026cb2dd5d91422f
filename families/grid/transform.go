package grid

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/families-project/families/poly"
)

// A NotExpressibleError reports a symmetry whose image cannot be written as
// an operator setting: some line, read in its new direction, has no
// operators that state the same equation, or the rewritten lines disagree
// on a diagonal operator cell they share, or the line selection is not
// mapped onto itself.
type NotExpressibleError struct {
	Symmetry Symmetry
	Line     string // the line of the original grid at fault, if one is
	Reason   string
}

// Error returns a one-line description.
func (e *NotExpressibleError) Error() string {
	if e.Line == "" {
		return fmt.Sprintf("grid: %s is not expressible: %s", e.Symmetry, e.Reason)
	}
	return fmt.Sprintf("grid: %s is not expressible: %s: %s", e.Symmetry, e.Line, e.Reason)
}

// maxCandidates bounds the operator tuples tried for one line: all tuples
// of a line of 10 numbers without =.
const maxCandidates = 1 << 18

// maxSteps bounds the backtracking over shared diagonal cells.
const maxSteps = 1 << 20

// ranking chooses among the operator tuples that express a line.
type ranking uint8

const (
	// relative keeps the picture of the input: = where it was in reading
	// order (Wolf 2010: a o b = c becomes c o' b = a), then as few changed
	// cells as possible.
	relative ranking = iota
	// canonical depends on the equations only: = as far right as possible,
	// then the smallest operators in the order + - x /.
	canonical
)

// Transform applies the symmetry g to the setting s and its numbers vals
// (row-major; nil to map the setting alone) and returns the image. Every line
// of the image reads left to right or top to bottom again; a line that the
// symmetry reverses gets operators whose equation is the same as the
// original's up to a nonzero factor (a product of numbers and a constant),
// with as many = as before, preferring = where it was: 24 x 8 = 192
// reversed is 192 / 8 = 24. Operators on no selected line are carried over
// unchanged. When no such setting exists the error is a
// *NotExpressibleError. The lines are those of sel (0 for the default) under
// convention ev. Cost: for every reversed line, up to 4^(k-1) candidate
// operator tuples of a line of k numbers, each evaluated at a few exact
// points, survivors compared as polynomials.
func (s *Setting) Transform(g Symmetry, vals []*big.Rat, sel LineSet, ev Eval) (*Setting, []*big.Rat, error) {
	return s.transform(g, vals, sel, ev, relative)
}

// unit is one selected line and the operators its image may get.
type unit struct {
	old    Line
	cells  []int // layout indices of the image's operator cells, in new reading order
	nums   []int // the original numbers in new reading order
	mapped []Op  // the original operators in new reading order
	rev    bool
	list   [][]Op // candidates found so far, best first
	full   bool   // list holds every candidate
}

// transformer holds what the candidate search of one transform shares.
type transformer struct {
	s    *Setting
	ev   Eval
	rank ranking
	b    *builder
	rng  *rand.Rand
}

func (s *Setting) transform(g Symmetry, vals []*big.Rat, sel LineSet, ev Eval, rank ranking) (*Setting, []*big.Rat, error) {
	if s.Wildcards() > 0 {
		return nil, nil, fmt.Errorf("grid: transform: setting %s has wildcards", s)
	}
	z := s.size
	if vals != nil && len(vals) != z.Numbers() {
		return nil, nil, fmt.Errorf("grid: transform: expected %d numbers for a %s grid, got %d", z.Numbers(), z, len(vals))
	}
	sel = s.resolve(sel)
	if g.SwapsAxes() && (sel&Rows != 0) != (sel&Cols != 0) {
		return nil, nil, &NotExpressibleError{Symmetry: g, Reason: fmt.Sprintf("the line selection %s is not mapped onto itself", sel)}
	}
	old, err := s.Lines(sel)
	if err != nil {
		return nil, nil, err
	}
	nz := g.Size(z)
	t := newSetting(nz)
	for R := 0; R < z.LayoutRows(); R++ {
		for C := 0; C < z.LayoutCols(); C++ {
			p := Pos{R, C}
			t.ops[nz.layoutIndex(g.MapPos(z, p))] = s.ops[z.layoutIndex(p)]
		}
	}
	var nvals []*big.Rat
	if vals != nil {
		nvals = make([]*big.Rat, nz.Numbers())
	}
	for i := range s.absent {
		j := g.MapNumber(z, i)
		t.absent[j] = s.absent[i]
		if vals != nil && vals[i] != nil {
			nvals[j] = new(big.Rat).Set(vals[i])
		}
	}
	// Index the image's lines by their end points.
	type ends struct{ a, b int }
	byEnds := map[ends]Line{}
	for _, l := range t.lines(sel) {
		byEnds[ends{l.Nums[0], l.Nums[len(l.Nums)-1]}] = l
	}
	units := make([]*unit, len(old))
	for k, l := range old {
		first, last := g.MapNumber(z, l.Nums[0]), g.MapNumber(z, l.Nums[len(l.Nums)-1])
		u := &unit{old: l, nums: slices.Clone(l.Nums), mapped: slices.Clone(l.Ops)}
		nl, ok := byEnds[ends{first, last}]
		if !ok {
			nl, ok = byEnds[ends{last, first}]
			u.rev = true
			slices.Reverse(u.nums)
			slices.Reverse(u.mapped)
		}
		if !ok || len(nl.Nums) != len(l.Nums) {
			return nil, nil, fmt.Errorf("grid: transform: internal error: no image of %s", l.Name)
		}
		for _, c := range nl.Cells {
			u.cells = append(u.cells, nz.layoutIndex(c))
		}
		units[k] = u
	}
	r, err := s.Ring(poly.Grevlex)
	if err != nil {
		return nil, nil, err
	}
	tr := &transformer{s: s, ev: ev, rank: rank, b: newBuilder(s, r), rng: rand.New(rand.NewPCG(0x5eed, uint64(g)))}
	if err := tr.solve(g, units, t); err != nil {
		return nil, nil, err
	}
	return t, nvals, nil
}

// solve picks a candidate for every unit so that shared cells agree, by
// backtracking in line order (rows and columns share no cells; only
// diagonals do), and writes the choice into t.
func (tr *transformer) solve(g Symmetry, units []*unit, t *Setting) error {
	assigned := map[int]Op{}
	owner := map[int]*unit{}
	steps, deepest := 0, -1
	var failed error
	var conflict string
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(units) {
			return true
		}
		u := units[i]
		for j := 0; ; j++ {
			cand, err := tr.candidate(u, j)
			if err != nil {
				failed = &NotExpressibleError{Symmetry: g, Line: u.old.Name, Reason: err.Error()}
				return false
			}
			if cand == nil {
				if j == 0 {
					failed = &NotExpressibleError{Symmetry: g, Line: u.old.Name, Reason: fmt.Sprintf(
						"no operators state %s with its numbers in reverse order", u.old.Equation(tr.s.size, tr.ev))}
				}
				return false
			}
			if steps++; steps > maxSteps {
				failed = &NotExpressibleError{Symmetry: g, Reason: "too many combinations of operators on shared diagonal cells"}
				return false
			}
			var set []int
			ok := true
			for k, c := range u.cells {
				if o, done := assigned[c]; done {
					if o != cand[k] {
						if i >= deepest {
							deepest = i
							conflict = fmt.Sprintf("%s and %s, in their new directions, need different operators in the cell they share",
								owner[c].old.Name, u.old.Name)
						}
						ok = false
						break
					}
					continue
				}
				assigned[c], owner[c] = cand[k], u
				set = append(set, c)
			}
			if ok && rec(i+1) {
				return true
			}
			for _, c := range set {
				delete(assigned, c)
				delete(owner, c)
			}
			if failed != nil {
				return false
			}
		}
	}
	if !rec(0) {
		if failed == nil {
			failed = &NotExpressibleError{Symmetry: g, Reason: conflict}
		}
		return failed
	}
	for c, o := range assigned {
		t.ops[c] = o
	}
	return nil
}

// candidate returns candidate j of u (nil past the last). Under the
// relative ranking a line that keeps its direction keeps its operators
// first, so the full search runs only when backtracking asks for more.
func (tr *transformer) candidate(u *unit, j int) ([]Op, error) {
	if !u.full && u.list == nil && !u.rev && tr.rank == relative {
		u.list = [][]Op{u.mapped}
	}
	if j >= len(u.list) && !u.full {
		list, err := tr.search(u)
		if err != nil {
			return nil, err
		}
		u.list, u.full = list, true
	}
	if j >= len(u.list) {
		return nil, nil
	}
	return u.list[j], nil
}

// search returns every operator tuple, with as many = as the original line,
// that makes the numbers u.nums state the original line's equation, best
// first.
func (tr *transformer) search(u *unit) ([][]Op, error) {
	k := len(u.mapped)
	eqs := 0
	for _, o := range u.mapped {
		if o == Eq {
			eqs++
		}
	}
	if n := binomial(k, eqs) * pow4(k-eqs); n > maxCandidates || n < 0 {
		return nil, fmt.Errorf("a line of %d numbers has too many operator settings to search", k+1)
	}
	want := tr.key(&u.old)
	pts := tr.points(&u.old)
	var found [][]Op
	cand := make([]Op, k)
	try := func() {
		l := Line{Nums: u.nums, Ops: cand}
		for _, x := range pts {
			if !l.holds(x, tr.ev) {
				return
			}
		}
		if tr.key(&l) == want {
			found = append(found, slices.Clone(cand))
		}
	}
	var gen func(pos, eqLeft int)
	gen = func(pos, eqLeft int) {
		if pos == k {
			if eqLeft == 0 {
				try()
			}
			return
		}
		if k-pos > eqLeft {
			for _, o := range arith {
				cand[pos] = o
				gen(pos+1, eqLeft)
			}
		}
		if eqLeft > 0 {
			cand[pos] = Eq
			gen(pos+1, eqLeft-1)
		}
	}
	gen(0, eqs)
	slices.SortStableFunc(found, func(a, b []Op) int { return slices.Compare(tr.rankKey(u, a), tr.rankKey(u, b)) })
	return found, nil
}

// rankKey orders candidates, smallest first.
func (tr *transformer) rankKey(u *unit, c []Op) []int {
	var key []int
	if tr.rank == canonical {
		// = as far right as possible: compare from the last position.
		for i := len(c) - 1; i >= 0; i-- {
			key = append(key, b2i(c[i] != Eq))
		}
	} else {
		class := 2
		switch {
		case sameEq(c, u.old.Ops):
			class = 0
		case sameEq(c, u.mapped):
			class = 1
		}
		diffs := 0
		for i := range c {
			diffs += b2i(c[i] != u.mapped[i])
		}
		key = append(key, class, diffs)
	}
	for _, o := range c {
		key = append(key, int(o))
	}
	return key
}

func sameEq(a, b []Op) bool {
	for i := range a {
		if (a[i] == Eq) != (b[i] == Eq) {
			return false
		}
	}
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func binomial(n, k int) int {
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func pow4(n int) int {
	if n >= 31 {
		return -1
	}
	return 1 << (2 * n)
}

// key returns the equations of l up to nonzero factors: each polynomial
// divided by the greatest monomial dividing all its terms and made primitive
// with a positive leading coefficient, the list sorted.
func (tr *transformer) key(l *Line) string {
	eqs := tr.b.equations(l, tr.ev)
	keys := make([]string, len(eqs))
	for i, e := range eqs {
		keys[i] = normalize(e.Poly).String()
	}
	slices.Sort(keys)
	return strings.Join(keys, "; ")
}

// normalize divides p by its monomial content and its rational content. Two
// equations of a line state the same thing on the torus (all numbers
// nonzero) exactly when they normalize alike, because the equations of a
// line are multilinear.
func normalize(p *poly.Poly) *poly.Poly {
	if p.IsZero() {
		return p
	}
	r := p.Ring()
	n := r.NumVars()
	g := make([]int, n)
	for v := 0; v < n; v++ {
		g[v] = p.Exp(0, v)
		for i := 1; i < p.Len() && g[v] > 0; i++ {
			g[v] = min(g[v], p.Exp(i, v))
		}
	}
	gm := r.NewMonomial(g...)
	cs := make([]*big.Rat, p.Len())
	ms := make([]poly.Monomial, p.Len())
	for i := range cs {
		cs[i] = p.Coef(i)
		ms[i] = make(poly.Monomial, len(gm)).Quo(p.Monomial(i), gm)
	}
	return r.FromTerms(cs, ms).PrimitivePart()
}

// holds reports whether l is true for the numbers x (by number index); a
// division by zero counts as false.
func (l *Line) holds(x []*big.Rat, ev Eval) bool {
	var first *big.Rat
	for i, sd := range l.sides() {
		v, _ := l.evalSide(sd, x, ev)
		if v == nil {
			return false
		}
		if i == 0 {
			first = v
		} else if v.Cmp(first) != 0 {
			return false
		}
	}
	return l.HasEq() || first.Sign() == 0
}

// numPoints is how many exact points on a line's equation screen the
// candidates before the polynomial comparison.
const numPoints = 3

// points returns up to numPoints points, by number index, at which l holds
// with all its numbers nonzero: random integers, then one number of each
// side solved for from the (linear in that number) cleared equation. A
// candidate that fails at one of them cannot state the same equation.
func (tr *transformer) points(l *Line) [][]*big.Rat {
	b := tr.b
	nv := b.r.NumVars()
	sides := l.sides()
	fr := make([]frac, len(sides))
	dens := make([]*poly.Poly, len(sides))
	for i, sd := range sides {
		fr[i] = b.side(l, sd, tr.ev)
		dens[i] = b.term(b.one, fr[i].den)
	}
	var pts [][]*big.Rat
	for attempt := 0; attempt < 8*numPoints && len(pts) < numPoints; attempt++ {
		x := make([]*big.Rat, nv)
		for v := range x {
			x[v] = big.NewRat(1, 1)
		}
		for _, i := range l.Nums {
			x[b.varOf[i]] = big.NewRat(tr.rng.Int64N(1000)+1, 1)
		}
		target := new(big.Rat)
		first := 0
		if l.HasEq() {
			target.Quo(fr[0].num.Eval(x), dens[0].Eval(x))
			first = 1
		}
		ok := true
		for j := first; j < len(sides) && ok; j++ {
			ok = solveFor(x, fr[j].num, dens[j], target, b.varsOf(l, sides[j]))
		}
		if !ok {
			continue
		}
		pt := make([]*big.Rat, tr.s.size.Numbers())
		for _, i := range l.Nums {
			pt[i] = x[b.varOf[i]]
		}
		if l.holds(pt, tr.ev) {
			pts = append(pts, pt)
		}
	}
	return pts
}

// varsOf returns the variables of the numbers of one side of l.
func (b *builder) varsOf(l *Line, sd side) []int {
	var vs []int
	for k := sd.lo; k <= sd.hi; k++ {
		vs = append(vs, b.varOf[l.Nums[k]])
	}
	return vs
}

// solveFor changes one of the variables vs in x so that num/den = target,
// where num - target*den is linear in each variable; it reports false when
// no variable gives a nonzero solution.
func solveFor(x []*big.Rat, num, den *poly.Poly, target *big.Rat, vs []int) bool {
	g := func() *big.Rat {
		d := den.Eval(x)
		return d.Sub(num.Eval(x), d.Mul(d, target))
	}
	for _, v := range vs {
		keep := x[v]
		x[v] = new(big.Rat)
		g0 := g()
		x[v] = big.NewRat(1, 1)
		a := new(big.Rat).Sub(g(), g0)
		if a.Sign() != 0 && g0.Sign() != 0 {
			x[v] = a.Quo(g0, a).Neg(a)
			return true
		}
		x[v] = keep
	}
	return false
}
