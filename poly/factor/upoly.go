package factor

import (
	"math/big"
)

// upoly is a dense univariate polynomial over Z: u[i] is the coefficient of
// x^i and the last entry is nonzero (the zero polynomial is empty). The
// big.Ints of a upoly are never modified after it is built, so slices may
// share them freely; every operation allocates fresh results.
type upoly []*big.Int

var bigOne = big.NewInt(1)

func (f upoly) deg() int { return len(f) - 1 }

func (f upoly) lc() *big.Int { return f[len(f)-1] }

func (f upoly) trim() upoly {
	n := len(f)
	for n > 0 && (f[n-1] == nil || f[n-1].Sign() == 0) {
		n--
	}
	f = f[:n]
	for i, c := range f {
		if c == nil {
			f[i] = new(big.Int)
		}
	}
	return f
}

func uequal(f, g upoly) bool {
	if len(f) != len(g) {
		return false
	}
	for i := range f {
		if f[i].Cmp(g[i]) != 0 {
			return false
		}
	}
	return true
}

func uadd(f, g upoly) upoly {
	if len(f) < len(g) {
		f, g = g, f
	}
	h := make(upoly, len(f))
	for i := range f {
		h[i] = new(big.Int).Set(f[i])
		if i < len(g) {
			h[i].Add(h[i], g[i])
		}
	}
	return h.trim()
}

func usub(f, g upoly) upoly {
	n := max(len(f), len(g))
	h := make(upoly, n)
	for i := range h {
		h[i] = new(big.Int)
		if i < len(f) {
			h[i].Set(f[i])
		}
		if i < len(g) {
			h[i].Sub(h[i], g[i])
		}
	}
	return h.trim()
}

func umul(f, g upoly) upoly {
	if len(f) == 0 || len(g) == 0 {
		return nil
	}
	// Preallocating each sum's words avoids regrowing it on every
	// addition, the main cost of products of large-coefficient polynomials.
	wf, wg := 0, 0
	for _, c := range f {
		wf = max(wf, len(c.Bits()))
	}
	for _, c := range g {
		wg = max(wg, len(c.Bits()))
	}
	words := wf + wg + 1
	h := make(upoly, len(f)+len(g)-1)
	buf := make([]big.Word, 0, len(h)*words)
	for i := range h {
		h[i] = new(big.Int).SetBits(buf[i*words : i*words : (i+1)*words])
	}
	t := new(big.Int).SetBits(make([]big.Word, 0, words))
	for i, a := range f {
		if a.Sign() == 0 {
			continue
		}
		for j, b := range g {
			h[i+j].Add(h[i+j], t.Mul(a, b))
		}
	}
	return h.trim()
}

func uscale(f upoly, c *big.Int) upoly {
	if c.Sign() == 0 {
		return nil
	}
	h := make(upoly, len(f))
	for i := range f {
		h[i] = new(big.Int).Mul(f[i], c)
	}
	return h
}

// uquoInt divides every coefficient by c, which must divide them all.
func uquoInt(f upoly, c *big.Int) upoly {
	h := make(upoly, len(f))
	for i := range f {
		h[i] = new(big.Int).Quo(f[i], c)
	}
	return h
}

// ucontent is the nonnegative gcd of the coefficients.
func ucontent(f upoly) *big.Int {
	g := new(big.Int)
	for _, c := range f {
		g.GCD(nil, nil, g, new(big.Int).Abs(c))
		if g.Cmp(bigOne) == 0 {
			break
		}
	}
	return g
}

// uprimitive returns the content with the sign of the leading coefficient
// and the primitive part with a positive leading coefficient.
func uprimitive(f upoly) (*big.Int, upoly) {
	if len(f) == 0 {
		return new(big.Int), nil
	}
	c := ucontent(f)
	if f.lc().Sign() < 0 {
		c.Neg(c)
	}
	if c.Cmp(bigOne) == 0 {
		return c, f
	}
	return c, uquoInt(f, c)
}

func uderiv(f upoly) upoly {
	if len(f) <= 1 {
		return nil
	}
	h := make(upoly, len(f)-1)
	for i := 1; i < len(f); i++ {
		h[i-1] = new(big.Int).Mul(f[i], big.NewInt(int64(i)))
	}
	return h.trim()
}

// uevalHom returns the numerator of f(u/v)*v^deg f, which vanishes exactly
// when u/v is a root; it avoids rational arithmetic.
func uevalHom(f upoly, u, v *big.Int) *big.Int {
	s := new(big.Int)
	vp := big.NewInt(1)
	t := new(big.Int)
	// Horner in u with the powers of v attached to the low coefficients.
	for i := len(f) - 1; i >= 0; i-- {
		s.Mul(s, u)
		s.Add(s, t.Mul(f[i], vp))
		vp.Mul(vp, v)
	}
	return s
}

// udivExact divides f by g over Z and reports whether the division is exact
// (remainder zero and integral quotient).
func udivExact(f, g upoly) (upoly, bool) {
	if len(g) == 0 {
		return nil, false
	}
	if len(f) < len(g) {
		return nil, len(f) == 0
	}
	r := make(upoly, len(f))
	for i := range f {
		r[i] = new(big.Int).Set(f[i])
	}
	q := make(upoly, len(f)-len(g)+1)
	lg := g.lc()
	t, m := new(big.Int), new(big.Int)
	for k := len(q) - 1; k >= 0; k-- {
		c := r[k+len(g)-1]
		if c.Sign() == 0 {
			q[k] = new(big.Int)
			continue
		}
		qq, rr := new(big.Int).QuoRem(c, lg, m)
		if rr.Sign() != 0 {
			return nil, false
		}
		q[k] = qq
		for j := range g {
			r[k+j].Sub(r[k+j], t.Mul(qq, g[j]))
		}
	}
	for i := 0; i < len(g)-1; i++ {
		if r[i].Sign() != 0 {
			return nil, false
		}
	}
	return q.trim(), true
}

// udivMonic divides f by the monic g over Z: f = q*g + r, deg r < deg g.
func udivMonic(f, g upoly) (q, r upoly) {
	if len(f) < len(g) {
		return nil, f
	}
	rr := make(upoly, len(f))
	for i := range f {
		rr[i] = new(big.Int).Set(f[i])
	}
	q = make(upoly, len(f)-len(g)+1)
	t := new(big.Int)
	for k := len(q) - 1; k >= 0; k-- {
		c := new(big.Int).Set(rr[k+len(g)-1])
		q[k] = c
		if c.Sign() == 0 {
			continue
		}
		for j := range g {
			rr[k+j].Sub(rr[k+j], t.Mul(c, g[j]))
		}
	}
	return q.trim(), rr[:len(g)-1].trim()
}

// usymmod reduces every coefficient into the symmetric range (-m/2, m/2].
func usymmod(f upoly, m *big.Int) upoly {
	h := make(upoly, len(f))
	half := new(big.Int).Rsh(m, 1)
	for i := range f {
		c := new(big.Int).Mod(f[i], m)
		if c.Cmp(half) > 0 {
			c.Sub(c, m)
		}
		h[i] = c
	}
	return h.trim()
}

// usymmodOwned is usymmod for an f that the caller owns: the coefficients
// are reduced in place, saving an allocation per coefficient in the Hensel
// steps.
func usymmodOwned(f upoly, m *big.Int) upoly {
	half := new(big.Int).Rsh(m, 1)
	for _, c := range f {
		c.Mod(c, m)
		if c.Cmp(half) > 0 {
			c.Sub(c, m)
		}
	}
	return f.trim()
}

// umod reduces every coefficient into [0, m).
func umod(f upoly, m *big.Int) upoly {
	h := make(upoly, len(f))
	for i := range f {
		h[i] = new(big.Int).Mod(f[i], m)
	}
	return h.trim()
}

func umaxNorm(f upoly) *big.Int {
	n := new(big.Int)
	for _, c := range f {
		if c.CmpAbs(n) > 0 {
			n.Abs(c)
		}
	}
	return n
}

// ul2NormCeil is an integer upper bound for the Euclidean norm.
func ul2NormCeil(f upoly) *big.Int {
	s := new(big.Int)
	for _, c := range f {
		s.Add(s, new(big.Int).Mul(c, c))
	}
	r := new(big.Int).Sqrt(s)
	return r.Add(r, bigOne)
}

// factorBound bounds the 1-norm (so the coefficients, and the values at
// ±1) of lc(f)*g/lc(g) for every factor g of f in Z[x]: |g|_1 <=
// 2^deg(g) M(g) <= 2^deg(f) |f|_2 (Mignotte; von zur Gathen & Gerhard,
// Modern Computer Algebra, Cor. 6.33). These candidates are what the
// recombination reconstructs from the monic modular factors.
func factorBound(f upoly) *big.Int {
	b := ul2NormCeil(f)
	b.Lsh(b, uint(f.deg()))
	return b.Mul(b, new(big.Int).Abs(f.lc()))
}

// ugcdexMod computes s, t with s*f + t*g = 1 modulo the prime m, where f and
// g are coprime modulo m. It is the extended Euclidean algorithm over GF(m)
// with big coefficients (the univariate base case of the multivariate
// Diophantine solver, where m is a large prime).
func ugcdexMod(f, g upoly, m *big.Int) (s, t upoly, ok bool) {
	r0, r1 := umod(f, m), umod(g, m)
	s0, s1 := upoly{big.NewInt(1)}, upoly(nil)
	t0, t1 := upoly(nil), upoly{big.NewInt(1)}
	for len(r1) > 0 {
		q, r, okd := udivmodMod(r0, r1, m)
		if !okd {
			return nil, nil, false
		}
		r0, r1 = r1, r
		s0, s1 = s1, umod(usub(s0, umul(q, s1)), m)
		t0, t1 = t1, umod(usub(t0, umul(q, t1)), m)
	}
	if r0.deg() != 0 {
		return nil, nil, false
	}
	inv := new(big.Int).ModInverse(r0[0], m)
	if inv == nil {
		return nil, nil, false
	}
	return umod(uscale(s0, inv), m), umod(uscale(t0, inv), m), true
}

// udivmodMod divides modulo the prime m; coefficients end in [0, m).
func udivmodMod(f, g upoly, m *big.Int) (q, r upoly, ok bool) {
	g = umod(g, m)
	if len(g) == 0 {
		return nil, nil, false
	}
	inv := new(big.Int).ModInverse(g.lc(), m)
	if inv == nil {
		return nil, nil, false
	}
	rr := make(upoly, len(f))
	for i := range f {
		rr[i] = new(big.Int).Mod(f[i], m)
	}
	if len(f) < len(g) {
		return nil, rr.trim(), true
	}
	q = make(upoly, len(f)-len(g)+1)
	t := new(big.Int)
	for k := len(q) - 1; k >= 0; k-- {
		c := new(big.Int).Mul(rr[k+len(g)-1], inv)
		c.Mod(c, m)
		q[k] = c
		if c.Sign() == 0 {
			continue
		}
		for j := range g {
			rr[k+j].Sub(rr[k+j], t.Mul(c, g[j]))
			rr[k+j].Mod(rr[k+j], m)
		}
	}
	return q.trim(), rr[:len(g)-1].trim(), true
}

// uremMod is the remainder of f modulo g over GF(m).
func uremMod(f, g upoly, m *big.Int) upoly {
	_, r, _ := udivmodMod(f, g, m)
	return r
}
