package groebner

import (
	"errors"
	"math/big"
	"slices"
	"sync/atomic"

	"github.com/families-project/families/poly"
)

// The modular engine runs Buchberger's algorithm over Z/p for a prime p
// below 2^31, so that a product of two coefficients and a sum fit in a
// uint64 and no arithmetic allocates. It serves as the guide of the trace
// algorithm (engine_trace.go): which S-pairs reduce to zero mod p, and what
// leading monomial each new basis element has. Its results are never
// returned as such; they are claims about Z/p only.

// primes are the moduli tried in turn: the largest primes below 2^31.
var primes = []uint64{2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543, 2147483497}

// mpoly is a polynomial over Z/p in the engine layout: monic once it is a
// basis element, terms by decreasing monomial.
type mpoly struct {
	c     []uint32
	m     []uint16
	sugar int
	deg   int // largest total degree of a term, for overflow checks
}

// traceEvent records one step of the modular run: the reduction of input
// j (i < 0) or of the S-polynomial of basis elements i and j, and the
// leading monomial of the result, nil when it reduced to zero.
type traceEvent struct {
	i, j int
	lm   []uint16
}

type modEngine struct {
	ops   *monoOps
	s     int
	p     uint64
	pinv  uint64 // floor(2^64 / p), for Barrett reduction (mod)
	ps    *pairSet
	red   reducers
	basis []*mpoly
	lim   *limits
	trace []traceEvent
	// events, when set, also receives every nonzero event as it happens,
	// so that the exact replay can follow the run (engine_trace.go).
	events chan<- traceEvent
	steps  int // reduction steps, for polling the limits
	// work counts the reducer terms of reduce's steps; past workBudget
	// (when positive) reduce stops with errWorkBudget.
	work, workBudget int64
	// enough, when set, is asked each time the run moves on to pairs of
	// a higher sugar (given) whether to stop there (modHilbertEquals);
	// stopped records that it said yes.
	enough  func(sugar int) bool
	stopped bool
	// f4, when set, records runF4's steps or makes it follow a recorded
	// run (f4_trace.go).
	f4 *f4Tracer
	// reducedByF4 records that runF4 ran on homogeneous inputs: its
	// basis is then reduced already (finish).
	reducedByF4 bool
	// known, when set (from another goroutine), holds the leading
	// monomials of a Gröbner basis mod p, and cover what the basis
	// reaches of them (modp_known.go).
	known atomic.Pointer[[][]uint16]
	cover *coverage
	// the working polynomial of reduce and monomial scratch
	gb *geobucket[uint32, *modEngine]
	oc []uint32 // scratch of reduce's result
	om []uint16
	t  []uint16
	tg []uint16
}

func newModEngine(ops *monoOps, p uint64, lim *limits) *modEngine {
	e := &modEngine{ops: ops, s: ops.stride, p: p, pinv: ^uint64(0) / p, ps: newPairSet(ops), lim: lim,
		t: make([]uint16, ops.stride), tg: make([]uint16, ops.stride)}
	e.gb = newGeobucket[uint32](e, ops)
	return e
}

// mod returns x mod p for any x < 2^64 by Barrett's method (barrett): it
// sits in the innermost loop, where a hardware division costs several
// times more.
func (e *modEngine) mod(x uint64) uint64 { return barrett(x, e.p, e.pinv) }

// modInv returns the inverse of a (nonzero mod p) by Fermat's little
// theorem.
func modInv(a, p uint64) uint64 {
	r, b, e := uint64(1), a%p, p-2
	for e > 0 {
		if e&1 == 1 {
			r = r * b % p
		}
		b = b * b % p
		e >>= 1
	}
	return r
}

// ratMod returns x mod p (p < 2^32); ok is false when p divides the
// denominator. It reads the words in place (wordMod): the check of each
// multi-modular candidate against a further prime runs it on every
// coefficient.
func ratMod(x *big.Rat, p uint64) (uint64, bool) {
	d := wordMod(x.Denom(), p)
	if d == 0 {
		return 0, false
	}
	return wordMod(x.Num(), p) * modInv(d, p) % p, true
}

// fromPoly returns f mod p, monic; ok is false when p divides a
// denominator or the leading coefficient, since then f mod p does not
// mirror f.
func (e *modEngine) fromPoly(f *poly.Poly) (*mpoly, bool) {
	g := &mpoly{sugar: f.TotalDegree(), deg: f.TotalDegree()}
	for i := 0; i < f.Len(); i++ {
		c, ok := ratMod(f.Coef(i), e.p)
		if !ok || i == 0 && c == 0 {
			return nil, false
		}
		if c != 0 {
			g.c = append(g.c, uint32(c))
			g.m = append(g.m, f.Monomial(i)...)
		}
	}
	e.makeMonic(g)
	return g, true
}

func (e *modEngine) makeMonic(g *mpoly) {
	if len(g.c) == 0 || g.c[0] == 1 {
		return
	}
	inv := modInv(uint64(g.c[0]), e.p)
	for i, c := range g.c {
		g.c[i] = uint32(uint64(c) * inv % e.p)
	}
}

// reduce returns the normal form of w (consumed) with respect to the live
// basis: every term when full, else only the leading ones; the result is
// not made monic. The working polynomial lives in the engine's geobucket
// (modp_bucket.go), so a step costs about the reducer's length, however
// long the working polynomial has grown.
func (e *modEngine) reduce(w *mpoly, full bool) (*mpoly, error) {
	s := e.s
	gb := e.gb
	gb.reset()
	gb.add(w.c, w.m)
	out := &mpoly{c: e.oc[:0], m: e.om[:0], sugar: w.sugar} // copied out at the end
	for {
		c, lm, ok := gb.lead()
		if !ok {
			break
		}
		top := len(out.c) == 0
		k := e.red.find(lm, e.ops.mask(lm), top, out.sugar-int(lm[0]))
		if k < 0 {
			out.c = append(out.c, c)
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
		gb.update(len(g.c)-1, func(dc []uint32, dm []uint16, ac []uint32, am []uint16) ([]uint32, []uint16) {
			return e.addMul(dc, dm, ac, am, e.p-uint64(c), e.t, g)
		})
		if e.steps++; e.steps&1023 == 0 {
			if err := e.lim.check(); err != nil {
				return nil, err
			}
		}
		if e.work += int64(len(g.c)); e.workBudget > 0 && e.work > e.workBudget {
			return nil, errWorkBudget
		}
	}
	e.oc, e.om = out.c, out.m
	out.c, out.m = slices.Clone(out.c), slices.Clone(out.m)
	for k := 0; k < len(out.c); k++ {
		out.deg = max(out.deg, int(out.m[k*s]))
	}
	return out, nil
}

// addMul appends to (dc, dm) the sum of (ac, am) and mul*t*g without g's
// leading term, and returns the grown slices.
func (e *modEngine) addMul(dc []uint32, dm []uint16, ac []uint32, am []uint16, mul uint64, t []uint16, g *mpoly) ([]uint32, []uint16) {
	s := e.s
	tg := e.tg
	i, j := 0, 1
	na, ng := len(ac), len(g.c)
	if j < ng {
		monoMul(tg, g.m[j*s:], t)
	}
	for i < na && j < ng {
		// Copy the run of terms above tg at once.
		k := i
		c := e.ops.cmp(am[k*s:k*s+s], tg)
		for c > 0 {
			if k++; k == na {
				break
			}
			c = e.ops.cmp(am[k*s:k*s+s], tg)
		}
		if k > i {
			dc = append(dc, ac[i:k]...)
			dm = append(dm, am[i*s:k*s]...)
			if i = k; i == na {
				break
			}
		}
		if c < 0 {
			dc = append(dc, uint32(e.mod(mul*uint64(g.c[j]))))
			dm = append(dm, tg...)
		} else {
			if v := e.mod(uint64(ac[i]) + mul*uint64(g.c[j])); v != 0 {
				dc = append(dc, uint32(v))
				dm = append(dm, tg...)
			}
			i++
		}
		if j++; j < ng {
			monoMul(tg, g.m[j*s:], t)
		}
	}
	dc = append(dc, ac[i:]...)
	dm = append(dm, am[i*s:]...)
	for ; j < ng; j++ {
		monoMul(tg, g.m[j*s:], t)
		dc = append(dc, uint32(e.mod(mul*uint64(g.c[j]))))
		dm = append(dm, tg...)
	}
	return dc, dm
}

// spoly returns the S-polynomial of the monic f and g with lcm l.
func (e *modEngine) spoly(f, g *mpoly, l []uint16) (*mpoly, error) {
	s := e.s
	tf := make([]uint16, s)
	tg := make([]uint16, s)
	monoQuo(tf, l, f.m[:s])
	monoQuo(tg, l, g.m[:s])
	if int(tf[0])+f.deg >= maxDeg || int(tg[0])+g.deg >= maxDeg {
		return nil, degreeError()
	}
	a := &mpoly{c: slices.Clone(f.c[1:]), m: make([]uint16, len(f.m)-s)}
	for i := range a.c {
		monoMul(a.m[i*s:], f.m[(i+1)*s:], tf)
	}
	out := &mpoly{sugar: max(f.sugar+int(tf[0]), g.sugar+int(tg[0]))}
	out.c, out.m = e.addMul(nil, nil, a.c, a.m, e.p-1, tg, g)
	return out, nil
}

// add appends h to the basis and updates the pairs.
func (e *modEngine) add(h *mpoly) error { return e.addElement(h, true) }

// addElement is add, with the new pairs only when pairs is set (a run that
// replays a recorded one takes its pairs from the record).
func (e *modEngine) addElement(h *mpoly, pairs bool) error {
	if err := e.lim.checkBasis(len(e.basis) + 1); err != nil {
		return err
	}
	for k := 0; k < len(h.c); k++ {
		h.deg = max(h.deg, int(h.m[k*e.s]))
	}
	e.basis = append(e.basis, h)
	if e.cover != nil {
		e.cover.note(h.m[:e.s])
	}
	if pairs {
		e.ps.add(h.m[:e.s], h.sugar)
	}
	e.red.add(e.ops, h.m[:e.s], h.sugar, len(h.c))
	return nil
}

// run computes a Gröbner basis mod p of the inputs (already in processing
// order), recording the trace; ok is false when p is unsuitable for an
// input (it divides a denominator or a leading coefficient). The basis is
// left in e.basis, not interreduced (see finish).
func (e *modEngine) run(F []*poly.Poly) (ok bool, err error) {
	for j, f := range F {
		g, ok := e.fromPoly(f)
		if !ok {
			return false, nil
		}
		h, err := e.reduce(g, e.ops.tail)
		if err != nil {
			return true, err
		}
		e.makeMonic(h)
		if stop, err := e.record(-1, j, h); stop || err != nil {
			return true, err
		}
	}
	sugar := -1
	for {
		p, more := e.ps.next()
		if !more {
			return true, nil
		}
		if err := e.lim.check(); err != nil {
			return true, err
		}
		if e.complete() {
			// Every pair left reduces to zero (modp_known.go).
			for ; more; p, more = e.ps.next() {
				e.record(p.i, p.j, &mpoly{})
			}
			return true, nil
		}
		if e.enough != nil && p.sugar > sugar {
			if sugar = p.sugar; e.enough(sugar) {
				e.stopped = true
				return true, nil
			}
		}
		sp, err := e.spoly(e.basis[p.i], e.basis[p.j], p.lcm)
		if err != nil {
			return true, err
		}
		h, err := e.reduce(sp, e.ops.tail)
		if err != nil {
			return true, err
		}
		e.makeMonic(h)
		if stop, err := e.record(p.i, p.j, h); stop || err != nil {
			return true, err
		}
	}
}

// unit reports whether the run found a nonzero constant: then the ideal
// mod p is the unit ideal.
func (e *modEngine) unit() bool { return len(e.basis) == 1 && e.basis[0].m[0] == 0 }

// record appends the outcome of one reduction to the trace and adds a
// nonzero result to the basis; stop is true for the unit ideal.
func (e *modEngine) record(i, j int, h *mpoly) (stop bool, err error) {
	if len(h.c) == 0 {
		e.trace = append(e.trace, traceEvent{i: i, j: j})
		return false, nil
	}
	ev := traceEvent{i: i, j: j, lm: h.m[:e.s]}
	e.trace = append(e.trace, ev)
	if e.events != nil {
		e.events <- ev
	}
	if h.m[0] == 0 {
		e.setUnit(h)
		return true, nil
	}
	return false, e.add(h)
}

// setUnit makes the nonzero constant h the whole basis.
func (e *modEngine) setUnit(h *mpoly) {
	e.basis = []*mpoly{h}
	e.ps = newPairSet(e.ops)
	e.ps.add(h.m[:e.s], h.sugar)
	e.red = reducers{}
	e.red.add(e.ops, h.m[:e.s], h.sugar, len(h.c))
}

// finish returns the reduced basis mod p of the live elements after run:
// by increasing leading monomial, each tail reduced by the smaller ones,
// which are the only ones that can divide its terms. The trace algorithm
// does not need it; tests compare it with the exact result.
//
// After runF4 on homogeneous inputs the tails are reduced already: a step
// holds every pair and input of one degree, its new rows are reduced by a
// reducer for every column a leading monomial divides and by each other,
// and a later leading monomial, of a higher degree, divides no earlier
// tail (TestF4HomogeneousReduced). The check costs a search of the
// reducers for every tail term (reimer-6: 267,000 terms, 667 elements,
// 13% of the candidate), so it is skipped there.
func (e *modEngine) finish() []*mpoly {
	s := e.s
	var live []*mpoly
	for k, g := range e.basis {
		if e.red.live[k] {
			live = append(live, g)
		}
	}
	slices.SortFunc(live, func(a, b *mpoly) int { return e.ops.cmp(a.m[:s], b.m[:s]) })
	if e.reducedByF4 {
		return live
	}
	red := newModEngine(e.ops, e.p, e.lim)
	out := make([]*mpoly, 0, len(live))
	for _, g := range live {
		h, err := red.reduceTail(g)
		if err != nil {
			h = g // only limits fail here, and the caller checks them
		}
		out = append(out, h)
		red.basis = append(red.basis, h)
		red.red.add(e.ops, h.m[:s], h.sugar, len(h.c))
	}
	return out
}

// reduceTail returns g with its tail reduced by the engine's basis.
func (e *modEngine) reduceTail(g *mpoly) (*mpoly, error) {
	s := e.s
	w := &mpoly{c: slices.Clone(g.c[1:]), m: slices.Clone(g.m[s:]), sugar: g.sugar}
	r, err := e.reduce(w, true)
	if err != nil {
		return nil, err
	}
	out := &mpoly{c: append([]uint32{g.c[0]}, r.c...), m: append(slices.Clone(g.m[:s]), r.m...), sugar: g.sugar, deg: max(g.deg, r.deg)}
	return out, nil
}

// errWorkBudget stops a modular run that has spent its work budget
// (modEngine.workBudget); the caller treats the run as inconclusive.
var errWorkBudget = errors.New("groebner: modular run past its work budget")
