package groebner

import (
	"hash/fnv"
	"math/big"
	"runtime"
	"slices"
	"sync"

	"github.com/families-project/families/poly"
)

// Multi-modular reduced bases. The reduced Gröbner basis of F is computed
// modulo several word-size primes; bases with the same monomial support
// are combined by Chinese remaindering and their coefficients recovered by
// rational reconstruction until one more prime confirms them. Nothing of
// this is trusted: the candidate is proved over Q afterwards (arnold.go).
// Only the final basis, whose coefficients are usually far smaller than
// those met on the way by any algorithm over Q, is ever handled exactly.

// maxModPrimes bounds the primes one modular basis may use: 31 bits each,
// so coefficients whose numerators and denominators have up to some 900
// bits together. Beyond it the trace algorithm, which pays for its
// coefficients as it meets them, is the better bet.
const maxModPrimes = 60

// modBasis is the reduced basis mod p of a run: monic elements by
// increasing leading monomial, with a key of its monomial support.
type modBasis struct {
	p    uint64
	g    []*mpoly
	key  uint64
	unit bool
	ok   bool // p suits the input (divides no denominator or leading coefficient)
}

// modRun computes the reduced basis of F mod p by a full run (runF4), and
// returns the run's trace: F4's (f4_trace.go) when F4 ran, Buchberger's
// where runF4 leaves the run to it.
func modRun(ops *monoOps, lim *limits, F []*poly.Poly, p uint64, keep func([]uint16) bool) (modBasis, []traceEvent, *f4Trace, error) {
	me := newModEngine(ops, p, lim)
	rec := &f4Trace{}
	me.f4 = &f4Tracer{rec: rec}
	ok, err := me.runF4(F)
	if err != nil || !ok {
		return modBasis{p: p}, nil, nil, err
	}
	if len(rec.steps) == 0 {
		rec = nil // runF4 ran Buchberger's algorithm: me.trace is its trace
	}
	return me.result(keep), me.trace, rec, lim.check()
}

// modFollowF4 computes the reduced basis of F mod p by an F4 run that
// builds only the rows that mattered in the recorded run rec mod another
// prime (f4_trace.go). ok is false (in the result) when the run takes
// other steps or finds other leading monomials.
func modFollowF4(ops *monoOps, lim *limits, F []*poly.Poly, p uint64, rec *f4Trace, keep func([]uint16) bool) (modBasis, error) {
	me := newModEngine(ops, p, lim)
	me.f4 = &f4Tracer{follow: rec}
	ok, err := me.runF4(F)
	if err != nil || !ok {
		return modBasis{p: p}, err
	}
	return me.result(keep), lim.check()
}

// result returns the reduced basis mod p of a finished run.
func (me *modEngine) result(keep func([]uint16) bool) modBasis {
	b := modBasis{p: me.p, ok: true, unit: me.unit()}
	if b.unit {
		b.g = me.basis
	} else {
		b.g = keepOnly(me.finish(), keep)
	}
	b.sign()
	return b
}

// modFollow computes the reduced basis of F mod p by redoing only the
// reductions that gave a new element in the trace of a full run mod
// another prime: most S-pairs reduce to zero, and this skips them. If p
// behaves differently (a leading monomial differs), ok is false. When a
// skipped pair does not reduce to zero mod p, the result is not a basis
// mod p; the candidate then fails to reconstruct or to pass the exact
// proof, which trusts nothing computed here.
func modFollow(ops *monoOps, lim *limits, F []*poly.Poly, p uint64, trace []traceEvent, keep func([]uint16) bool) (modBasis, error) {
	me := newModEngine(ops, p, lim)
	s := me.s
	fail := modBasis{p: p}
	for _, ev := range trace {
		if ev.lm == nil {
			continue
		}
		var w *mpoly
		if ev.i < 0 {
			g, ok := me.fromPoly(F[ev.j])
			if !ok {
				return fail, nil
			}
			w = g
		} else {
			f, g := me.basis[ev.i], me.basis[ev.j]
			l := make([]uint16, s)
			monoLCM(l, f.m[:s], g.m[:s])
			var err error
			if w, err = me.spoly(f, g, l); err != nil {
				return fail, err
			}
		}
		h, err := me.reduce(w, ops.tail)
		if err != nil {
			return fail, err
		}
		if len(h.c) == 0 || !monoEqual(h.m[:s], ev.lm) {
			return fail, nil
		}
		me.makeMonic(h)
		for k := range len(h.c) {
			h.deg = max(h.deg, int(h.m[k*s]))
		}
		me.basis = append(me.basis, h)
		me.red.add(ops, h.m[:s], h.sugar, len(h.c))
	}
	b := modBasis{p: p, ok: true, g: keepOnly(me.finish(), keep)}
	b.sign()
	return b, lim.check()
}

// keepOnly returns the elements of G whose leading monomial keep accepts.
func keepOnly(G []*mpoly, keep func([]uint16) bool) []*mpoly {
	if keep == nil {
		return G
	}
	return slices.DeleteFunc(G, func(g *mpoly) bool { return !keep(g.m) })
}

// sign sets b.key from the monomial support of b.g.
func (b *modBasis) sign() {
	h := fnv.New64a()
	var buf [2]byte
	for _, g := range b.g {
		for _, v := range g.m {
			buf[0], buf[1] = byte(v), byte(v>>8)
			h.Write(buf[:])
		}
		buf[0], buf[1] = 0xff, 0xff // element separator
		h.Write(buf[:])
	}
	b.key = h.Sum64()
}

// newResidues returns an empty store for coefficients shaped like b's.
func (b *modBasis) newResidues() *residues {
	lens := make([]int, len(b.g))
	for k, g := range b.g {
		lens[k] = len(g.c)
	}
	return newResidues(lens)
}

// column returns b's coefficients one element after another, as
// residues.add takes them.
func (b *modBasis) column() []uint32 {
	n := 0
	for _, g := range b.g {
		n += len(g.c)
	}
	col := make([]uint32, 0, n)
	for _, g := range b.g {
		col = append(col, g.c...)
	}
	return col
}

// agrees reports whether the reconstruction Q reduces mod b.p to b. The
// inverse of a row's denominator is computed once for the coefficients
// that share it.
func agrees(Q *ratCoefs, b modBasis) bool {
	x := new(big.Int)
	var den *big.Int
	var inv uint64
	for k, g := range b.g {
		s := Q.rowAt(k)
		for j, v := range g.c {
			if d := Q.dens[s+j]; d != den {
				dp := wordMod(d, b.p)
				if dp == 0 {
					return false
				}
				den, inv = d, modInv(dp, b.p)
			}
			if wordMod(Q.num(s+j, x), b.p)*inv%b.p != uint64(v) {
				return false
			}
		}
	}
	return true
}

// modularCandidate returns the rational reduced basis (by increasing
// leading monomial) that the reduced bases of F modulo successive primes
// agree on, or ok = false when maxModPrimes primes do not settle it. The
// bases of the support that most primes give are combined (a prime that
// changes the support is unlucky or kills a coefficient); a reconstruction
// is accepted once the next prime of that support confirms it. The primes
// run in parallel on up to GOMAXPROCS cores. Cost: one modular Buchberger
// run per prime, about (bits of the largest numerator and denominator)/15
// of them, plus the Chinese remaindering.
func modularCandidate(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly) (G []*poly.Poly, unit, ok bool, err error) {
	return modularCandidateKeep(r, ops, lim, F, nil)
}

// modularCandidateKeep is modularCandidate for the elements of the reduced
// basis whose leading monomial keep accepts (all when keep is nil).
func modularCandidateKeep(r *poly.Ring, ops *monoOps, lim *limits, F []*poly.Poly, keep func(lm []uint16) bool) (G []*poly.Poly, unit, ok bool, err error) {
	var (
		first modBasis
		trace []traceEvent
		f4rec *f4Trace
		next  int
	)
	for !first.ok {
		if next >= 3 {
			return nil, false, false, nil // the inputs' coefficients defeat the primes
		}
		if first, trace, f4rec, err = modRun(ops, lim, F, fglmPrime(next), keep); err != nil {
			return nil, false, false, err
		}
		next++
	}
	if first.unit {
		// 1 is in <F> mod p; over Q the certificate decides.
		return nil, true, true, nil
	}
	// Only bases with the full run's support count: the exact proof
	// (arnold.go) needs the leading monomials of a true basis mod p.
	acc := first.newResidues()
	acc.add(first.column(), first.p)
	var wit witness
	cand := wit.reconstruct(acc)
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	for next < maxModPrimes {
		batch := make([]modBasis, min(workers, maxModPrimes-next))
		errs := make([]error, len(batch))
		var wg sync.WaitGroup
		for w := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch {
				case f4rec != nil:
					batch[w], errs[w] = modFollowF4(ops, lim, F, fglmPrime(next+w), f4rec, keep)
				case trace != nil:
					batch[w], errs[w] = modFollow(ops, lim, F, fglmPrime(next+w), trace, keep)
				default:
					batch[w], _, _, errs[w] = modRun(ops, lim, F, fglmPrime(next+w), keep)
				}
			}()
		}
		wg.Wait()
		next += len(batch)
		for w, b := range batch {
			if errs[w] != nil {
				return nil, false, false, errs[w]
			}
			if !b.ok || b.key != first.key {
				continue
			}
			if cand != nil && agrees(cand, b) {
				return toPolys(r, first, cand.rats()), false, true, nil
			}
			acc.add(b.column(), b.p)
			if lim != nil && lim.maxBits > 0 && acc.M.BitLen() > 2*lim.maxBits+64 {
				// Numerators and denominators within the bound are
				// recovered by now.
				return nil, false, false, &LimitError{Limit: LimitCoeffBits, Value: int64(lim.maxBits)}
			}
			// The old candidate is garbage once folded: let it go before
			// the reconstruction builds the next (the candidate phase's
			// peak memory holds the residues and both).
			cand = nil
			cand = wit.reconstruct(acc)
		}
	}
	return nil, false, false, nil
}

// toPolys returns the polynomials with the support of b and coefficients Q.
func toPolys(r *poly.Ring, b modBasis, Q [][]*big.Rat) []*poly.Poly {
	s := r.NumVars() + 1
	out := make([]*poly.Poly, len(b.g))
	for k, g := range b.g {
		m := make([]poly.Monomial, len(g.c))
		for j := range m {
			m[j] = poly.Monomial(g.m[j*s : (j+1)*s])
		}
		out[k] = r.FromTerms(Q[k], m)
	}
	return out
}
