package factor

import (
	"math/big"
	"sync"
)

// Word-size primes below 2^31 for the modular algorithms; a product of two
// residues fits a uint64 without overflow. The list grows on demand.
var (
	gcdPrimesMu sync.Mutex
	gcdPrimes   []uint64
)

// bigPrime returns the i-th prime below 2^31, descending. Primality is decided
// by Baillie-PSW, which is exact below 2^64.
func bigPrime(i int) uint64 {
	gcdPrimesMu.Lock()
	defer gcdPrimesMu.Unlock()
	for len(gcdPrimes) <= i {
		p := uint64(1)<<31 + 1
		if n := len(gcdPrimes); n > 0 {
			p = gcdPrimes[n-1]
		}
		for p -= 2; !new(big.Int).SetUint64(p).ProbablyPrime(0); p -= 2 {
		}
		gcdPrimes = append(gcdPrimes, p)
	}
	return gcdPrimes[i]
}

// smallPrimes lists the odd primes used for modular factorization, where a
// small prime keeps the distinct-degree step cheap.
var smallPrimes = func() []uint64 {
	var ps []uint64
	for n := uint64(3); n < 5000; n += 2 {
		prime := true
		for _, q := range ps {
			if q*q > n {
				break
			}
			if n%q == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, n)
		}
	}
	return ps
}()

// crtInto combines c (mod m) with the residues r (mod p) into the symmetric
// representative modulo m*p. c is indexed like r; both have length n.
func crtCoef(c, m *big.Int, r, p uint64, mInvP uint64) *big.Int {
	// x = c + m * ((r - c) * m^-1 mod p)
	bp := new(big.Int).SetUint64(p)
	cm := new(big.Int).Mod(c, bp).Uint64()
	d := (r + p - cm) % p * mInvP % p
	x := new(big.Int).SetUint64(d)
	x.Mul(x, m)
	return x.Add(x, c)
}

// ugcd is the gcd of f and g in Z[x], primitive with positive leading
// coefficient times the gcd of the contents. It is the modular algorithm
// with many word primes (von zur Gathen & Gerhard, Modern Computer Algebra,
// Alg. 6.38; Geddes, Czapor & Labahn, Algorithms for Computer Algebra,
// Alg. 7.1): images mod p are combined by Chinese remaindering until the
// primitive part of the result divides both inputs, so the result is always
// verified. Unlucky primes show up as a too-large degree and are discarded.
// Cost: a few univariate Euclidean gcds over GF(p) per coefficient word.
func ugcd(f, g upoly) upoly {
	if len(f) == 0 {
		_, pg := uprimitive(g)
		return uscale(pg, ucontent(g))
	}
	if len(g) == 0 {
		_, pf := uprimitive(f)
		return uscale(pf, ucontent(f))
	}
	cf, pf := uprimitive(f)
	cg, pg := uprimitive(g)
	c := new(big.Int).GCD(nil, nil, new(big.Int).Abs(cf), new(big.Int).Abs(cg))
	if pf.deg() == 0 || pg.deg() == 0 {
		return upoly{c}
	}
	if uequal(pf, pg) {
		return uscale(pf, c)
	}
	b := new(big.Int).GCD(nil, nil, pf.lc(), pg.lc())
	var cur upoly // current combined image, symmetric mod m
	var m *big.Int
	bp := new(big.Int)
	for i := 0; ; i++ {
		p := bigPrime(i)
		bp.SetUint64(p)
		bm := new(big.Int).Mod(b, bp).Uint64()
		if bm == 0 {
			continue
		}
		h := ggcd(gfromZ(pf, p), gfromZ(pg, p), p)
		if h.deg() == 0 {
			return upoly{c}
		}
		h = gscale(h, bm, p)
		if cur != nil && h.deg() > cur.deg() {
			continue // unlucky prime
		}
		if cur == nil || h.deg() < cur.deg() {
			cur = usymmod(gtoZ(h), bp)
			m = new(big.Int).Set(bp)
		} else {
			inv := invMod(new(big.Int).Mod(m, bp).Uint64(), p)
			next := make(upoly, len(cur))
			for k := range cur {
				next[k] = crtCoef(cur[k], m, h[k], p, inv)
			}
			m.Mul(m, bp)
			next = usymmod(next, m)
			if !uequal(next, cur) {
				cur = next
				continue
			}
		}
		// The image has been stable (or is new): test it.
		_, pc := uprimitive(cur)
		if _, ok := udivExact(pf, pc); !ok {
			continue
		}
		if _, ok := udivExact(pg, pc); !ok {
			continue
		}
		return uscale(pc, c)
	}
}

// usqf is Yun's square-free decomposition of the primitive f with positive
// leading coefficient (Modern Computer Algebra, Alg. 14.21): it returns
// primitive pairwise coprime square-free a_1..a_k with f = prod a_i^i
// (entries may be 1). Over Z every division below is exact by Gauss's lemma
// because the gcds are primitive. Cost: k+1 gcds.
func usqf(f upoly) []upoly {
	fp := uderiv(f)
	a0 := ugcd(f, fp)
	if a0.deg() == 0 {
		return []upoly{f}
	}
	b, _ := udivExact(f, a0)
	c, _ := udivExact(fp, a0)
	d := usub(c, uderiv(b))
	var out []upoly
	for b.deg() > 0 {
		a := ugcd(b, d)
		out = append(out, a)
		b, _ = udivExact(b, a)
		c, _ = udivExact(d, a)
		d = usub(c, uderiv(b))
	}
	return out
}
