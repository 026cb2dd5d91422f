package factor

import (
	"context"
	"math/big"
	"slices"
)

// pterm and ppoly mirror term and mpoly over GF(p) for a word prime
// p < 2^31; they exist only for the modular gcd, where residues in a
// machine word make the many evaluations and interpolations cheap.
type pterm struct {
	e mono
	c uint64
}

type ppoly []pterm

func pfromM(f mpoly, p uint64) ppoly {
	h := make(ppoly, 0, len(f))
	bp := new(big.Int).SetUint64(p)
	t := new(big.Int)
	for _, x := range f {
		c := t.Mod(x.c, bp).Uint64()
		if c != 0 {
			h = append(h, pterm{x.e, c})
		}
	}
	return h
}

func psort(f ppoly) {
	slices.SortFunc(f, func(a, b pterm) int { return b.e.cmp(&a.e) })
}

func psub(f, g ppoly, p uint64) ppoly {
	h := make(ppoly, 0, len(f)+len(g))
	i, j := 0, 0
	for i < len(f) || j < len(g) {
		var c int
		switch {
		case i == len(f):
			c = -1
		case j == len(g):
			c = 1
		default:
			c = f[i].e.cmp(&g[j].e)
		}
		switch {
		case c > 0:
			h = append(h, f[i])
			i++
		case c < 0:
			h = append(h, pterm{g[j].e, p - g[j].c})
			j++
		default:
			s := (f[i].c + p - g[j].c) % p
			if s != 0 {
				h = append(h, pterm{f[i].e, s})
			}
			i++
			j++
		}
	}
	return h
}

func pscale(f ppoly, c, p uint64) ppoly {
	h := make(ppoly, 0, len(f))
	for _, t := range f {
		if x := t.c * c % p; x != 0 {
			h = append(h, pterm{t.e, x})
		}
	}
	return h
}

func pmonic(f ppoly, p uint64) ppoly {
	if len(f) == 0 || f[0].c == 1 {
		return f
	}
	return pscale(f, invMod(f[0].c, p), p)
}

// pdivides reports whether g divides f over GF(p) (sparse lex division;
// g's leading coefficient is invertible).
func pdivides(f, g ppoly, p uint64) bool {
	r := f
	inv := invMod(g[0].c, p)
	for len(r) > 0 {
		if !g[0].e.divides(r[0].e) {
			return false
		}
		c := r[0].c * inv % p
		e := r[0].e.sub(g[0].e)
		s := make(ppoly, len(g))
		for i, t := range g {
			s[i] = pterm{t.e.add(e), t.c * c % p}
		}
		r = psub(r, s, p)
	}
	return true
}

// gterm and grp view a ppoly as a polynomial in the other variables whose
// coefficients are dense univariate polynomials in one variable v; Brown's
// algorithm evaluates and interpolates in v.
type gterm struct {
	e mono // exponent of v is zero
	c gpoly
}

type grp []gterm

// pgroup groups f by its monomials in the other variables. v must be the
// last variable occurring in f, so that in lex order the terms of one group
// are contiguous and come with decreasing exponent of v.
func pgroup(f ppoly, v int) grp {
	var g grp
	for i := 0; i < len(f); {
		e := f[i].e
		e[v] = 0
		// int first: an exponent of maxExp (255) plus one overflows
		// uint8 to an empty slice.
		c := make(gpoly, int(f[i].e[v])+1)
		j := i
		for ; j < len(f); j++ {
			ej := f[j].e
			k := ej[v]
			ej[v] = 0
			if ej != e {
				break
			}
			c[k] = f[j].c
		}
		g = append(g, gterm{e, c})
		i = j
	}
	return g
}

// pungroup is the inverse of pgroup; the result is sorted because the
// groups are and v is the last variable.
func pungroup(g grp, v int) ppoly {
	n := 0
	for _, t := range g {
		n += len(t.c)
	}
	f := make(ppoly, 0, n)
	for _, t := range g {
		for k := len(t.c) - 1; k >= 0; k-- {
			if c := t.c[k]; c != 0 {
				e := t.e
				e[v] = uint8(k)
				f = append(f, pterm{e, c})
			}
		}
	}
	return f
}

func geval(f gpoly, x, p uint64) uint64 {
	s := uint64(0)
	for i := len(f) - 1; i >= 0; i-- {
		s = (s*x + f[i]) % p
	}
	return s
}

// grpEval evaluates v at x.
func grpEval(g grp, x, p uint64) ppoly {
	f := make(ppoly, 0, len(g))
	for _, t := range g {
		if c := geval(t.c, x, p); c != 0 {
			f = append(f, pterm{t.e, c})
		}
	}
	return f
}

func grpContent(g grp, p uint64) gpoly {
	var c gpoly
	for _, t := range g {
		c = ggcd(c, t.c, p)
		if c.deg() == 0 {
			break
		}
	}
	return c
}

func grpQuo(g grp, c gpoly, p uint64) grp {
	if c.deg() == 0 && c[0] == 1 {
		return g
	}
	h := make(grp, len(g))
	for i, t := range g {
		q, _ := gdivmod(t.c, c, p)
		h[i] = gterm{t.e, q}
	}
	return h
}

func grpDeg(g grp) int {
	d := -1
	for _, t := range g {
		d = max(d, t.c.deg())
	}
	return d
}

// pgcd is the monic gcd over GF(p) of a and b, whose variables are among
// vars; it is Brown's dense modular algorithm (Geddes, Czapor & Labahn,
// Algorithms for Computer Algebra, Alg. 7.2): strip contents in the last
// variable v, evaluate v at points where the gcd g of the leading
// coefficients survives, recurse, and interpolate once a degree bound is
// passed. At such a point the image of the true gcd keeps its leading
// monomial and divides both images, so an image gcd with a larger leading
// monomial comes from an unlucky point (skipped), a smaller one proves the
// earlier images unlucky (restart), and equal ones are exact. There is no
// trial division here: if every point was unlucky the result has too large
// a leading monomial, which the caller over Z detects (by comparing primes
// and by its final exact division), so correctness never rests on this
// level. After the first image at a level, the others come from its
// skeleton by sparse interpolation (zippel.go) where that determines them,
// and by recursion otherwise. Cost: about (deg_v bound + 1) images per
// variable level; one recursive call per level where the sparse images
// apply, else (deg_v bound + 1) recursive calls.
func pgcd(ctx context.Context, a, b ppoly, vars []int, p uint64, careful bool) ppoly {
	checkStop(ctx)
	if len(a) == 0 {
		return pmonic(b, p)
	}
	if len(b) == 0 {
		return pmonic(a, p)
	}
	if len(vars) == 0 || len(a) == 1 && a[0].e == (mono{}) || len(b) == 1 && b[0].e == (mono{}) {
		return ppoly{{c: 1}}
	}
	v := vars[len(vars)-1]
	rest := vars[:len(vars)-1]
	A, B := pgroup(a, v), pgroup(b, v)
	ca, cb := grpContent(A, p), grpContent(B, p)
	c := ggcd(ca, cb, p)
	cpoly := pungroup(grp{{c: c}}, v)
	if len(rest) == 0 {
		return cpoly
	}
	A, B = grpQuo(A, ca, p), grpQuo(B, cb, p)
	g := ggcd(A[0].c, B[0].c, p)
	bound := g.deg() + min(grpDeg(A), grpDeg(B), imageDegreeBound(A, B, p))
	var C grp
	var lm mono
	var q gpoly
	var skel ppoly
	n := 0
	// The points x_k = start + k*step are distinct and depend on p and
	// the inputs, so an evaluation point that is unlucky over Z (the
	// images share an extra factor for every prime) is not reused for
	// every prime: the caller's comparison across primes then rejects it.
	seed := p ^ uint64(len(a))<<20 ^ uint64(len(b))<<40 ^ uint64(v)<<50
	start := splitmix(seed) % p
	step := 1 + splitmix(seed+1)%(p-1)
	for k := uint64(0); k < p; k++ {
		x := (start + k*step) % p
		gx := geval(g, x, p)
		if gx == 0 {
			continue
		}
		ax, bx := grpEval(A, x, p), grpEval(B, x, p)
		var h ppoly
		sparse := false
		// After the first image, the others come from its skeleton
		// (zippel.go) unless the caller has stopped trusting images.
		if skel != nil && !careful && len(rest) >= 2 {
			h, sparse = sparseImage(ctx, ax, bx, rest, skel, p, seed^x<<1)
		}
		if !sparse {
			h = pgcd(ctx, ax, bx, rest, p, careful)
		}
		if len(h) == 1 && h[0].e == (mono{}) {
			return cpoly
		}
		monic := h
		h = pscale(h, gx, p)
		if C != nil {
			switch h[0].e.cmp(&lm) {
			case 1:
				continue
			case -1:
				C = nil
			}
		}
		if C == nil {
			skel = monic
			C = pgroup(h, v)
			lm = h[0].e
			q = gpoly{(p - x) % p, 1}
			n = 1
		} else {
			C = interpolate(C, h, q, x, v, p)
			q = gmul(q, gpoly{(p - x) % p, 1}, p)
			n++
		}
		if n <= bound {
			continue
		}
		cand := pungroup(grpQuo(C, grpContent(C, p), p), v)
		if careful && !(pdivides(pungroup(A, v), cand, p) && pdivides(pungroup(B, v), cand, p)) {
			continue
		}
		return pmonic(pmulp(cand, cpoly, p), p)
	}
	panic("factor: modular gcd ran out of evaluation points")
}

// imageDegreeBound bounds the degree in v of gcd(A, B) by the degree of
// the gcd of univariate images in v, the other variables set to
// pseudo-random residues at which the leading monomial's coefficient of
// neither input vanishes identically in v: the gcd keeps its degree there
// and its image divides both images. Interpolating only that many points
// (instead of the inputs' degree in v) is what keeps Brown's algorithm
// cheap when the gcd is much smaller than the inputs.
func imageDegreeBound(A, B grp, p uint64) int {
	for try := uint64(0); try < 3; try++ {
		ia := grpImageV(A, p, try)
		ib := grpImageV(B, p, try)
		if ia.deg() != grpDeg(A) || ib.deg() != grpDeg(B) {
			continue
		}
		return ggcd(ia, ib, p).deg()
	}
	return grpDeg(A)
}

// grpImageV evaluates every variable but v at pseudo-random residues
// (seeded by try), leaving a univariate polynomial in v.
func grpImageV(g grp, p, try uint64) gpoly {
	var out gpoly
	for _, t := range g {
		c := uint64(1)
		for w, e := range t.e {
			if e > 0 {
				c = c * powMod(splitmix(uint64(w)<<8^try^p)%p, uint64(e), p) % p
			}
		}
		out = gadd(out, gscale(t.c, c, p), p)
	}
	return out
}

// splitmix is the SplitMix64 output function, a cheap deterministic hash.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// interpolate performs one Newton step: it returns the C' with C' = C mod q
// and C'(x) = h, namely C + (h - C(x)) * q / q(x).
func interpolate(C grp, h ppoly, q gpoly, x uint64, v int, p uint64) grp {
	H := pgroup(h, v) // constants in v
	qinv := invMod(geval(q, x, p), p)
	idx := map[mono]int{}
	out := make(grp, 0, len(C)+len(H))
	for _, t := range C {
		idx[t.e] = len(out)
		out = append(out, gterm{t.e, t.c})
	}
	hv := map[mono]uint64{}
	for _, t := range H {
		hv[t.e] = t.c[0]
		if _, ok := idx[t.e]; !ok {
			idx[t.e] = len(out)
			out = append(out, gterm{e: t.e})
		}
	}
	for i, t := range out {
		d := (hv[t.e] + p - geval(t.c, x, p)) % p
		if d == 0 {
			continue
		}
		out[i].c = gadd(t.c, gscale(q, d*qinv%p, p), p)
	}
	res := out[:0]
	for _, t := range out {
		if len(t.c) > 0 {
			res = append(res, t)
		}
	}
	slices.SortFunc(res, func(a, b gterm) int { return b.e.cmp(&a.e) })
	return res
}

func pmulp(f, g ppoly, p uint64) ppoly {
	acc := map[mono]uint64{}
	for _, a := range f {
		for _, b := range g {
			e := a.e.add(b.e)
			acc[e] = (acc[e] + a.c*b.c) % p
		}
	}
	h := make(ppoly, 0, len(acc))
	for e, c := range acc {
		if c != 0 {
			h = append(h, pterm{e, c})
		}
	}
	psort(h)
	return h
}
