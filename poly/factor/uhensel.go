package factor

import (
	"math/big"
)

// henselStep is one quadratic Hensel step (von zur Gathen & Gerhard, Modern
// Computer Algebra, Alg. 15.10): from f = g*h mod m and s*g + t*h = 1 mod m,
// with h monic, it returns G, H, S, T with the same properties mod m^2.
// Quadratic lifting halves the number of steps compared with linear lifting,
// which pays off for the large moduli the Mignotte bound asks for.
func henselStep(m upolyMod, f, g, h, s, t upoly) (G, H, S, T upoly) {
	M := m.sq()
	e := M.sym(usub(f, umul(g, h)))
	q, r := udivMonic(umul(s, e), h)
	q, r = M.sym(q), M.sym(r)
	u := uadd(umul(t, e), umul(q, g))
	G = M.sym(uadd(g, u))
	H = M.sym(uadd(h, r))
	u = uadd(umul(s, G), umul(t, H))
	b := M.sym(usub(u, upoly{big.NewInt(1)}))
	c, d := udivMonic(umul(s, b), H)
	c, d = M.sym(c), M.sym(d)
	u = uadd(umul(t, b), umul(c, G))
	S = M.sym(usub(s, d))
	T = M.sym(usub(t, u))
	return
}

// upolyMod is a modulus for symmetric reduction; sym reduces in place, so
// it is only applied to freshly computed polynomials.
type upolyMod struct{ m *big.Int }

func (m upolyMod) sq() upolyMod      { return upolyMod{new(big.Int).Mul(m.m, m.m)} }
func (m upolyMod) sym(f upoly) upoly { return usymmodOwned(f, m.m) }
func newMod(m *big.Int) upolyMod     { return upolyMod{m} }

// henselLift lifts the factorization f = lc(f) * prod fs (mod p), fs monic
// and pairwise coprime mod p, to a factorization modulo p^l, building a
// balanced factor tree so that each level is a single two-factor lift
// (Modern Computer Algebra, Alg. 15.17). The returned factors are monic mod
// p^l in symmetric representation.
func henselLift(p uint64, f upoly, fs []gpoly, l int) []upoly {
	pl := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(l)), nil)
	r := len(fs)
	if r == 1 {
		inv := new(big.Int).ModInverse(f.lc(), pl)
		return []upoly{usymmod(uscale(f, inv), pl)}
	}
	k := r / 2
	lcp := new(big.Int).Mod(f.lc(), new(big.Int).SetUint64(p)).Uint64()
	g := gpoly{lcp}
	for _, fi := range fs[:k] {
		g = gmul(g, fi, p)
	}
	h := fs[k]
	for _, fi := range fs[k+1:] {
		h = gmul(h, fi, p)
	}
	s, t, _ := ggcdex(g, h, p)
	G, H, S, T := gtoZ(g), gtoZ(h), gtoZ(s), gtoZ(t)
	bp := new(big.Int).SetUint64(p)
	m := newMod(bp)
	G, H, S, T = m.sym(G), m.sym(H), m.sym(S), m.sym(T)
	for e := 1; e < l; e *= 2 {
		G, H, S, T = henselStep(m, f, G, H, S, T)
		m = m.sq()
	}
	return append(henselLift(p, G, fs[:k], l), henselLift(p, H, fs[k:], l)...)
}
