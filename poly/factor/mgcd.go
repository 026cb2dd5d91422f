package factor

import (
	"context"
	"math/big"
	"slices"
)

// mgcdContext returns the gcd of a and b in Z[x...], primitive (integer content 1)
// with positive leading coefficient in lex order; the zero polynomial when
// both are zero. Cheap cases (constants, monomials, a univariate pair) are
// handled directly; otherwise Brown's modular algorithm runs over word
// primes and the images are combined by Chinese remaindering until the
// candidate divides both inputs (Geddes, Czapor & Labahn, Algorithms for
// Computer Algebra, Alg. 7.1). The result is therefore always verified.
// Cost: per prime, pgcd's (sparse in the gcd's terms where Zippel's images
// apply, dense in its degrees otherwise); a trivial gcd is detected from
// the first good image.
//
// It stops when ctx is done by panicking with a gcdStopped, which
// GCDContext, CoprimePart and Factor recover: the modular algorithm is
// deeply recursive.
func mgcdContext(ctx context.Context, a, b mpoly) mpoly {
	if len(a) == 0 {
		_, pb := mprimitive(b)
		return pb
	}
	if len(b) == 0 {
		_, pa := mprimitive(a)
		return pa
	}
	one := mconst(bigOne)
	if a.isConst() || b.isConst() {
		return one
	}
	ma, mb := mmonoContent(a), mmonoContent(b)
	var mm mono
	for i := range mm {
		mm[i] = min(ma[i], mb[i])
	}
	if len(a) == 1 || len(b) == 1 {
		return mpoly{{e: mm, c: big.NewInt(1)}}
	}
	// Pull out the common monomial so that the modular part sees smaller
	// inputs; the monomial content of the cofactors does not matter.
	var zero mono
	if ma != zero {
		a, _ = mdivExact(a, mpoly{{e: ma, c: big.NewInt(1)}})
	}
	if mb != zero {
		b, _ = mdivExact(b, mpoly{{e: mb, c: big.NewInt(1)}})
	}
	g := mgcdModular(ctx, a, b)
	if mm != zero {
		g = mmulTerm(g, mm, bigOne)
	}
	return g
}

// unionVars lists the variables of a and b, ascending.
func unionVars(a, b mpoly) []int {
	vs := append(mvars(a), mvars(b)...)
	slices.Sort(vs)
	return slices.Compact(vs)
}

// coprimeByImages is a cheap proof that gcd(a, b) = 1, tried before the
// modular algorithm because most gcds met in factoring are trivial. For
// each variable w it maps the other variables to pseudo-random residues mod
// a word prime where lc_w(a) does not vanish; if the univariate images are
// coprime then w does not occur in the gcd g, since lc_w(g) divides lc_w(a)
// so g keeps its degree in w and its image divides both images. A gcd free
// of every variable is 1 (a and b are primitive). A false answer proves
// nothing. Cost: two evaluations and one univariate gcd per variable.
func coprimeByImages(a, b mpoly, vars []int) bool {
	p := bigPrime(1)
	vals := make([]uint64, maxVars)
	for i := range vals {
		vals[i] = splitmix(uint64(i)+uint64(len(a))<<8+uint64(len(b))<<24) % p
	}
	for _, w := range vars {
		ia := pimage(a, w, vals, p)
		if len(ia) == 0 || ia.deg() != mdeg(a, w) {
			return false
		}
		ib := pimage(b, w, vals, p)
		if len(ib) == 0 {
			return false
		}
		if ggcd(ia, ib, p).deg() > 0 {
			return false
		}
	}
	return true
}

// pimage evaluates every variable but w at vals mod p.
func pimage(f mpoly, w int, vals []uint64, p uint64) gpoly {
	u := make(gpoly, mdeg(f, w)+1)
	bp := new(big.Int).SetUint64(p)
	t := new(big.Int)
	for _, x := range f {
		c := t.Mod(x.c, bp).Uint64()
		for v, e := range x.e {
			if v != w && e > 0 {
				c = c * powMod(vals[v], uint64(e), p) % p
			}
		}
		k := x.e[w]
		u[k] = (u[k] + c) % p
	}
	return u.trim()
}

// carefulAfter is the number of primes after which the modular gcd stops
// trusting unchecked images; reaching it would take a run of unlucky
// evaluation points that does not occur in practice.
const carefulAfter = 40

func mgcdModular(ctx context.Context, a, b mpoly) mpoly {
	_, a = mprimitive(a)
	_, b = mprimitive(b)
	if mequal(a, b) {
		return a
	}
	vars := unionVars(a, b)
	if len(vars) == 1 {
		v := vars[0]
		g := ugcd(mtoU(a, v), mtoU(b, v))
		_, g = uprimitive(g)
		return mfromU(g, v)
	}
	// A variable present in only one argument cannot occur in the gcd:
	// replace that argument by its content in the variable first, which
	// shrinks the dense modular work.
	for _, v := range vars {
		da, db := mdeg(a, v), mdeg(b, v)
		if da > 0 && db <= 0 {
			return mcontentVarContext(ctx, a, v, b)
		}
		if db > 0 && da <= 0 {
			return mcontentVarContext(ctx, b, v, a)
		}
	}
	if coprimeByImages(a, b, vars) {
		return mconst(bigOne)
	}
	gamma := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a[0].c), new(big.Int).Abs(b[0].c))
	var cur mpoly
	var m *big.Int
	bp := new(big.Int)
	for i := 0; ; i++ {
		checkStop(ctx)
		p := bigPrime(i)
		bp.SetUint64(p)
		gm := new(big.Int).Mod(gamma, bp).Uint64()
		if gm == 0 {
			continue
		}
		careful := i >= carefulAfter
		if i == carefulAfter {
			cur = nil
		}
		h := pgcd(ctx, pfromM(a, p), pfromM(b, p), vars, p, careful)
		if len(h) == 1 && h[0].e == (mono{}) {
			return mconst(bigOne)
		}
		h = pscale(h, gm, p)
		if cur != nil {
			c := h[0].e.cmp(&cur[0].e)
			if c > 0 {
				continue
			}
			if c < 0 {
				cur = nil
			}
		}
		if cur == nil {
			cur = psymToM(h, p)
			m = new(big.Int).Set(bp)
		} else {
			next := crtM(cur, m, h, p)
			m.Mul(m, bp)
			if !mequal(next, cur) {
				cur = next
				continue
			}
		}
		_, cand := mprimitive(cur)
		if _, ok := mdivExact(a, cand); !ok {
			continue
		}
		if _, ok := mdivExact(b, cand); !ok {
			continue
		}
		return cand
	}
}

// mcontentVarContext is the gcd of the coefficients of f with respect to v (a
// polynomial free of v). hint, when it is a non-constant polynomial free of
// v, is folded in early because the caller only needs gcd(content, hint).
func mcontentVarContext(ctx context.Context, f mpoly, v int, hint mpoly) mpoly {
	cs := mcoeffs(f, v)
	// Start from the smallest coefficients: they bound the gcd fastest.
	slices.SortFunc(cs, func(x, y mpoly) int { return len(x) - len(y) })
	g := hint
	for _, c := range cs {
		if len(c) == 0 {
			continue
		}
		if g == nil {
			_, g = mprimitive(c)
			continue
		}
		// Once a nontrivial candidate is known, most further coefficients
		// are multiples of it; a trial division is much cheaper than
		// another modular gcd.
		if !g.isConst() {
			if _, ok := mdivExact(c, g); ok {
				continue
			}
		}
		g = mgcdContext(ctx, g, c)
		if g.isConst() {
			return g
		}
	}
	return g
}

// psymToM lifts residues to the symmetric range.
func psymToM(h ppoly, p uint64) mpoly {
	f := make(mpoly, len(h))
	for i, t := range h {
		c := new(big.Int).SetUint64(t.c)
		if t.c > p/2 {
			c.Sub(c, new(big.Int).SetUint64(p))
		}
		f[i] = term{t.e, c}
	}
	return f
}

// crtM combines cur (symmetric mod m) with h (mod p) term by term over the
// union of their supports and returns the symmetric residue mod m*p.
func crtM(cur mpoly, m *big.Int, h ppoly, p uint64) mpoly {
	bp := new(big.Int).SetUint64(p)
	inv := invMod(new(big.Int).Mod(m, bp).Uint64(), p)
	mp := new(big.Int).Mul(m, bp)
	half := new(big.Int).Rsh(mp, 1)
	acc := map[mono]uint64{}
	for _, t := range h {
		acc[t.e] = t.c
	}
	out := make(mpoly, 0, len(cur)+len(h))
	zero := new(big.Int)
	for _, t := range cur {
		r := acc[t.e]
		delete(acc, t.e)
		out = append(out, term{t.e, crtCoef(t.c, m, r, p, inv)})
	}
	for e, r := range acc {
		out = append(out, term{e, crtCoef(zero, m, r, p, inv)})
	}
	res := out[:0]
	for _, t := range out {
		t.c.Mod(t.c, mp)
		if t.c.Cmp(half) > 0 {
			t.c.Sub(t.c, mp)
		}
		if t.c.Sign() != 0 {
			res = append(res, t)
		}
	}
	msort(res)
	return res
}

// mcontentPrim splits f into its content with respect to v (free of v,
// primitive over Z) and the primitive part in v; the integer content and
// sign go with the primitive part's caller.
func mcontentPrim(ctx context.Context, f mpoly, v int) (cont, pp mpoly) {
	cont = mcontentVarContext(ctx, f, v, nil)
	if cont.isConst() {
		return mconst(bigOne), f
	}
	pp, _ = mdivExact(f, cont)
	return cont, pp
}

// msqf is Yun's square-free decomposition with respect to the variable v of
// f, which must be primitive with respect to v (Modern Computer Algebra,
// Alg. 14.21, over the coefficient ring Z[other variables]): it returns
// a_1..a_k with f = prod a_i^i up to sign, each square-free and primitive.
// All divisions are exact by Gauss's lemma. Cost: k+1 multivariate gcds.
func msqf(ctx context.Context, f mpoly, v int) []mpoly {
	fp := mderiv(f, v)
	a0 := mgcdContext(ctx, f, fp)
	if a0.isConst() {
		return []mpoly{f}
	}
	b, _ := mdivExact(f, a0)
	c, _ := mdivExact(fp, a0)
	d := msub(c, mderiv(b, v))
	var out []mpoly
	for mdeg(b, v) > 0 {
		a := mgcdContext(ctx, b, d)
		out = append(out, a)
		b, _ = mdivExact(b, a)
		c, _ = mdivExact(d, a)
		d = msub(c, mderiv(b, v))
	}
	return out
}

// gcdStopped carries a context's error out of an abandoned gcd.
type gcdStopped struct{ err error }

// checkStop abandons a gcd when ctx is done (see mgcdContext).
func checkStop(ctx context.Context) {
	if err := polled(ctx); err != nil {
		panic(gcdStopped{err})
	}
}

// recoverStop turns an abandoned gcd into ctx's error in *err, and a
// product whose exponents would pass maxExp into a *DegreeError; any other
// panic goes on.
func recoverStop(err *error) {
	if r := recover(); r != nil {
		switch s := r.(type) {
		case gcdStopped:
			*err = s.err
		case exponentOverflow:
			*err = &DegreeError{Degree: s.exp, Limit: maxExp, What: "intermediate exponent"}
		default:
			panic(r)
		}
	}
}
