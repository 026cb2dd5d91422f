package groebner

import (
	"math/big"
	"math/bits"
	"sync"
)

// Chinese remaindering, rational reconstruction and the word-size primes
// of the multi-modular FGLM.

// crtAdd folds the residues mod p into res, which are residues mod M.
func crtAdd(res [][]*big.Int, M *big.Int, coef [][]uint64, p uint64, t *big.Int) {
	minv := modInv(wordMod(M, p), p)
	for k, row := range coef {
		for j, a := range row {
			r := res[k][j]
			rp := wordMod(r, p)
			// r += M * ((a - r) / M mod p)
			d := (a + p - rp) % p * minv % p
			if d != 0 {
				r.Add(r, t.Mul(M, t.SetUint64(d)))
			}
		}
	}
}

// reconstructAll returns the rationals with residues res mod M, or nil
// when one has none with numerator and denominator below sqrt(M/2). The
// coefficients of one basis element share most of their denominator, so
// each row first tries the denominator found so far, a multiplication
// instead of an extended Euclid.
func reconstructAll(res [][]*big.Int, M *big.Int) [][]*big.Rat {
	out, _, _ := reconstructAt(res, M)
	return out
}

// witness is the coefficient of a multi-modular basis that last failed
// to reconstruct. Coefficients become reconstructible at about the same
// prime, so one failing at the last attempt usually fails again: trying
// it alone first spares the full pass over the coefficients reconstructed
// before it (on katsura-8, reconstruction after every prime took as long
// as the F4 runs).
type witness struct{ k, j int }

// reconstruct is reconstructAll, nil at once when the witness coefficient
// has no reconstruction; a failure moves the witness to the coefficient
// that failed.
func (w *witness) reconstruct(res [][]*big.Int, M *big.Int) [][]*big.Rat {
	if w.k < len(res) && w.j < len(res[w.k]) {
		bound := new(big.Int).Rsh(M, 1)
		bound.Sqrt(bound)
		if _, ok := ratReconstruct(res[w.k][w.j], M, bound); !ok {
			return nil
		}
	}
	out, k, j := reconstructAt(res, M)
	if out == nil {
		w.k, w.j = k, j
	}
	return out
}

// reconstructAt is reconstructAll, also giving the position of the
// coefficient that failed.
func reconstructAt(res [][]*big.Int, M *big.Int) (out [][]*big.Rat, fk, fj int) {
	bound := new(big.Int).Rsh(M, 1)
	bound.Sqrt(bound)
	half := new(big.Int).Rsh(M, 1)
	// First every numerator over the denominator of its row so far, and
	// only once all are found the normalized fractions: a pass that fails
	// (most of them) then costs no gcd of a fraction.
	type frac struct{ num, den *big.Int }
	fracs := make([][]frac, len(res))
	for k, row := range res {
		den := big.NewInt(1) // replaced, never changed: earlier fractions keep it
		fracs[k] = make([]frac, len(row))
		for j, r := range row {
			x := new(big.Int).Mul(r, den)
			x.Mod(x, M)
			if x.Cmp(half) > 0 {
				x.Sub(x, M)
			}
			// With |x| and den both within the bound, x/den is the only
			// fraction that small with this residue.
			if x.CmpAbs(bound) <= 0 && den.Cmp(bound) <= 0 {
				fracs[k][j] = frac{x, den}
				continue
			}
			c, ok := ratReconstruct(r, M, bound)
			if !ok {
				return nil, k, j
			}
			fracs[k][j] = frac{c.Num(), c.Denom()}
			g := new(big.Int).GCD(nil, nil, den, c.Denom())
			den = new(big.Int).Mul(den, g.Quo(c.Denom(), g))
		}
	}
	out = make([][]*big.Rat, len(res))
	for k, row := range fracs {
		out[k] = make([]*big.Rat, len(row))
		for j, f := range row {
			out[k][j] = new(big.Rat).SetFrac(f.num, f.den)
		}
	}
	return out, 0, 0
}

// ratReconstruct returns n/d = a mod M with |n|, d <= bound and gcd 1, by
// the extended Euclidean algorithm stopped halfway.
func ratReconstruct(a, M, bound *big.Int) (*big.Rat, bool) {
	r0, r1 := new(big.Int).Set(M), new(big.Int).Set(a)
	t0, t1 := new(big.Int), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.CmpAbs(bound) > 0 {
		q.QuoRem(r0, r1, tmp)
		r0, r1, tmp = r1, tmp, r0
		tmp.Mul(q, t1)
		tmp.Sub(t0, tmp)
		t0, t1, tmp = t1, tmp, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, false
	}
	if q.GCD(nil, nil, r1, t1).Cmp(big.NewInt(1)) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(r1, t1), true
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
