package groebner

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// Chinese remaindering, rational reconstruction and the word-size primes
// of the multi-modular FGLM.

// reconstructAll returns the rationals with residues res mod M, or nil
// when one has none with numerator and denominator below sqrt(M/2). The
// coefficients of one basis element share most of their denominator, so
// each row first tries the denominator found so far, a multiplication
// instead of an extended Euclid.
func reconstructAll(res *residues) [][]*big.Rat {
	c, _, _ := reconstructAt(res, 0)
	if c == nil {
		return nil
	}
	return c.rats()
}

// witness is the coefficient of a multi-modular basis that last failed
// to reconstruct. Coefficients become reconstructible at about the same
// prime, so one failing at the last attempt usually fails again: trying
// it alone first spares the full pass over the coefficients reconstructed
// before it (on katsura-8, reconstruction after every prime took as long
// as the F4 runs). Once it passes, the next pass starts at its row: the
// rows before it reconstructed last time and almost always do again,
// while the failure, if any, lies after it (cyclic-8's elements become
// reconstructible one after another over some twenty primes, and passes
// from the first row took 14% of its candidate phase).
type witness struct{ k, j int }

// reconstruct is reconstructAll, nil at once when the witness coefficient
// has no reconstruction; a failure moves the witness to the coefficient
// that failed.
func (w *witness) reconstruct(res *residues) *ratCoefs {
	if w.k >= res.rows() || w.j >= res.rowLen(w.k) {
		w.k, w.j = 0, 0
	}
	if res.count() > 0 {
		bound := new(big.Int).Rsh(res.M, 1)
		bound.Sqrt(bound)
		if _, ok := ratReconstruct(res.value(res.index(w.k, w.j), new(big.Int)), res.M, bound); !ok {
			return nil
		}
	}
	out, k, j := reconstructAt(res, w.k)
	if out == nil {
		w.k, w.j = k, j
	}
	return out
}

// ratCoefs holds the rationals of a reconstruction by rows, compactly:
// the numerators' words one after another and a denominator shared
// within a row until it changes, in the order of the pass that found
// them, which starts at row from. As rationals (rats) cyclic-8's took 117
// MB, and the candidate waits for the next prime's check (agrees) beside
// the residues, which only its acceptance frees.
type ratCoefs struct {
	start []int // as residues.start
	from  int
	words []big.Word
	off   []int // numerator s is words[off[s]:off[s+1]]
	neg   []bool
	dens  []*big.Int
}

// rowAt returns the place in the pass of the first coefficient of row k.
func (c *ratCoefs) rowAt(k int) int {
	n := c.start[len(c.start)-1]
	return (c.start[k] - c.start[c.from] + n) % max(n, 1)
}

// num sets z to numerator s, aliasing its words, and returns z.
func (c *ratCoefs) num(s int, z *big.Int) *big.Int {
	z.SetBits(c.words[c.off[s]:c.off[s+1]])
	if c.neg[s] {
		z.Neg(z)
	}
	return z
}

// rats returns the coefficients as rationals by row. Cost: a gcd and a
// copy a coefficient.
func (c *ratCoefs) rats() [][]*big.Rat {
	out := make([][]*big.Rat, len(c.start)-1)
	x := new(big.Int)
	for k := range out {
		out[k] = make([]*big.Rat, c.start[k+1]-c.start[k])
		s := c.rowAt(k)
		for j := range out[k] {
			out[k][j] = new(big.Rat).SetFrac(c.num(s+j, x), c.dens[s+j]) // SetFrac copies
		}
	}
	return out
}

// reconstructAt is reconstructAll with the rows taken from row from on
// and then from the first, also giving the position of the coefficient
// that failed (the result does not depend on the order: each
// coefficient's reconstruction is the unique fraction within the bound).
// A pass that fails (most of them) costs no gcd of a fraction and leaves
// little garbage.
func reconstructAt(res *residues, from int) (out *ratCoefs, fk, fj int) {
	M := res.M
	bound := new(big.Int).Rsh(M, 1)
	bound.Sqrt(bound)
	half := new(big.Int).Rsh(M, 1)
	n, rows := res.count(), res.rows()
	c := &ratCoefs{start: res.start, from: from, words: make([]big.Word, 0, n),
		off: make([]int, 1, n+1), neg: make([]bool, n), dens: make([]*big.Int, n)}
	r, x := new(big.Int), new(big.Int)
	q, t := new(big.Int), new(big.Int)
	for s, k := 0, from; k < from+rows; k++ {
		k := k % rows
		den := big.NewInt(1) // replaced, never changed: earlier fractions keep it
		for j := range res.rowLen(k) {
			res.value(res.index(k, j), r)
			t.Mul(r, den)
			q.QuoRem(t, M, x)
			if x.Cmp(half) > 0 {
				x.Sub(x, M)
			}
			// With |x| and den both within the bound, x/den is the only
			// fraction that small with this residue.
			num := x
			if x.CmpAbs(bound) > 0 || den.Cmp(bound) > 0 {
				f, ok := ratReconstruct(r, M, bound)
				if !ok {
					return nil, k, j
				}
				num = f.Num()
				g := new(big.Int).GCD(nil, nil, den, f.Denom())
				den = new(big.Int).Mul(den, g.Quo(f.Denom(), g))
				c.dens[s] = f.Denom()
			} else {
				c.dens[s] = den
			}
			c.words = append(c.words, num.Bits()...)
			c.off = append(c.off, len(c.words))
			c.neg[s] = num.Sign() < 0
			s++
		}
	}
	return c, 0, 0
}

// ratReconstruct returns n/d = a mod M with |n|, d <= bound and gcd 1, by
// the extended Euclidean algorithm stopped halfway (0 <= a < M). While the
// remainders are far above the bound it takes Lehmer's steps (lehmerStep):
// the quotients of a run of Euclid's steps read off the leading 60 bits,
// applied to the full numbers at once (eight products by a word), some
// 16 steps a batch: 4x faster on 600-bit residues (BenchmarkRatReconstruct;
// katsura-9's candidate spent 12% of its time here). Both take the same
// steps and stop at the same remainder.
func ratReconstruct(a, M, bound *big.Int) (*big.Rat, bool) {
	st := newEuclid(M, a)
	lehmerAbove := bound.BitLen() + 64
	for st.r1.CmpAbs(bound) > 0 {
		if st.r1.BitLen() > lehmerAbove {
			switch st.lehmerStep(bound) {
			case lehmerTaken:
				continue
			case lehmerPast:
				lehmerAbove = math.MaxInt // the bound is near: one step at a time
			}
		}
		st.step()
	}
	r1, t1 := st.r1, st.t1
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, false
	}
	if st.x.GCD(nil, nil, r1, t1).Cmp(big.NewInt(1)) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(r1, t1), true
}

// euclid is the state of the extended Euclidean algorithm on (M, a):
// remainders r0 > r1 >= 0 with r_i = t_i a mod M.
type euclid struct {
	r0, r1, t0, t1 *big.Int
	n0, n1, u0, u1 *big.Int // the next state, kept apart until accepted
	x              *big.Int
}

// newEuclid returns the state (M, a) with cofactors (0, 1).
func newEuclid(M, a *big.Int) *euclid {
	st := &euclid{r0: new(big.Int).Set(M), r1: new(big.Int).Set(a), t0: new(big.Int), t1: big.NewInt(1),
		n0: new(big.Int), n1: new(big.Int), u0: new(big.Int), u1: new(big.Int), x: new(big.Int)}
	return st
}

// The outcomes of lehmerStep.
const (
	lehmerTaken = iota // st advanced
	lehmerNone         // the leading bits determine no step
	lehmerPast         // the steps would bring r1 to the bound or below
)

// step advances st by one step of Euclid's algorithm, a big division.
func (st *euclid) step() {
	st.n0.QuoRem(st.r0, st.r1, st.n1) // quotient n0, remainder n1
	st.u1.Mul(st.n0, st.t1)
	st.u1.Sub(st.t0, st.u1)
	st.r0, st.r1, st.n1 = st.r1, st.n1, st.r0
	st.t0, st.t1, st.u1 = st.t1, st.u1, st.t0
}

// lehmerStep advances st by the steps of Euclid's algorithm that the
// leading 60 bits of r0 and r1 determine (D. E. Knuth, The Art of Computer
// Programming 2, Algorithm 4.5.2L: a step is taken only when the
// quotients of the two extreme values the leading bits allow agree, so
// each is the true quotient). It leaves st unchanged when it cannot take
// a step (lehmerNone: a large quotient; the caller takes a plain step)
// or when the steps would bring r1 to the bound or below (lehmerPast:
// the plain steps then find the exact stopping point).
func (st *euclid) lehmerStep(bound *big.Int) int {
	k := st.r0.BitLen() - 60
	if k < 0 {
		return lehmerNone
	}
	x := int64(st.x.Rsh(st.r0, uint(k)).Uint64())
	y := int64(st.x.Rsh(st.r1, uint(k)).Uint64())
	// Cofactors: the state after the steps is (A r0 + B r1, C r0 + D r1).
	A, B, C, D := int64(1), int64(0), int64(0), int64(1)
	for {
		if y+C <= 0 || y+D <= 0 || x+A < 0 || x+B < 0 {
			break
		}
		q := (x + A) / (y + C)
		if q != (x+B)/(y+D) {
			break
		}
		A, C = C, A-q*C
		B, D = D, B-q*D
		x, y = y, x-q*y
	}
	if B == 0 {
		return lehmerNone
	}
	combine(st.n0, st.r0, st.r1, A, B, st.x)
	combine(st.n1, st.r0, st.r1, C, D, st.x)
	if st.n1.CmpAbs(bound) <= 0 {
		return lehmerPast
	}
	combine(st.u0, st.t0, st.t1, A, B, st.x)
	combine(st.u1, st.t0, st.t1, C, D, st.x)
	st.r0, st.n0 = st.n0, st.r0
	st.r1, st.n1 = st.n1, st.r1
	st.t0, st.u0 = st.u0, st.t0
	st.t1, st.u1 = st.u1, st.t1
	return lehmerTaken
}

// combine sets z = a u + b v, with tmp as scratch.
func combine(z, u, v *big.Int, a, b int64, tmp *big.Int) {
	z.Mul(u, tmp.SetInt64(a))
	z.Add(z, tmp.Mul(v, tmp.SetInt64(b)))
}

// wordMod returns x mod p in [0, p) for p < 2^32, reading x's words in
// place: big.Int's Mod would allocate a quotient as long as x.
func wordMod(x *big.Int, p uint64) uint64 {
	if bits.UintSize != 64 {
		return new(big.Int).Mod(x, new(big.Int).SetUint64(p)).Uint64()
	}
	var r uint64
	ws := x.Bits()
	for i := len(ws) - 1; i >= 0; i-- {
		_, r = bits.Div64(r, uint64(ws[i]), p)
	}
	if x.Sign() < 0 && r != 0 {
		r = p - r
	}
	return r
}

// fglmPrime returns the i-th prime below 2^31, largest first; products
// of two residues fit in a uint64 with room for one addition.
func fglmPrime(i int) uint64 {
	fglmPrimes.Lock()
	defer fglmPrimes.Unlock()
	for len(fglmPrimes.list) <= i {
		c := uint64(1<<31 - 1)
		if n := len(fglmPrimes.list); n > 0 {
			c = fglmPrimes.list[n-1] - 2
		}
		for !isPrime32(c) {
			c -= 2
		}
		fglmPrimes.list = append(fglmPrimes.list, c)
	}
	return fglmPrimes.list[i]
}

var fglmPrimes struct {
	sync.Mutex
	list []uint64
}

// isPrime32 is the deterministic Miller-Rabin test for n < 2^32 with the
// bases 2, 7 and 61.
func isPrime32(n uint64) bool {
	if n < 2 {
		return false
	}
	for _, p := range []uint64{2, 3, 5, 7, 11, 13, 61} {
		if n%p == 0 {
			return n == p
		}
	}
	d, s := n-1, 0
	for d&1 == 0 {
		d >>= 1
		s++
	}
	for _, a := range []uint64{2, 7, 61} {
		x := powMod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		composite := true
		for r := 1; r < s; r++ {
			x = x * x % n
			if x == n-1 {
				composite = false
				break
			}
		}
		if composite {
			return false
		}
	}
	return true
}

func powMod(a, e, n uint64) uint64 {
	r := uint64(1)
	a %= n
	for e > 0 {
		if e&1 == 1 {
			hi, lo := bits.Mul64(r, a)
			_, r = bits.Div64(hi, lo, n)
		}
		hi, lo := bits.Mul64(a, a)
		_, a = bits.Div64(hi, lo, n)
		e >>= 1
	}
	return r
}
