package groebner

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"

	"github.com/families-project/families/poly"
)

// traceBasis computes the reduced Gröbner basis of the (nonzero, sorted)
// inputs F with Traverso's trace algorithm (C. Traverso, "Gröbner trace
// algorithms", ISSAC 1988; see also E. A. Arnold, "Modular algorithms for
// computing Gröbner bases", J. Symbolic Comput. 35, 2003):
//
//  1. Run Buchberger's algorithm modulo a prime p (modEngine), recording
//     for every S-pair and input whether it reduced to zero and the leading
//     monomial of the result otherwise.
//  2. Replay the run over Q with the exact engine, which makes the same
//     choices, skipping every reduction that gave zero mod p. Each replayed
//     result must have the leading monomial recorded mod p; otherwise p is
//     unlucky and the next prime is tried.
//  3. Interreduce over Q, giving a candidate G.
//  4. Certify G over Q (certifyTrace).
//
// What is proved, all with exact integer arithmetic, is:
//
//   - G ⊆ <F>: every element of G is obtained from F by exact S-polynomials
//     and reductions (steps 2 and 3; skipping reductions drops elements,
//     it never adds any that are not in the ideal);
//   - F ⊆ <G>: every input reduces to zero by G;
//   - G is a Gröbner basis: every S-pair of G left by the Gebauer–Möller
//     criteria reduces to zero by G (certify), or every reduction the
//     replay skipped does (certifyTrace), whichever is fewer reductions;
//   - G is reduced: interreduction leaves no term of an element divisible
//     by another element's leading monomial, and the output is monic.
//
// Together these make G the unique reduced Gröbner basis of <F>; nothing
// rests on p being lucky, which only decides whether the shortcut works.
// It returns ok = false when no prime gave a certified basis; the caller
// then runs the plain exact algorithm.
//
// The work splits over two cores or more: in grevlex the replay follows
// the modular run in another goroutine, and the certificate's reductions
// are shared among goroutines. On cyclic-6 the modular run takes about 20
// ms, the replay 15 and the certificate 10 (one core); on katsura-6, 30, 8
// and 60: there the certificate costs as much as the reductions to zero
// of the plain algorithm, and the gain is the parallelism.
//
// A seed, when not nil, is an exact engine that ran the same algorithm on F
// and stopped early (Basis's plain run): its basis is then the start of the
// replay, which checks it against the modular leading monomials instead
// of recomputing it.
//
// The exact run is bounded in coefficient size (swellBits) and, in
// grevlex, in work: it may not do more than swellWork of its modular
// run's work. Past either bound its intermediate elements are
// swelling: reimer-5's reach 80 kbit on the way to a basis with 52-bit
// coefficients, 80 s of work; cyclic-7's replay swells inside one
// reduction, past 300 s and gigabytes, with no coefficient over the bound. Then
// modularBasis computes the basis modulo several primes and proves the
// reconstruction, which meets only the final coefficients (reimer-5:
// about 0.5 s of CPU); if it cannot, the trace runs again unbounded.
func traceBasis(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly, seed *engine) (G []*gpoly, ok bool, err error) {
	hom := homogeneous(F)
	tried := false // modularBasis ran and gave no basis
	if ops.tail && (hom || modularFirst(r, F)) {
		// Homogeneous inputs in a graded order need no replay: Arnold's
		// argument proves a multi-modular candidate, whose runs are F4's.
		// On the homogenized basis of a 4x4 grid case plus one condition
		// (testdata/systems/large/nzd4x4.sys): 8.4 s against the trace's
		// 13.9 s (Singular's std: 10.6 s). The katsura6h golden checks it.
		// Inhomogeneous grevlex inputs with small coefficients go the same
		// way through their homogenization (modularFirst): katsura-8,
		// eco-10 and cyclic-7 in 20-35% less CPU than by the trace.
		G, ok, err := modularBasis(r, ops, lim, F)
		if err != nil || ok {
			return G, ok, err
		}
		tried = true
	}
	// First the trace algorithm with a bound on the coefficients of the
	// exact run (swellBits): when they swell past it, the intermediate
	// elements are much larger than the result is likely to be, and the
	// multi-modular method, which never meets them, takes over.
	guarded := *lim
	swell := swellBits(F)
	if guarded.maxBits == 0 || guarded.maxBits > swell {
		guarded.maxBits = swell
	}
	guarded.swellGuard = true
	G, ok, err = tracePrimes(r, ops, &guarded, F, seed)
	var le *LimitError
	swelled := errors.Is(err, errSwell) ||
		errors.As(err, &le) && le.Limit == LimitCoeffBits && guarded.maxBits != lim.maxBits
	if !swelled {
		return G, ok, err
	}
	if !tried {
		if G, ok, err := modularBasis(r, ops, lim, F); err != nil || ok {
			return G, ok, err
		}
	}
	return tracePrimes(r, ops, lim, F, nil)
}

// swellBits is the coefficient size (bits) past which the exact run of the
// trace algorithm gives way to the multi-modular method: a thousand
// bits more than the inputs' coefficients. On the benchmark systems the
// trace stays far below it (katsura-7: 165 bits, the 4x4 grids: under 10)
// except where its intermediate elements swell (reimer-5: 80 kbit on the
// way to 52-bit results).
func swellBits(F []*poly.Poly) int {
	return 1024 + 16*inputHeight(F)
}

// errSwell stops an exact replay that has done more than swellWork of
// its modular run's work: its coefficients (or its polynomials) are
// swelling.
var errSwell = errors.New("groebner: the exact replay swells")

// swellWork is the work (the exact engine's units, about a word product
// each) that a guarded replay may do, given the work of its modular run
// (reducer terms): 27 units a modular term and 1.3 billion more, on this
// machine about four times the modular run's time and two seconds, the
// clock it replaced. On the benchmark systems the replay stays far below
// it (the 4x4 goldens: at most 3 million units) or its coefficients pass
// swellBits first (the dense quadrics, henrion-5); cyclic-7's replay
// swelled inside one reduction past 300 s with no coefficient over the
// bound. Counting work makes the choice of method a function of the
// input; it never changes the result: both methods prove the same unique
// reduced basis.
func swellWork(modWork int64) int64 {
	return swellPerTerm*modWork + swellFloor
}

// The terms of swellWork; variables so that a test can lower them.
var swellPerTerm, swellFloor int64 = 27, 1_300_000_000

// tracePrimes runs the trace algorithm with up to two primes.
func tracePrimes(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly, seed *engine) (G []*gpoly, ok bool, err error) {
	for _, p := range primes[:2] {
		G, ok, err := traceWith(r, ops, lim, F, p, seed)
		if err != nil || ok {
			return G, ok, err
		}
		seed = nil
	}
	return nil, false, nil
}

// traceWith runs the trace algorithm with the prime p; ok is false when p
// turns out unsuitable or unlucky, or the certificate fails.
func traceWith(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly, p uint64, seed *engine) (G []*gpoly, ok bool, err error) {
	e := seed
	if e == nil {
		e = newEngine(r, ops, lim)
	}
	e.lim = lim // the seed ran under the caller's limits
	in := e.fromPolys(F)
	seeded := len(e.basis)
	var trace []traceEvent
	if ops.grevlex {
		G, trace, ok, err = e.replayConcurrent(F, in, p)
	} else {
		me := newModEngine(ops, p, lim)
		if ok, err := me.run(F); err != nil || !ok {
			return nil, false, err
		}
		if me.unit() {
			// Likely the unit ideal. The reduced basis is then [1] in every
			// order, and grevlex is the cheap order in which to prove that
			// 1 is in <F>; outside it (lex above all) the exact replay
			// can meet huge intermediate coefficients.
			if unit, err := unitByGrevlex(r, lim, F); err != nil || unit {
				return []*gpoly{{c: []zint{zsmall(1)}, m: make([]uint16, ops.stride)}}, unit, err
			}
		}
		G, ok, err = e.replay(nonzeroEvents(me.trace), in)
		trace = me.trace
	}
	if err != nil || !ok {
		return nil, false, err
	}
	ok, err = e.certifyTrace(G, trace, in, seeded)
	return G, ok, err
}

// replayConcurrent runs the modular engine in a goroutine and replays its
// events as they come: on two cores the exact replay, which costs less than
// the modular run on the benchmark systems, then takes no time of its own.
// A failed replay cancels the modular run.
func (e *engine) replayConcurrent(F []*poly.Poly, in []*gpoly, p uint64) (G []*gpoly, trace []traceEvent, ok bool, err error) {
	ctx, cancel := context.WithCancel(e.lim.ctx)
	defer cancel()
	modLim := *e.lim
	modLim.ctx = ctx
	events := make(chan traceEvent, 64)
	me := newModEngine(e.ops, p, &modLim)
	me.events = events
	var (
		modOK  bool
		modErr error
		done   = make(chan struct{})
	)
	var bound *atomic.Int64
	if e.lim.swellGuard {
		// The replay's work is bounded once the modular run has ended
		// (swellWork of its work); the replay polls the bound.
		outer := e.lim
		replayLim := *outer
		bound = new(atomic.Int64)
		replayLim.swellBound = bound
		e.lim = &replayLim
		defer func() { e.lim = outer }()
	}
	go func() {
		defer close(done)
		defer close(events)
		modOK, modErr = me.run(F)
		if bound != nil {
			bound.Store(swellWork(me.work))
		}
	}()
	// F4 on the replay's core, which the modular run leaves mostly idle:
	// its leading monomials let the run skip its final reductions to zero
	// (modp_known.go).
	f4done := make(chan struct{})
	go func() {
		defer close(f4done)
		if !f4Applies(e.ops, F) {
			return // runF4 would be the Buchberger run again
		}
		f4 := newModEngine(e.ops, p, &modLim)
		if ok, err := f4.runF4(F); ok && err == nil {
			lms := f4.leadingMonomials()
			me.known.Store(&lms)
		}
	}()
	G, ok, err = e.replay(events, in)
	cancel()
	for range events {
		// drain, so that the modular run is not blocked on a send
	}
	<-done
	<-f4done
	// A replay that ended past the bound swelled, whether or not it
	// polled after the bound was set: the path is a function of the
	// work, never of when the modular run ended.
	if err == nil && bound != nil && e.work() > bound.Load() {
		err = errSwell
	}
	if err != nil || !ok {
		return nil, nil, false, err
	}
	if modErr != nil {
		return nil, nil, false, modErr
	}
	return G, me.trace, modOK, nil
}

// nonzeroEvents returns a closed channel holding the events of trace that
// did not reduce to zero.
func nonzeroEvents(trace []traceEvent) <-chan traceEvent {
	events := make(chan traceEvent, len(trace))
	for _, ev := range trace {
		if ev.lm != nil {
			events <- ev
		}
	}
	close(events)
	return events
}

// replay performs over Q the reductions of the modular run that did not
// give zero, received in order from events, and returns the interreduced
// basis; ok is false when a leading monomial differs from the modular one
// or when events end early (the modular run then reports why). Elements
// already in e's basis stand for the first events.
func (e *engine) replay(events <-chan traceEvent, in []*gpoly) (G []*gpoly, ok bool, err error) {
	known := len(e.basis)
	k := 0
	for ev := range events {
		if k < known {
			if !monoEqual(e.lm(e.basis[k]), ev.lm) {
				return nil, false, nil
			}
			k++
			continue
		}
		k++
		w, err := e.eventPoly(e, e.basis, ev, in)
		if err != nil {
			return nil, false, err
		}
		if err := e.lim.check(); err != nil {
			return nil, false, err
		}
		h, err := e.reduce(w, e.ops.tail)
		if err != nil {
			return nil, false, err
		}
		if len(h.c) == 0 || !monoEqual(e.lm(h), ev.lm) {
			return nil, false, nil
		}
		if h.m[0] == 0 {
			// 1 is in <F>, exactly: the reduced basis is [1].
			return []*gpoly{h}, true, nil
		}
		if err := e.add(h); err != nil {
			return nil, false, err
		}
	}
	if k < known {
		return nil, false, nil
	}
	G, err = e.interreduce()
	return G, err == nil, err
}

// eventPoly returns, in red's arithmetic, the polynomial of event ev:
// input ev.j, or the S-polynomial of B[ev.i] and B[ev.j].
func (e *engine) eventPoly(red *engine, B []*gpoly, ev traceEvent, in []*gpoly) (*gpoly, error) {
	if ev.i < 0 {
		return in[ev.j].clone(), nil
	}
	f, g := B[ev.i], B[ev.j]
	l := make([]uint16, e.s)
	monoLCM(l, e.lm(f), e.lm(g))
	return red.spoly(f, g, l)
}

// certify reports whether G (interreduced, by increasing leading monomial)
// is a Gröbner basis containing the inputs, by exact top-reductions: every
// S-pair that the Gebauer–Möller criteria keep and every input must reduce
// to zero.
//
// The pairs are those that Buchberger's algorithm with the Gebauer–Möller
// installation (Gebauer and Möller, J. Symbolic Comput. 6, 1988; Becker
// and Weispfenning, Gröbner Bases, 1993, ch. 5, UPDATE and GRÖBNERNEW2)
// would reduce when started on the elements of G: it first passes every
// input through UPDATE (pairSet.add), then reduces the pending pairs. If
// all of them reduce to zero the run adds nothing and stops with G, which
// that algorithm's correctness makes a Gröbner basis. The criteria depend
// on leading monomials only, so no arithmetic is trusted but the final
// reductions.
//
// The reductions are independent, so they are shared among up to
// GOMAXPROCS goroutines, each with its own engine over the shared,
// read-only G; the first failure or limit stops all of them.
func (e *engine) certify(G, in []*gpoly) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil // G = [1] and 1 is in <F>
	}
	return e.reduceToZero(G, e.certifyPairs(G), in)
}

// certifyPairs returns the S-pairs of G that certify reduces.
func (e *engine) certifyPairs(G []*gpoly) []pair {
	ps := newPairSet(e.ops)
	for _, g := range G {
		ps.add(e.lm(g), g.sugar)
	}
	var jobs []pair
	for {
		p, more := ps.next()
		if !more {
			return jobs
		}
		jobs = append(jobs, p)
	}
}

// contains reports whether every input reduces to zero by the Gröbner
// basis G, that is whether in ⊆ <G>: certify without the S-pairs, for a G
// known to be a Gröbner basis by other means.
func (e *engine) contains(G, in []*gpoly) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil
	}
	return e.reduceToZero(G, nil, in)
}

// reduceToZero reports whether the S-polynomials of the pairs of G and the
// inputs all reduce to zero by G (see certify): by degree in matrices
// (certify_dense.go) from denseMinPairs pairs on, else one at a time.
func (e *engine) reduceToZero(G []*gpoly, jobs []pair, in []*gpoly) (bool, error) {
	if len(jobs) >= denseMinPairs {
		return e.reduceByDegree(G, jobs, in)
	}
	return e.reduceEach(G, jobs, in)
}

// denseHalfPairs is the number of pairs from which certifyTrace counts a
// pair at half a reduction: by degree, many pairs share their reducers
// (katsura-8: 877 pairs, 786 skipped reductions, and the pairs by degree
// took 5.3 s of CPU in Basis against 8.3-10.2 s for the skipped
// reductions), few do not (a 4x4 grid case: 211 pairs, 206 skipped
// reductions, 1.6-1.9 s by the pairs against 0.8-1.0 s).
const denseHalfPairs = 512

// denseMinPairs is the number of pairs from which reduceToZero builds a
// matrix per degree. Both ways prove the same thing; the matrices cost a
// hash table and a sort per degree, which only pays when pairs share their
// reducers: katsura-8's 877 pairs took 2.0-2.5 times less CPU by degree
// (BenchmarkCertify).
const denseMinPairs = 32

// reduceEach is reduceToZero one reduction at a time, with the geobucket
// engine.
func (e *engine) reduceEach(G []*gpoly, jobs []pair, in []*gpoly) (bool, error) {
	return e.allReduceToZero(G, len(jobs)+len(in), func(red *engine, k int) (*gpoly, error) {
		if k < len(jobs) {
			p := jobs[k]
			return red.spoly(G[p.i], G[p.j], p.lcm)
		}
		return in[k-len(jobs)].clone(), nil
	})
}

// allReduceToZero reports whether the polynomials build(red, k), k < total,
// all reduce to zero by G. The reductions are independent, so they are
// shared among up to GOMAXPROCS goroutines, each with its own engine red
// over the shared, read-only G; the first failure or limit stops all of
// them.
func (e *engine) allReduceToZero(G []*gpoly, total int, build func(red *engine, k int) (*gpoly, error)) (bool, error) {
	workers := min(runtime.GOMAXPROCS(0), 8, total/8)
	return allHold(total, workers, func() func(int) (bool, error) {
		red := e.sub()
		for _, g := range G {
			red.push(g)
		}
		return func(k int) (bool, error) {
			w, err := build(red, k)
			if err == nil {
				w, err = red.reduce(w, false)
			}
			if err != nil {
				return false, err
			}
			return len(w.c) == 0, nil
		}
	})
}

// certifyTrace reports whether G, the interreduced basis of a replay whose
// elements are B = e.basis, the first seeded of them from a seed, is the
// reduced Gröbner basis of the inputs in.
// It checks over Q the reductions the replay skipped: every event of the
// modular trace that reduced to zero mod p must reduce to zero by G.
//
// Why that suffices: the replay is then an exact run of Buchberger's
// algorithm with the Gebauer–Möller installation. Its pairs are those of
// the modular run, which depend on leading monomials only, and these are
// checked to agree; every pair it treated reduced to an element of B
// (exactly, in the replay) or to zero (checked here), and a reduction to
// zero by G is one by B, as each element of G is an element of B reduced by
// B. The correctness of that algorithm makes B a Gröbner basis containing
// the inputs, and G, its interreduced minimal elements, the reduced basis.
//
// certify proves the same from G alone, reducing the S-pairs that the
// criteria keep among G's elements. The two differ only in cost: the one
// with fewer reductions is taken, the pairs counting half from
// denseHalfPairs on.
func (e *engine) certifyTrace(G []*gpoly, trace []traceEvent, in []*gpoly, seeded int) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil // G = [1] and 1 is in <F>
	}
	// The seed's elements came from its own run, not from the replay of
	// their events: those events are checked too, so that the proof does
	// not rest on the two runs having chosen the same pairs.
	var check []traceEvent
	nonzero := 0
	for _, ev := range trace {
		if ev.lm == nil || nonzero < seeded {
			check = append(check, ev)
		}
		if ev.lm != nil {
			nonzero++
		}
	}
	jobs := e.certifyPairs(G)
	n := len(jobs) + len(in)
	if len(jobs) >= denseHalfPairs {
		// The pairs go by degree (reduceToZero), at about half the cost
		// of a reduction each.
		n /= 2
	}
	if n <= len(check) {
		return e.reduceToZero(G, jobs, in)
	}
	return e.checkSkipped(G, check, in)
}

// checkSkipped reports whether the given events of a replay with the
// elements e.basis (its reductions to zero mod p, and the seed's) all
// reduce to zero by G over Q.
func (e *engine) checkSkipped(G []*gpoly, events []traceEvent, in []*gpoly) (bool, error) {
	B := e.basis
	return e.allReduceToZero(G, len(events), func(red *engine, k int) (*gpoly, error) {
		return e.eventPoly(red, B, events[k], in)
	})
}

// unitByGrevlex reports whether the trace algorithm in the grevlex order
// proves that F generates the unit ideal.
func unitByGrevlex(r *poly.Ring, lim *limits, F []*poly.Poly) (bool, error) {
	rg, err := r.WithOrder(poly.Grevlex)
	if err != nil {
		return false, nil
	}
	Fg, err := poly.ToRingAll(F, rg)
	if err != nil {
		return false, nil
	}
	G, ok, err := traceBasis(rg, newMonoOps(rg), lim, nonzeroSorted(rg, Fg), nil)
	return ok && len(G) == 1 && G[0].m[0] == 0, err
}
