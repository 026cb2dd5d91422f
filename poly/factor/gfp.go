package factor

import (
	"math/big"
	"math/rand/v2"
)

// gpoly is a dense univariate polynomial over GF(p) for a word-size prime
// p < 2^32, so that a product of two residues fits in a uint64. Index i holds
// the coefficient of x^i; the last entry is nonzero.
type gpoly []uint64

func (f gpoly) deg() int { return len(f) - 1 }

func (f gpoly) trim() gpoly {
	n := len(f)
	for n > 0 && f[n-1] == 0 {
		n--
	}
	return f[:n]
}

func gfromZ(f upoly, p uint64) gpoly {
	h := make(gpoly, len(f))
	bp := new(big.Int).SetUint64(p)
	t := new(big.Int)
	for i, c := range f {
		h[i] = t.Mod(c, bp).Uint64()
	}
	return h.trim()
}

func gtoZ(f gpoly) upoly {
	h := make(upoly, len(f))
	for i, c := range f {
		h[i] = new(big.Int).SetUint64(c)
	}
	return h
}

// invMod returns a^-1 mod p for a coprime to p.
func invMod(a, p uint64) uint64 {
	t, newT := int64(0), int64(1)
	r, newR := int64(p), int64(a%p)
	for newR != 0 {
		q := r / newR
		t, newT = newT, t-q*newT
		r, newR = newR, r-q*newR
	}
	if t < 0 {
		t += int64(p)
	}
	return uint64(t)
}

func powMod(a, e, p uint64) uint64 {
	r := uint64(1)
	a %= p
	for e > 0 {
		if e&1 == 1 {
			r = r * a % p
		}
		a = a * a % p
		e >>= 1
	}
	return r
}

func gadd(f, g gpoly, p uint64) gpoly {
	if len(f) < len(g) {
		f, g = g, f
	}
	h := make(gpoly, len(f))
	copy(h, f)
	for i, c := range g {
		h[i] = (h[i] + c) % p
	}
	return h.trim()
}

func gsub(f, g gpoly, p uint64) gpoly {
	n := max(len(f), len(g))
	h := make(gpoly, n)
	copy(h, f)
	for i, c := range g {
		h[i] = (h[i] + p - c) % p
	}
	return h.trim()
}

func gmul(f, g gpoly, p uint64) gpoly {
	if len(f) == 0 || len(g) == 0 {
		return nil
	}
	h := make(gpoly, len(f)+len(g)-1)
	for i, a := range f {
		if a == 0 {
			continue
		}
		for j, b := range g {
			h[i+j] = (h[i+j] + a*b) % p
		}
	}
	return h.trim()
}

func gscale(f gpoly, c, p uint64) gpoly {
	h := make(gpoly, len(f))
	for i, a := range f {
		h[i] = a * c % p
	}
	return h.trim()
}

func gmonic(f gpoly, p uint64) gpoly {
	if len(f) == 0 || f[len(f)-1] == 1 {
		return f
	}
	return gscale(f, invMod(f[len(f)-1], p), p)
}

// gdivmod divides f by nonzero g: f = q*g + r with deg r < deg g.
func gdivmod(f, g gpoly, p uint64) (q, r gpoly) {
	if len(f) < len(g) {
		return nil, append(gpoly(nil), f...)
	}
	r = append(gpoly(nil), f...)
	q = make(gpoly, len(f)-len(g)+1)
	inv := invMod(g[len(g)-1], p)
	for k := len(q) - 1; k >= 0; k-- {
		c := r[k+len(g)-1] * inv % p
		q[k] = c
		if c == 0 {
			continue
		}
		for j, b := range g {
			r[k+j] = (r[k+j] + p - c*b%p) % p
		}
	}
	return q.trim(), r[:len(g)-1].trim()
}

func grem(f, g gpoly, p uint64) gpoly {
	_, r := gdivmod(f, g, p)
	return r
}

// ggcd returns the monic gcd.
func ggcd(f, g gpoly, p uint64) gpoly {
	for len(g) > 0 {
		f, g = g, grem(f, g, p)
	}
	return gmonic(f, p)
}

// ggcdex returns the monic gcd d and s, t with s*f + t*g = d.
func ggcdex(f, g gpoly, p uint64) (s, t, d gpoly) {
	r0, r1 := f, g
	s0, s1 := gpoly{1}, gpoly(nil)
	t0, t1 := gpoly(nil), gpoly{1}
	for len(r1) > 0 {
		q, r := gdivmod(r0, r1, p)
		r0, r1 = r1, r
		s0, s1 = s1, gsub(s0, gmul(q, s1, p), p)
		t0, t1 = t1, gsub(t0, gmul(q, t1, p), p)
	}
	if len(r0) == 0 {
		return nil, nil, nil
	}
	inv := invMod(r0[len(r0)-1], p)
	return gscale(s0, inv, p), gscale(t0, inv, p), gscale(r0, inv, p)
}

func gderiv(f gpoly, p uint64) gpoly {
	if len(f) <= 1 {
		return nil
	}
	h := make(gpoly, len(f)-1)
	for i := 1; i < len(f); i++ {
		h[i-1] = f[i] * (uint64(i) % p) % p
	}
	return h.trim()
}

// gpowmod returns f^e mod g by square-and-multiply on the bits of e.
func gpowmod(f gpoly, e *big.Int, g gpoly, p uint64) gpoly {
	r := gpoly{1}
	f = grem(f, g, p)
	for i := e.BitLen() - 1; i >= 0; i-- {
		r = grem(gmul(r, r, p), g, p)
		if e.Bit(i) == 1 {
			r = grem(gmul(r, f, p), g, p)
		}
	}
	return r
}

// gsqfree reports whether f is square-free over GF(p); f must have degree
// below p so that f' vanishes only for constants.
func gsqfree(f gpoly, p uint64) bool {
	return ggcd(f, gderiv(f, p), p).deg() == 0
}

// gddf is distinct-degree factorization (von zur Gathen & Gerhard, Modern
// Computer Algebra, Alg. 14.3): for monic square-free f it returns pairs
// (g_d, d) where g_d is the product of all irreducible factors of degree d.
// Cost: O(n) modular powerings x^p mod f, each O(n^2 log p).
func gddf(f gpoly, p uint64) (parts []gpoly, degs []int) {
	bp := new(big.Int).SetUint64(p)
	x := gpoly{0, 1}
	h := x
	for d := 1; 2*d <= f.deg(); d++ {
		h = gpowmod(h, bp, f, p)
		g := ggcd(f, gsub(h, x, p), p)
		if g.deg() > 0 {
			parts = append(parts, g)
			degs = append(degs, d)
			f, _ = gdivmod(f, g, p)
			h = grem(h, f, p)
		}
	}
	if f.deg() > 0 {
		parts = append(parts, f)
		degs = append(degs, f.deg())
	}
	return parts, degs
}

// gedf splits g, a monic product of irreducibles of degree d each, by the
// equal-degree algorithm of Cantor and Zassenhaus (Modern Computer Algebra,
// Alg. 14.8) for odd p: gcd(a^((p^d-1)/2) - 1, g) is a proper factor with
// probability about 1/2 for random a. The generator is seeded so results are
// reproducible.
func gedf(g gpoly, d int, p uint64, rng *rand.Rand) []gpoly {
	n := g.deg()
	if n == d {
		return []gpoly{g}
	}
	e := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(d)), nil)
	e.Sub(e, bigOne)
	e.Rsh(e, 1)
	for {
		a := make(gpoly, n)
		for i := range a {
			a[i] = rng.Uint64N(p)
		}
		a = a.trim()
		if a.deg() < 1 {
			continue
		}
		b := gpowmod(a, e, g, p)
		b = gsub(b, gpoly{1}, p)
		h := ggcd(g, b, p)
		if h.deg() > 0 && h.deg() < n {
			q, _ := gdivmod(g, h, p)
			return append(gedf(h, d, p, rng), gedf(gmonic(q, p), d, p, rng)...)
		}
	}
}

// gfactorSqf returns the monic irreducible factors of the monic square-free
// f over GF(p), p odd.
func gfactorSqf(f gpoly, p uint64, rng *rand.Rand) []gpoly {
	parts, degs := gddf(f, p)
	var out []gpoly
	for i, g := range parts {
		out = append(out, gedf(g, degs[i], p, rng)...)
	}
	return out
}

// gcountFactors counts the irreducible factors of the monic square-free f
// from its distinct-degree factorization, which is cheaper than splitting.
func gcountFactors(f gpoly, p uint64) int {
	parts, degs := gddf(f, p)
	n := 0
	for i, g := range parts {
		n += g.deg() / degs[i]
	}
	return n
}
