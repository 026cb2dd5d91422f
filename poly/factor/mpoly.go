package factor

import (
	"bytes"
	"math/big"
	"slices"

	"github.com/families-project/families/internal/maxheap"
)

// maxVars bounds the number of distinct variables one polynomial may use
// inside this package; exponent vectors are fixed arrays so that they can
// be compared with memcmp and used as map keys.
const maxVars = 32

// maxExp is the largest exponent of one variable the internal
// representation holds.
const maxExp = 255

// mono is an exponent vector; byte order is lexicographic order with
// variable 0 most significant, so bytes.Compare is the lex comparison.
type mono [maxVars]uint8

func (m *mono) cmp(n *mono) int { return bytes.Compare(m[:], n[:]) }

func (m mono) tdeg() int {
	d := 0
	for _, e := range m {
		d += int(e)
	}
	return d
}

func (m mono) add(n mono) mono {
	for i := range m {
		m[i] += n[i]
	}
	return m
}

func (m mono) divides(n mono) bool {
	for i := range m {
		if m[i] > n[i] {
			return false
		}
	}
	return true
}

func (m mono) sub(n mono) mono {
	for i := range m {
		m[i] -= n[i]
	}
	return m
}

type term struct {
	e mono
	c *big.Int
}

// mpoly is a sparse polynomial over Z in at most maxVars variables: terms
// sorted by decreasing lex order, nonzero coefficients. Like upoly its
// big.Ints are treated as immutable once built.
type mpoly []term

func (f mpoly) isConst() bool { return len(f) == 0 || len(f) == 1 && f[0].e == mono{} }

func mconst(c *big.Int) mpoly {
	if c.Sign() == 0 {
		return nil
	}
	return mpoly{{c: new(big.Int).Set(c)}}
}

func mvar(v int) mpoly {
	var e mono
	e[v] = 1
	return mpoly{{e: e, c: big.NewInt(1)}}
}

func mequal(f, g mpoly) bool {
	if len(f) != len(g) {
		return false
	}
	for i := range f {
		if f[i].e != g[i].e || f[i].c.Cmp(g[i].c) != 0 {
			return false
		}
	}
	return true
}

// mfromMap builds a sorted mpoly from accumulated terms, dropping zeros.
func mfromMap(acc map[mono]*big.Int) mpoly {
	f := make(mpoly, 0, len(acc))
	for e, c := range acc {
		if c.Sign() != 0 {
			f = append(f, term{e, c})
		}
	}
	msort(f)
	return f
}

func msort(f mpoly) {
	slices.SortFunc(f, func(a, b term) int { return b.e.cmp(&a.e) })
}

func msub(f, g mpoly) mpoly { return mmerge(f, g, true) }

func mmerge(f, g mpoly, neg bool) mpoly {
	h := make(mpoly, 0, len(f)+len(g))
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
			t := g[j]
			if neg {
				t.c = new(big.Int).Neg(t.c)
			}
			h = append(h, t)
			j++
		default:
			s := new(big.Int)
			if neg {
				s.Sub(f[i].c, g[j].c)
			} else {
				s.Add(f[i].c, g[j].c)
			}
			if s.Sign() != 0 {
				h = append(h, term{f[i].e, s})
			}
			i++
			j++
		}
	}
	return h
}

func mneg(f mpoly) mpoly {
	h := make(mpoly, len(f))
	for i, t := range f {
		h[i] = term{t.e, new(big.Int).Neg(t.c)}
	}
	return h
}

func mscale(f mpoly, c *big.Int) mpoly {
	if c.Sign() == 0 {
		return nil
	}
	h := make(mpoly, len(f))
	for i, t := range f {
		h[i] = term{t.e, new(big.Int).Mul(t.c, c)}
	}
	return h
}

func mquoInt(f mpoly, c *big.Int) mpoly {
	h := make(mpoly, len(f))
	for i, t := range f {
		h[i] = term{t.e, new(big.Int).Quo(t.c, c)}
	}
	return h
}

// exponentOverflow is the panic of a product whose exponents would pass
// maxExp (they would wrap around in a byte); the exported entry points
// recover it as a *DegreeError (see recoverStop).
type exponentOverflow struct{ exp int }

// mdegs returns the largest exponent of every variable in f.
func mdegs(f mpoly) mono {
	var d mono
	for _, t := range f {
		for i, x := range t.e {
			d[i] = max(d[i], x)
		}
	}
	return d
}

// checkProductExps panics with exponentOverflow when a product of
// polynomials whose largest exponents are a and b could hold an exponent
// above maxExp.
func checkProductExps(a, b mono) {
	for i := range a {
		if s := int(a[i]) + int(b[i]); s > maxExp {
			panic(exponentOverflow{s})
		}
	}
}

// mmulTerm multiplies f by c*x^e; order is preserved.
func mmulTerm(f mpoly, e mono, c *big.Int) mpoly {
	checkProductExps(mdegs(f), e)
	h := make(mpoly, len(f))
	for i, t := range f {
		h[i] = term{t.e.add(e), new(big.Int).Mul(t.c, c)}
	}
	return h
}

// mmul is the schoolbook product, accumulated in a hash map.
// Cost: len(f)*len(g) coefficient products and a sort of the result.
func mmul(f, g mpoly) mpoly {
	if len(f) == 0 || len(g) == 0 {
		return nil
	}
	if len(f) == 1 {
		return mmulTerm(g, f[0].e, f[0].c)
	}
	if len(g) == 1 {
		return mmulTerm(f, g[0].e, g[0].c)
	}
	checkProductExps(mdegs(f), mdegs(g))
	acc := make(map[mono]*big.Int, len(f)*len(g)/2+1)
	t := new(big.Int)
	for _, a := range f {
		for _, b := range g {
			e := a.e.add(b.e)
			t.Mul(a.c, b.c)
			if s, ok := acc[e]; ok {
				s.Add(s, t)
			} else {
				acc[e] = new(big.Int).Set(t)
			}
		}
	}
	return mfromMap(acc)
}

func mpow(f mpoly, n int) mpoly {
	r := mconst(bigOne)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r = mmul(r, f)
		}
		if n > 1 {
			f = mmul(f, f)
		}
	}
	return r
}

// mdivExact divides f by g over Z and reports whether g divides f exactly.
// It is the sparse division algorithm in lex order; it stops at the first
// leading term that g's leading term does not divide (monomially or over
// the integers). The products of quotient terms with g's tail are gathered
// by monomial in a map, their monomials in a heap, instead of being merged
// into the remainder after every quotient term (S. C. Johnson, "Sparse
// polynomial arithmetic", 1974; M. Monagan and R. Pearce, "Sparse
// polynomial division using a heap", 2011): a content of 6 terms divided
// out of 19,000 took seconds that way. Cost: O((len(f) + len(q)*len(g)) *
// log) term operations.
func mdivExact(f, g mpoly) (mpoly, bool) {
	if len(g) == 0 {
		return nil, false
	}
	if len(f) == 0 {
		return nil, true
	}
	lt := g[0]
	m := new(big.Int)
	if len(g) == 1 {
		q := make(mpoly, len(f))
		for i, t := range f {
			if !lt.e.divides(t.e) {
				return nil, false
			}
			qc, r := new(big.Int).QuoRem(t.c, lt.c, m)
			if r.Sign() != 0 {
				return nil, false
			}
			q[i] = term{t.e.sub(lt.e), qc}
		}
		return q, true
	}
	var (
		q    mpoly
		acc  = make(map[mono]*big.Int) // -(q*tail), by monomial, not yet reached
		next monoHeap                  // acc's monomials
		i    int                       // next term of f
	)
	for i < len(f) || len(next) > 0 {
		var e mono
		var c *big.Int
		if i < len(f) && (len(next) == 0 || f[i].e.cmp(&next[0]) >= 0) {
			e, c = f[i].e, f[i].c
			i++
			if len(next) > 0 && next[0] == e {
				next.pop()
				c = new(big.Int).Add(c, acc[e])
				delete(acc, e)
			}
		} else {
			e = next.pop()
			c = acc[e]
			delete(acc, e)
		}
		if c.Sign() == 0 {
			continue
		}
		if !lt.e.divides(e) {
			return nil, false
		}
		qc, rem := new(big.Int).QuoRem(c, lt.c, m)
		if rem.Sign() != 0 {
			return nil, false
		}
		qe := e.sub(lt.e)
		q = append(q, term{qe, qc})
		for _, t := range g[1:] {
			ne := qe.add(t.e)
			if a, ok := acc[ne]; ok {
				a.Sub(a, m.Mul(qc, t.c))
			} else {
				p := new(big.Int).Mul(qc, t.c)
				acc[ne] = p.Neg(p)
				next.push(ne)
			}
		}
	}
	return q, true
}

// monoHeap is a max-heap of monomials in lex order.
type monoHeap []mono

func lexGreater(a, b *mono) bool { return a.cmp(b) > 0 }

func (h *monoHeap) push(e mono) { *h = maxheap.Push(*h, e, lexGreater) }

func (h *monoHeap) pop() mono {
	top, rest := maxheap.Pop(*h, lexGreater)
	*h = rest
	return top
}

// mcontent is the nonnegative gcd of the coefficients.
func mcontent(f mpoly) *big.Int {
	g := new(big.Int)
	for _, t := range f {
		g.GCD(nil, nil, g, new(big.Int).Abs(t.c))
		if g.Cmp(bigOne) == 0 {
			break
		}
	}
	return g
}

// mprimitive returns the content signed like the leading coefficient and
// the primitive part with positive leading coefficient.
func mprimitive(f mpoly) (*big.Int, mpoly) {
	if len(f) == 0 {
		return new(big.Int), nil
	}
	c := mcontent(f)
	if f[0].c.Sign() < 0 {
		c.Neg(c)
	}
	if c.Cmp(bigOne) == 0 {
		return c, f
	}
	return c, mquoInt(f, c)
}

// mdeg is the degree in variable v (-1 for zero).
func mdeg(f mpoly, v int) int {
	d := -1
	for _, t := range f {
		d = max(d, int(t.e[v]))
	}
	return d
}

func mtdeg(f mpoly) int {
	d := -1
	for _, t := range f {
		d = max(d, t.e.tdeg())
	}
	return d
}

// mvars returns the variables occurring in f, ascending.
func mvars(f mpoly) []int {
	var seen mono
	for _, t := range f {
		for i, e := range t.e {
			if e > 0 {
				seen[i] = 1
			}
		}
	}
	var vs []int
	for i, s := range seen {
		if s > 0 {
			vs = append(vs, i)
		}
	}
	return vs
}

// mcoeffs splits f by powers of v: out[k] is the coefficient of v^k, with v
// removed from its monomials.
func mcoeffs(f mpoly, v int) []mpoly {
	d := mdeg(f, v)
	if d < 0 {
		return nil
	}
	out := make([]mpoly, d+1)
	for _, t := range f {
		k := t.e[v]
		e := t.e
		e[v] = 0
		out[k] = append(out[k], term{e, t.c})
	}
	for _, c := range out {
		msort(c)
	}
	return out
}

// mlc is the leading coefficient with respect to v.
func mlc(f mpoly, v int) mpoly {
	cs := mcoeffs(f, v)
	if len(cs) == 0 {
		return nil
	}
	return cs[len(cs)-1]
}

// mshift substitutes v+a for v (a Taylor shift); the term count can grow
// up to (deg_v+1) times.
func mshift(f mpoly, v int, a *big.Int) mpoly {
	g, _ := mshiftCapped(f, v, a, 0)
	return g
}

// mshiftCapped is mshift that gives up (ok false) once the result holds
// more than limit terms (no bound when limit is 0): shifting every variable
// of a sparse polynomial by a nonzero value makes it dense, and Wang's
// lifting of a dense image costs far more than the caller can wait for.
func mshiftCapped(f mpoly, v int, a *big.Int, limit int) (g mpoly, ok bool) {
	if a.Sign() == 0 {
		return f, true
	}
	acc := make(map[mono]*big.Int, 2*len(f))
	binom := [][]*big.Int{{big.NewInt(1)}}
	for _, t := range f {
		k := int(t.e[v])
		for len(binom) <= k {
			prev := binom[len(binom)-1]
			row := make([]*big.Int, len(prev)+1)
			row[0], row[len(prev)] = big.NewInt(1), big.NewInt(1)
			for i := 1; i < len(prev); i++ {
				row[i] = new(big.Int).Add(prev[i-1], prev[i])
			}
			binom = append(binom, row)
		}
		// (v + a)^k = sum_j binom(k,j) a^(k-j) v^j
		apow := big.NewInt(1)
		for j := k; j >= 0; j-- {
			e := t.e
			e[v] = uint8(j)
			x := new(big.Int).Mul(t.c, binom[k][j])
			x.Mul(x, apow)
			if s, ok := acc[e]; ok {
				s.Add(s, x)
			} else {
				acc[e] = x
			}
			apow = new(big.Int).Mul(apow, a)
		}
		if limit > 0 && len(acc) > limit {
			return nil, false
		}
	}
	return mfromMap(acc), true
}

// mderiv is the partial derivative with respect to v.
func mderiv(f mpoly, v int) mpoly {
	var h mpoly
	for _, t := range f {
		if t.e[v] == 0 {
			continue
		}
		e := t.e
		e[v]--
		h = append(h, term{e, new(big.Int).Mul(t.c, big.NewInt(int64(t.e[v])))})
	}
	return h
}

// mtoU views f, which may only involve v, as a dense univariate polynomial.
func mtoU(f mpoly, v int) upoly {
	d := mdeg(f, v)
	u := make(upoly, d+1)
	for i := range u {
		u[i] = new(big.Int)
	}
	for _, t := range f {
		u[t.e[v]] = t.c
	}
	return u.trim()
}

// mfromU is the inverse of mtoU.
func mfromU(u upoly, v int) mpoly {
	var f mpoly
	for i := len(u) - 1; i >= 0; i-- {
		if u[i].Sign() != 0 {
			var e mono
			e[v] = uint8(i)
			f = append(f, term{e, u[i]})
		}
	}
	return f
}

// mmonoContent returns the largest monomial dividing every term.
func mmonoContent(f mpoly) mono {
	if len(f) == 0 {
		return mono{}
	}
	m := f[0].e
	for _, t := range f[1:] {
		for i := range m {
			m[i] = min(m[i], t.e[i])
		}
	}
	return m
}

// mnorm2Ceil bounds the Euclidean norm of the coefficient vector.
func mnorm2Ceil(f mpoly) *big.Int {
	s := new(big.Int)
	for _, t := range f {
		s.Add(s, new(big.Int).Mul(t.c, t.c))
	}
	r := new(big.Int).Sqrt(s)
	return r.Add(r, bigOne)
}
