package groebner

import (
	"math"
	"math/big"
	"slices"

	"github.com/families-project/families/poly"
)

// gpoly is the exact engine's working form of a polynomial: integer
// coefficients (a rational polynomial up to a nonzero scalar, kept
// primitive between steps, so that reduction never computes rational
// gcds), packed monomials in the ring's layout, and the sugar degree.
type gpoly struct {
	c     []zint
	m     []uint16
	sugar int
	deg   int // largest total degree of a term, for overflow checks
}

// engine is the exact (integer, fraction-free) Buchberger engine. Its
// bookkeeping of pairs and its choice of reducers depend only on leading
// monomials, sugars and lengths, and follow the same rules as the modular
// engine's, so the trace algorithm can replay a modular run over Q step by
// step as long as the prime preserves those.
type engine struct {
	ring  *poly.Ring
	ops   *monoOps
	s     int
	lim   *limits
	err   error // a limit hit inside a loop that cannot return it
	z     zarith
	basis []*gpoly
	red   reducers
	steps int
	// budget, when positive, bounds steps*stepCost plus big-integer work
	// (see Basis); done accumulates the work polled so far.
	budget, done int
	t, tg        []uint16
	gb           *geobucket[zint, *engine] // the working polynomial of reduce
	cbuf         []zint                    // scratch of removeContentAll
	oc           []zint                    // scratch of reduce's result
	lmc          []uint16                  // scratch: a leading monomial kept
	om           []uint16
}

func newEngine(r *poly.Ring, ops *monoOps, lim *limits) *engine {
	e := &engine{ring: r, ops: ops, s: ops.stride, lim: lim,
		t: make([]uint16, ops.stride), tg: make([]uint16, ops.stride)}
	e.gb = newGeobucket[zint](e, ops)
	return e
}

// pollWork is the big-integer work (word operations) between two polls of
// the limits, some milliseconds.
const pollWork = 1 << 21

// poll checks the limits once enough big-integer work has been done since
// the last check, and records a limit error in e.err.
func (e *engine) poll() bool {
	if e.z.work < pollWork {
		return e.err == nil
	}
	e.done += e.z.work
	e.z.work = 0
	if e.err == nil {
		e.err = e.lim.check()
	}
	if e.err == nil && e.swelled() {
		e.err = errSwell
	}
	return e.overBudget()
}

// work is the engine's work so far, in the units of its budget.
func (e *engine) work() int64 { return int64(e.steps*stepCost + e.done + e.z.work) }

// swelled reports whether a guarded replay has passed the work bound set
// when its modular run ended (traceWith).
func (e *engine) swelled() bool {
	if e.lim == nil || e.lim.swellBound == nil {
		return false
	}
	b := e.lim.swellBound.Load()
	return b > 0 && e.work() > b
}

// overBudget records errBudget in e.err once the budget is spent, and
// reports whether the engine may go on.
func (e *engine) overBudget() bool {
	if e.err == nil && e.budget > 0 && e.work() > int64(e.budget) {
		e.err = errBudget
	}
	return e.err == nil
}

// stepCost is the share of the budget charged per reduction step: about
// the word operations of a step on small coefficients.
const stepCost = 256

// sub returns an engine with the same ring and limits and no basis.
func (e *engine) sub() *engine { return newEngine(e.ring, e.ops, e.lim) }

func (e *engine) lm(p *gpoly) []uint16 { return p.m[:e.s] }

// push appends g to the reducers.
func (e *engine) push(g *gpoly) {
	e.basis = append(e.basis, g)
	e.red.add(e.ops, e.lm(g), g.sugar, len(g.c))
}

// fromPoly converts p to a primitive integer polynomial.
func (e *engine) fromPoly(p *poly.Poly) *gpoly {
	// Input polynomials are mostly primitive already (small integer
	// coefficients): read them in place instead of copying.
	pp := p
	if !p.IsPrimitive() {
		pp = p.PrimitivePart()
	}
	g := &gpoly{c: make([]zint, pp.Len()), m: make([]uint16, 0, pp.Len()*e.s)}
	for i := 0; i < pp.Len(); i++ {
		num := pp.Coef(i).Num()
		if v := num.Int64(); num.IsInt64() && v != math.MinInt64 {
			g.c[i] = zsmall(v)
		} else {
			g.c[i] = zbig(new(big.Int).Set(num)) // never share p's numbers
		}
		g.m = append(g.m, pp.Monomial(i)...)
	}
	g.sugar = p.TotalDegree()
	g.deg = g.sugar
	return g
}

// fromPolys is fromPoly of each polynomial of P.
func (e *engine) fromPolys(P []*poly.Poly) []*gpoly {
	out := make([]*gpoly, len(P))
	for k, p := range P {
		out[k] = e.fromPoly(p)
	}
	return out
}

// toPoly returns g divided by its leading coefficient.
func (e *engine) toPoly(g *gpoly) *poly.Poly {
	c := make([]*big.Rat, len(g.c))
	m := make([]poly.Monomial, len(g.c))
	lc := g.c[0]
	var lcBig *big.Int
	for i := range g.c {
		// A word divided by a leading coefficient of ±1 (the usual case of
		// grid systems) is an integer: no big gcd needed.
		if a := g.c[i]; a.b == nil && lc.b == nil && (lc.s == 1 || lc.s == -1 && a.s != math.MinInt64) {
			c[i] = new(big.Rat).SetInt64(a.s * lc.s)
		} else {
			if lcBig == nil {
				lcBig = lc.toBig()
			}
			c[i] = new(big.Rat).SetFrac(a.toBig(), lcBig)
		}
		m[i] = poly.Monomial(g.m[i*e.s : (i+1)*e.s])
	}
	return e.ring.FromTerms(c, m)
}

// reduce returns a primitive normal form of w (consumed) with respect to
// the basis: with full, every term is reduced; otherwise only the leading
// term, until it is irreducible (enough to decide whether w reduces to
// zero). Reducers are chosen by reducers.find, the rule the modular engine
// follows too. The working polynomial lives in the engine's geobucket
// (geobucket.go): a step merges about the reducer's length of terms, however
// long the working polynomial has grown.
//
// Each step is fraction free: with A = lc(w), B = lc(g) and d = gcd(A, B),
// w becomes (B/d)*w - (A/d)*t*g, which cancels the leading term. The terms
// already found irreducible and the geobucket's are multiplied by B/d too
// (skipped when it is 1, the common case of a reducer whose leading
// coefficient divides A): multiplications, but no monomial comparisons.
// Content is removed only when the leading coefficient has grown by a word
// since the last removal: during a reduction it is rarely nontrivial, and
// gcds at every step cost more than they save. The result is made
// primitive.
func (e *engine) reduce(w *gpoly, full bool) (*gpoly, error) {
	s := e.s
	z := &e.z
	gb := e.gb
	gb.reset()
	gb.add(w.c, w.m)
	// The terms done collect in the engine's scratch, copied out once at
	// the end: appending them one by one to a new polynomial was a third
	// of the time of the small grid systems.
	out := &gpoly{c: e.oc[:0], m: e.om[:0], sugar: w.sugar}
	clean := 0 // bit length of the leading coefficient after the last content removal
	if len(w.c) > 0 {
		clean = w.c[0].bitLen()
	}
	compactAt := arenaCompact
	for {
		if z.used > compactAt {
			compactAt = e.compact(out.c)
		}
		A, lm, ok := gb.lead()
		if !ok {
			break
		}
		if bl := A.bitLen(); bl > clean+64 {
			lm = append(e.lmc[:0], lm...) // flattening moves the buckets' storage
			e.lmc = lm
			A = e.removeContentAll(A, out.c)
			clean = A.bitLen()
		}
		top := len(out.c) == 0
		k := e.red.find(lm, e.ops.mask(lm), top, out.sugar-int(lm[0]))
		if k < 0 {
			out.c = append(out.c, A)
			out.m = append(out.m, lm...)
			if !full {
				out.c, out.m = gb.appendTo(out.c, out.m)
				break
			}
			continue
		}
		g := e.basis[k]
		monoQuo(e.t, lm, g.m[:s])
		if int(e.t[0])+g.deg >= maxDeg {
			return nil, degreeError()
		}
		if top {
			// Only top reductions raise the sugar, as in Singular's
			// redtail: the tail does not decide the pair order.
			out.sugar = max(out.sugar, g.sugar+int(e.t[0]))
		}
		B := g.c[0]
		d := z.gcd(A, B)
		a, b := B, A
		if !d.isOne() {
			a, b = z.quoExact(B, d), z.quoExact(A, d)
		}
		if a.sign() < 0 {
			a, b = z.neg(a), z.neg(b)
		}
		if !a.isOne() {
			for i := range gb.b {
				c, _ := gb.b[i].live(s)
				for k, v := range c {
					c[k] = z.mul(a, v)
				}
			}
			for i, c := range out.c {
				out.c[i] = z.mul(a, c)
			}
		}
		gb.update(len(g.c)-1, func(dc []zint, dm []uint16, ac []zint, am []uint16) ([]zint, []uint16) {
			return e.addMul(dc, dm, ac, am, zOne, b, e.t, g)
		})
		if !e.poll() {
			return nil, e.err
		}
		if e.steps++; e.steps&63 == 0 {
			if err := e.lim.check(); err != nil {
				return nil, err
			}
			if !e.overBudget() {
				return nil, e.err
			}
			// The coefficient bound, on the whole working polynomial now
			// and then: a scan per step would cost what the geobucket saves.
			for i := range gb.b {
				c, _ := gb.b[i].live(s)
				if err := e.lim.checkBits(c); err != nil {
					return nil, err
				}
			}
		}
		if err := e.lim.checkBits([]zint{A}); err != nil {
			return nil, err
		}
	}
	e.oc, e.om = out.c, out.m
	out.c, out.m = slices.Clone(out.c), slices.Clone(out.m)
	for k := 0; k < len(out.c); k++ {
		out.deg = max(out.deg, int(out.m[k*s]))
	}
	e.makePrimitive(out)
	keep(out.c)
	z.reset()
	if e.err != nil {
		return nil, e.err
	}
	return out, e.lim.checkBits(out.c)
}

// arenaCompact is the number of big values from the arena (zarith.fresh)
// after which a reduction copies its live ones out and recycles the arena.
const arenaCompact = 1 << 14

// compact copies the big coefficients of the terms done and of the
// geobucket out of the arena (keep) and recycles it, and returns the arena
// use at which to compact again. A reduction's intermediate big values all
// come from the arena, which recycles them only at the end of the
// reduction: on katsura-8, where one reduction makes hundreds of thousands
// of big values, of which a few thousand are live at any time, the arena
// was almost all of the peak heap. Compacting when the arena holds four
// times the live values keeps the copying linear in the work.
func (e *engine) compact(done []zint) int {
	n := keep(done)
	for i := range e.gb.b {
		c, _ := e.gb.b[i].live(e.s)
		n += keep(c)
	}
	e.z.reset()
	return max(arenaCompact, 4*n)
}

// removeContentAll divides the leading coefficient A just taken from the
// geobucket, the terms done and the geobucket's by their common content,
// and returns A's quotient.
func (e *engine) removeContentAll(A zint, done []zint) zint {
	wc, _ := e.gb.flatten()
	e.cbuf = append(append(e.cbuf[:0], A), done...)
	e.removeContent(e.cbuf, wc)
	copy(done, e.cbuf[1:])
	return e.cbuf[0]
}

// merge appends to (dc, dm) the sum of the sorted polynomials (ac, am) and
// (bc, bm) and returns the grown slices.
func (e *engine) merge(dc []zint, dm []uint16, ac []zint, am []uint16, bc []zint, bm []uint16) ([]zint, []uint16) {
	s := e.s
	i, j := 0, 0
	for i < len(ac) && j < len(bc) {
		x, y := am[i*s:i*s+s], bm[j*s:j*s+s]
		switch e.ops.cmp(x, y) {
		case 1:
			dc = append(dc, ac[i])
			dm = append(dm, x...)
			i++
		case -1:
			dc = append(dc, bc[j])
			dm = append(dm, y...)
			j++
		default:
			if v := e.sum(ac[i], bc[j]); v.sign() != 0 {
				dc = append(dc, v)
				dm = append(dm, x...)
			}
			i++
			j++
		}
	}
	dc = append(dc, ac[i:]...)
	dm = append(dm, am[i*s:]...)
	dc = append(dc, bc[j:]...)
	dm = append(dm, bm[j*s:]...)
	return dc, dm
}

var zOne, zMinusOne = zsmall(1), zsmall(-1)

func (e *engine) sum(x, y zint) zint { return e.z.mulSub(zOne, x, zMinusOne, y) }

func (e *engine) isZero(x zint) bool { return x.sign() == 0 }

// removeContent divides both coefficient lists by their common content.
// The gcd starts from the shortest coefficient, so that the running gcd is
// small at once and every further gcd is a cheap big-by-word remainder; it
// stops as soon as the gcd is 1, the usual case.
func (e *engine) removeContent(a, b []zint) {
	z := &e.z
	short, bits := zint{}, -1
	for _, l := range [2][]zint{a, b} {
		for _, c := range l {
			if n := c.bitLen(); bits < 0 || n < bits {
				short, bits = c, n
			}
		}
	}
	if bits <= 1 {
		return // content 1, or no coefficient
	}
	d := z.gcd(zint{}, short)
	for _, l := range [2][]zint{a, b} {
		for _, c := range l {
			d = z.gcd(d, c)
			if d.isOne() || !e.poll() {
				return
			}
		}
	}
	for _, l := range [2][]zint{a, b} {
		for i, c := range l {
			l[i] = z.quoExact(c, d)
		}
	}
}

// makePrimitive divides g by its content and makes the leading
// coefficient positive.
func (e *engine) makePrimitive(g *gpoly) {
	if len(g.c) == 0 {
		return
	}
	e.removeContent(g.c, nil)
	if g.c[0].sign() < 0 {
		for i, c := range g.c {
			g.c[i] = e.z.neg(c)
		}
	}
}

// addMul appends to (dc, dm) the terms of a*(ac, am) - b*t*g without g's
// leading term, and returns the grown slices.
func (e *engine) addMul(dc []zint, dm []uint16, ac []zint, am []uint16, a, b zint, t []uint16, g *gpoly) ([]zint, []uint16) {
	s := e.s
	z := &e.z
	tg := e.tg
	nb := z.neg(b)
	one := a.isOne()
	i, j := 0, 1
	na, ng := len(ac), len(g.c)
	if j < ng {
		monoMul(tg, g.m[j*s:], t)
	}
	for i < na && j < ng {
		if e.z.work >= pollWork && !e.poll() {
			return dc, dm
		}
		// Take the run of terms above tg at once.
		k := i
		c := e.ops.cmp(am[k*s:k*s+s], tg)
		for c > 0 {
			if k++; k == na {
				break
			}
			c = e.ops.cmp(am[k*s:k*s+s], tg)
		}
		if k > i {
			dm = append(dm, am[i*s:k*s]...)
			if one {
				dc = append(dc, ac[i:k]...)
			} else {
				for _, v := range ac[i:k] {
					dc = append(dc, z.mul(a, v))
				}
			}
			if i = k; i == na {
				break
			}
		}
		if c < 0 {
			dc = append(dc, z.mul(nb, g.c[j]))
			dm = append(dm, tg...)
		} else {
			if v := z.mulSub(a, ac[i], b, g.c[j]); v.sign() != 0 {
				dc = append(dc, v)
				dm = append(dm, tg...)
			}
			i++
		}
		if j++; j < ng {
			monoMul(tg, g.m[j*s:], t)
		}
	}
	if i < na {
		dm = append(dm, am[i*s:]...)
		for ; i < na; i++ {
			v := ac[i]
			if !one {
				v = z.mul(a, v)
			}
			dc = append(dc, v)
		}
	}
	for ; j < ng; j++ {
		monoMul(tg, g.m[j*s:], t)
		dc = append(dc, z.mul(nb, g.c[j]))
		dm = append(dm, tg...)
	}
	return dc, dm
}

// spoly returns the S-polynomial of f and g (lcm l of their leading
// monomials) over the integers: (B/d)*(l/lm f)*f - (A/d)*(l/lm g)*g with
// A, B their leading coefficients and d = gcd(A, B).
func (e *engine) spoly(f, g *gpoly, l []uint16) (*gpoly, error) {
	s := e.s
	z := &e.z
	tf := make([]uint16, s)
	tg := make([]uint16, s)
	monoQuo(tf, l, f.m[:s])
	monoQuo(tg, l, g.m[:s])
	if int(tf[0])+f.deg >= maxDeg || int(tg[0])+g.deg >= maxDeg {
		return nil, degreeError()
	}
	A, B := f.c[0], g.c[0]
	d := z.gcd(A, B)
	a, b := z.quoExact(B, d), z.quoExact(A, d)
	if a.sign() < 0 {
		a, b = z.neg(a), z.neg(b)
	}
	wm := make([]uint16, len(f.m)-s)
	for i := range len(f.c) - 1 {
		monoMul(wm[i*s:], f.m[(i+1)*s:], tf)
	}
	out := &gpoly{sugar: max(f.sugar+int(tf[0]), g.sugar+int(tg[0]))}
	out.c, out.m = e.addMul(nil, nil, f.c[1:], wm, a, b, tg, g)
	return out, e.err
}

func (g *gpoly) clone() *gpoly {
	return &gpoly{c: slices.Clone(g.c), m: slices.Clone(g.m), sugar: g.sugar, deg: g.deg}
}
