package factor

import (
	"context"
	"errors"
	"math/big"
	"sync"
)

// hpoly is a polynomial in the main variable v with coefficients sparse in
// the other (shifted) variables: it maps a monomial in the other variables
// (exponent of v zero) to a dense polynomial in v. It is the natural shape
// for Hensel lifting, where every correction is a univariate polynomial in
// v attached to a monomial of the lifting ideal.
type hpoly map[mono]upoly

func toH(f mpoly, v int) hpoly {
	h := hpoly{}
	for _, t := range f {
		e := t.e
		k := int(e[v])
		e[v] = 0
		u := h[e]
		for len(u) <= k {
			u = append(u, new(big.Int))
		}
		u[k] = t.c
		h[e] = u
	}
	for e, u := range h {
		h[e] = u.trim()
	}
	return h
}

func fromH(h hpoly, v int) mpoly {
	var f mpoly
	for e, u := range h {
		for k, c := range u {
			if c.Sign() != 0 {
				m := e
				m[v] = uint8(k)
				f = append(f, term{m, c})
			}
		}
	}
	msort(f)
	return f
}

// liftBound bounds the coefficients of any factor of f: for g | f in
// Z[x_1..x_n], |g|_inf <= 2^(d_1+...+d_n) M(f) <= 2^(sum d_i) |f|_2, where
// d_i are the partial degrees and M is the Mahler measure, which is
// multiplicative and at least 1 on nonzero integer polynomials.
func liftBound(f mpoly) *big.Int {
	s := 0
	for _, v := range mvars(f) {
		s += mdeg(f, v)
	}
	b := mnorm2Ceil(f)
	return b.Lsh(b, uint(s))
}

// liftPrimes caches, for each bit length k, a probable prime just above
// 2^k, so that repeated liftings do not search for primes.
var (
	liftPrimesMu sync.Mutex
	liftPrimes   = map[int]*big.Int{}
)

// nextPrimeAbove returns a probable prime (Baillie-PSW) above b, namely the
// first one after 2^bitlen(b). A composite would only make the lifting
// fail, never give a wrong answer, because the product of the lifted
// factors is checked exactly.
func nextPrimeAbove(b *big.Int) *big.Int {
	k := b.BitLen()
	liftPrimesMu.Lock()
	defer liftPrimesMu.Unlock()
	if p, ok := liftPrimes[k]; ok {
		return p
	}
	p := new(big.Int).Lsh(bigOne, uint(k))
	p.Add(p, bigOne)
	for !p.ProbablyPrime(0) {
		p.Add(p, big.NewInt(2))
	}
	liftPrimes[k] = p
	return p
}

// liftFactors is multivariate Hensel lifting with known leading
// coefficients (Wang 1978, "An improved multivariate polynomial factoring
// algorithm", Math. Comp. 32; Geddes, Czapor & Labahn, Algorithms for
// Computer Algebra, Alg. 6.4), organized by total degree in the shifted
// variables y = x - A instead of one variable at a time: the error of
// degree k is a sum of terms y^m * c_m(v), and each c_m is split among the
// factors by the univariate partial-fraction identity
// sum s_i prod_{j!=i} H_j = 1 (mod P), computed once. P is a prime above
// twice a coefficient bound for the factors of f, so the symmetric residues
// are the true integer coefficients when the image factorization is the
// image of the true one; a coefficient above the bound aborts early.
//
// f must satisfy prod H = f(A), lc(H_i) = C_i(A) and prod C = lc_v(f). On
// success the returned F_i satisfy F_i(A) = H_i and prod F_i = f modulo
// P0 and the lifting ideal; the caller checks the product over Z.
// Cost: one truncated product of all factors per degree step plus one
// univariate multiply-and-reduce per error monomial and factor.
// maxShiftTerms bounds the polynomial that liftFactors lifts once shifted
// to its evaluation point. Past it the lifting would take seconds to
// minutes and gigabytes (a 52,000-term polynomial in 7 numbers of a 4x4
// grid would shift to over 10^6 terms); Wang's search then tries a point
// with more zeros, and after wangMaxLarge such points gives up.
const maxShiftTerms = 1 << 17

// errShiftTooLarge reports a shifted polynomial past maxShiftTerms.
var errShiftTooLarge = errors.New("factor: the shifted polynomial is too large to lift")

func liftFactors(ctx context.Context, f mpoly, v int, others []int, A []*big.Int, H []upoly, C []mpoly) ([]mpoly, bool, error) {
	r := len(H)
	fs := f
	Cs := make([]mpoly, r)
	copy(Cs, C)
	for i, w := range others {
		if A[i].Sign() != 0 {
			if err := polled(ctx); err != nil {
				return nil, false, err
			}
			var ok bool
			if fs, ok = mshiftCapped(fs, w, A[i], maxShiftTerms); !ok {
				return nil, false, errShiftTooLarge
			}
			for j := range Cs {
				Cs[j] = mshift(Cs[j], w, A[i])
			}
		}
	}
	B := liftBound(fs)
	P0 := nextPrimeAbove(new(big.Int).Lsh(B, 33))
	// Partial-fraction coefficients s_i = (prod_{j!=i} H_j)^-1 mod H_i.
	s := make([]upoly, r)
	for i := range H {
		q := upoly{big.NewInt(1)}
		for j := range H {
			if j != i {
				q = umod(umul(q, H[j]), P0)
			}
		}
		si, _, ok := ugcdexMod(uremMod(q, H[i], P0), H[i], P0)
		if !ok {
			return nil, false, nil
		}
		s[i] = si
	}
	// Everything is kept as homogeneous components in y: comp[d] holds
	// the terms of total degree d. After step k the components of degree
	// <= k of every factor are final, so the partial products
	// P_j = U_0 * ... * U_j are extended one degree per step instead of
	// being recomputed.
	F := homog(toH(fs, v))
	D := len(F) - 1
	U := make([][]hpoly, r)
	for i := range H {
		U[i] = make([]hpoly, D+1)
		for d := range U[i] {
			U[i][d] = hpoly{}
		}
		deg := H[i].deg()
		for _, t := range Cs[i] {
			e := t.e
			if e == (mono{}) {
				continue
			}
			if e.tdeg() > D {
				return nil, false, nil
			}
			u := make(upoly, deg+1)
			for k := range u {
				u[k] = new(big.Int)
			}
			u[deg] = t.c
			U[i][e.tdeg()][e] = u
		}
		U[i][0][mono{}] = H[i]
	}
	P := make([][]hpoly, r)
	for j := range P {
		P[j] = make([]hpoly, D+1)
	}
	extend := func(k int) {
		P[0][k] = U[0][k]
		for j := 1; j < r; j++ {
			acc := hpoly{}
			for d := 0; d <= k; d++ {
				haddMul(acc, P[j-1][d], U[j][k-d])
			}
			P[j][k] = acc
		}
	}
	extend(0)
	n := mdeg(fs, v)
	for k := 1; k <= D; k++ {
		if err := polled(ctx); err != nil {
			return nil, false, err
		}
		extend(k)
		// The degree-k part of F - prod U.
		errs := map[mono]upoly{}
		for e, u := range F[k] {
			errs[e] = u
		}
		for e, u := range P[r-1][k] {
			errs[e] = usub(errs[e], u)
		}
		corrected := false
		for e, c := range errs {
			if len(c) == 0 {
				continue
			}
			if c.deg() >= n {
				return nil, false, nil
			}
			c = umod(c, P0)
			for i := range H {
				sig := usymmod(uremMod(umul(c, s[i]), H[i], P0), P0)
				if len(sig) == 0 {
					continue
				}
				if umaxNorm(sig).Cmp(B) > 0 {
					return nil, false, nil
				}
				if u := uadd(U[i][k][e], sig); len(u) > 0 {
					U[i][k][e] = u
				} else {
					delete(U[i][k], e)
				}
				corrected = true
			}
		}
		if corrected {
			extend(k)
		}
	}
	// The components up to D now match modulo P0; whether the factors are
	// true ones is for the caller to decide by multiplying out their
	// primitive parts, which are smaller than these (especially with
	// imposed leading coefficients), so no product is formed here.
	full := make([]mpoly, r)
	for i := range U {
		merged := hpoly{}
		for _, c := range U[i] {
			for e, u := range c {
				merged[e] = u
			}
		}
		full[i] = fromH(merged, v)
	}
	out := make([]mpoly, r)
	for i, g := range full {
		for j, w := range others {
			if A[j].Sign() != 0 {
				g = mshift(g, w, new(big.Int).Neg(A[j]))
			}
		}
		out[i] = g
	}
	return out, true, nil
}

// homog splits h into homogeneous components by total degree in the
// non-main variables.
func homog(h hpoly) []hpoly {
	D := 0
	for e := range h {
		D = max(D, e.tdeg())
	}
	out := make([]hpoly, D+1)
	for d := range out {
		out[d] = hpoly{}
	}
	for e, u := range h {
		out[e.tdeg()][e] = u
	}
	return out
}

// haddMul adds a*b to acc. The upolys stored in acc are owned by it
// (haddMul allocates them), so they are updated in place, which avoids an
// allocation per coefficient; zero results are removed at the end.
func haddMul(acc, a, b hpoly) {
	t := new(big.Int)
	for ea, ua := range a {
		for eb, ub := range b {
			e := ea.add(eb)
			dst := acc[e]
			if n := len(ua) + len(ub) - 1; len(dst) < n {
				grown := make(upoly, n)
				copy(grown, dst)
				for i := len(dst); i < n; i++ {
					grown[i] = new(big.Int)
				}
				dst = grown
			}
			for i, x := range ua {
				if x.Sign() == 0 {
					continue
				}
				for j, y := range ub {
					dst[i+j].Add(dst[i+j], t.Mul(x, y))
				}
			}
			acc[e] = dst
		}
	}
	for e, u := range acc {
		if u = u.trim(); len(u) == 0 {
			delete(acc, e)
		} else {
			acc[e] = u
		}
	}
}
