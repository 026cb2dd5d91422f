package factor

import (
	"context"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// ufactorSqf factors the primitive square-free f (positive leading
// coefficient, degree >= 1) into irreducible primitive factors over Z.
// Linear factors are split off first by rational-root search when the
// candidate list is short; the rest goes to Zassenhaus' algorithm.
func ufactorSqf(ctx context.Context, f upoly) ([]upoly, error) {
	var out []upoly
	if f.deg() <= 1 {
		return []upoly{f}, nil
	}
	if f[0].Sign() == 0 {
		// x divides f exactly once (f is square-free).
		out = append(out, upoly{new(big.Int), big.NewInt(1)})
		f = f[1:]
		if f.deg() <= 1 {
			if f.deg() == 1 {
				out = append(out, f)
			}
			return out, nil
		}
	}
	lin, rest, _ := splitRationalRoots(f)
	out = append(out, lin...)
	if rest.deg() <= 1 {
		if rest.deg() == 1 {
			out = append(out, rest)
		}
		return out, nil
	}
	more, err := zassenhaus(ctx, rest)
	if err != nil {
		return nil, err
	}
	return append(out, more...), nil
}

// maxRootCandidates caps the rational-root fast path: beyond it the modular
// algorithm finds linear factors more cheaply than testing candidates.
const maxRootCandidates = 400

// splitRationalRoots removes the linear factors v*x - u of f found by testing
// the candidates u/v with u | f(0) and v | lc(f) (the rational root test).
// It only runs when both ends of f are small enough to factor by trial
// division and the candidate list is short, so it costs O(candidates * n)
// big-integer operations; otherwise it returns f unchanged and ran = false.
// f must be square-free with f(0) != 0.
func splitRationalRoots(f upoly) (lin []upoly, rest upoly, ran bool) {
	if f[0].BitLen() > 40 || f.lc().BitLen() > 40 {
		return nil, f, false
	}
	us := divisors(new(big.Int).Abs(f[0]).Uint64())
	vs := divisors(new(big.Int).Abs(f.lc()).Uint64())
	if us == nil || vs == nil || 2*len(us)*len(vs) > maxRootCandidates {
		return nil, f, false
	}
	rest = f
	bu, bv := new(big.Int), new(big.Int)
	for _, v := range vs {
		for _, u := range us {
			if gcdU(u, v) != 1 {
				continue
			}
			for _, sgn := range []int64{1, -1} {
				if rest.deg() < 1 {
					return lin, rest, true
				}
				bu.SetUint64(u)
				if sgn < 0 {
					bu.Neg(bu)
				}
				bv.SetUint64(v)
				if uevalHom(rest, bu, bv).Sign() != 0 {
					continue
				}
				l := upoly{new(big.Int).Neg(bu), new(big.Int).Set(bv)}
				q, ok := udivExact(rest, l)
				if !ok {
					continue
				}
				lin = append(lin, l)
				rest = q
			}
		}
	}
	return lin, rest, true
}

func gcdU(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// divisors lists the positive divisors of n (nil for n = 0 or too many).
func divisors(n uint64) []uint64 {
	if n == 0 {
		return nil
	}
	ds := []uint64{1}
	for q := uint64(2); q*q <= n; q++ {
		if n%q != 0 {
			continue
		}
		e := 0
		for n%q == 0 {
			n /= q
			e++
		}
		k := len(ds)
		pw := uint64(1)
		for i := 0; i < e; i++ {
			pw *= q
			for _, d := range ds[:k] {
				ds = append(ds, d*pw)
			}
		}
		if len(ds) > maxRootCandidates {
			return nil
		}
	}
	if n > 1 {
		k := len(ds)
		for _, d := range ds[:k] {
			ds = append(ds, d*n)
		}
	}
	slices.Sort(ds)
	return ds
}

// firstPrime skips the smallest primes: below 37 the modular images split
// into more factors on average and the Hensel lifting needs more steps to
// pass the bound, while the distinct-degree cost grows only with log p.
const firstPrime = 10

// primeTries is how many good primes are compared before factoring modulo
// the one giving the fewest factors; fewer modular factors means a
// smaller recombination search.
const primeTries = 5

// zassenhaus factors the primitive square-free f with f(0) != 0 and degree
// >= 2 by Zassenhaus' algorithm (von zur Gathen & Gerhard, Modern Computer
// Algebra, Alg. 15.19; Geddes, Czapor & Labahn, Algorithms for Computer
// Algebra, ch. 6): factor modulo a small prime, Hensel-lift to p^l beyond
// twice the Mignotte bound, then recombine subsets of the lifted factors in
// order of size. A subset is tried only if the constant term of its product
// divides lc(f)*f(0); it is accepted only if its product G (times lc(f),
// reduced symmetrically) divides lc(f)*f over Z, which proves pp(G) a
// factor. Because every true factor's candidate is exactly (lc/lc(g))*g
// below the bound, the first subsets found are minimal and the factors
// irreducible; the search is exhaustive. Cost: polynomial
// except for the recombination, which is exponential in the number of
// modular factors in the worst case (e.g. Swinnerton-Dyer polynomials).
func zassenhaus(ctx context.Context, f upoly) ([]upoly, error) {
	n := f.deg()
	// Choose the prime.
	var best uint64
	bestCount := -1
	tried := 0
	for _, p := range smallPrimes[firstPrime:] {
		if tried >= primeTries {
			break
		}
		if new(big.Int).Mod(f.lc(), new(big.Int).SetUint64(p)).Sign() == 0 {
			continue
		}
		fp := gmonic(gfromZ(f, p), p)
		if !gsqfree(fp, p) {
			continue
		}
		tried++
		c := gcountFactors(fp, p)
		if c == 1 {
			return []upoly{f}, nil
		}
		if bestCount < 0 || c < bestCount {
			best, bestCount = p, c
		}
		if err := polled(ctx); err != nil {
			return nil, err
		}
	}
	if bestCount < 0 {
		return nil, errInternal("no good prime for univariate factorization")
	}
	p := best
	rng := rand.New(rand.NewPCG(uint64(n), p))
	modFactors := gfactorSqf(gmonic(gfromZ(f, p), p), p, rng)
	B := factorBound(f)
	twoB := new(big.Int).Lsh(B, 1)
	l := 1
	bp := new(big.Int).SetUint64(p)
	pl := new(big.Int).Set(bp)
	for pl.Cmp(twoB) <= 0 {
		pl.Mul(pl, bp)
		l++
	}
	lifted := henselLift(p, f, modFactors, l)
	return recombine(ctx, f, lifted, p, pl)
}

// recombine is the subset search of Zassenhaus' algorithm over the monic
// factors lifted modulo pl.
func recombine(ctx context.Context, f upoly, lifted []upoly, p uint64, pl *big.Int) ([]upoly, error) {
	var out []upoly
	idx := make([]int, len(lifted))
	for i := range idx {
		idx[i] = i
	}
	lc := new(big.Int).Set(f.lc())
	fc := new(big.Int).Mul(lc, f[0])
	// The constant term of a true candidate divides lc*f(0), so it is
	// already determined modulo any p^k above 2|lc*f(0)|; products modulo
	// that smaller power are much cheaper, and machine words when it fits.
	// (Later fc values divide this one, so the modulus stays large enough.)
	ct := newConstTest(p, fc, pl, lifted)
	half := new(big.Int).Rsh(pl, 1)
	sym := func(x *big.Int) *big.Int {
		x.Mod(x, pl)
		if x.Cmp(half) > 0 {
			x.Sub(x, pl)
		}
		return x
	}
	for s := 1; 2*s <= len(idx); {
		found := false
		sub := make([]int, s)
		for i := range sub {
			sub[i] = i
		}
		ct.start(s, lc)
		from := 0
		steps := 0
		for {
			steps++
			if steps&1023 == 0 {
				if err := polled(ctx); err != nil {
					return nil, err
				}
			}
			ct.extend(from, sub, idx)
			if ct.passes(fc) && valueTest(f, lc, lifted, idx, sub, pl, sym) {
				in := make([]bool, len(idx))
				G := upoly{new(big.Int).Set(lc)}
				for _, k := range sub {
					in[k] = true
					G = usymmod(umul(G, lifted[idx[k]]), pl)
				}
				// Trial division of lc*f by G over Z: exact division proves
				// that pp(G) is a true factor, and wrong candidates usually
				// fail at the first quotient coefficient.
				if H, ok := udivExact(uscale(f, lc), G); ok {
					_, g := uprimitive(G)
					_, h := uprimitive(H)
					out = append(out, g)
					var keep []int
					for k := range idx {
						if !in[k] {
							keep = append(keep, idx[k])
						}
					}
					idx = keep
					f = h
					lc.Set(f.lc())
					fc.Mul(lc, f[0])
					found = true
					break
				}
			}
			if from = nextSubset(sub, len(idx)); from < 0 {
				break
			}
		}
		if !found {
			s++
		}
	}
	return append(out, f), nil
}

// constTest evaluates the constant-term test of Zassenhaus'
// recombination incrementally: pre[j] is lc times the constant terms of
// the first j factors of the current subset, modulo m = p^k > 2|lc*f(0)|,
// in machine words when m < 2^62.
type constTest struct {
	small bool
	m64   uint64
	c64   []uint64
	pre64 []uint64
	m     *big.Int
	c     []*big.Int
	pre   []*big.Int
	halfM *big.Int
	q     *big.Int
}

func newConstTest(p uint64, fc, pl *big.Int, lifted []upoly) *constTest {
	twice := new(big.Int).Lsh(new(big.Int).Abs(fc), 1)
	m := new(big.Int).SetUint64(p)
	bp := new(big.Int).SetUint64(p)
	for m.Cmp(twice) <= 0 && m.Cmp(pl) < 0 {
		m.Mul(m, bp)
	}
	t := &constTest{m: m, halfM: new(big.Int).Rsh(m, 1), q: new(big.Int)}
	t.small = m.BitLen() <= 62
	for _, g := range lifted {
		c := new(big.Int).Mod(g[0], m)
		t.c = append(t.c, c)
		if t.small {
			t.c64 = append(t.c64, c.Uint64())
		}
	}
	if t.small {
		t.m64 = m.Uint64()
	}
	return t
}

// start prepares subsets of size s for the leading coefficient lc.
func (t *constTest) start(s int, lc *big.Int) {
	l := new(big.Int).Mod(lc, t.m)
	if t.small {
		t.pre64 = make([]uint64, s+1)
		t.pre64[0] = l.Uint64()
		return
	}
	t.pre = make([]*big.Int, s+1)
	for j := range t.pre {
		t.pre[j] = new(big.Int)
	}
	t.pre[0].Set(l)
}

// extend recomputes the prefix products from position from on.
func (t *constTest) extend(from int, sub, idx []int) {
	for j := from; j < len(sub); j++ {
		c := idx[sub[j]]
		if t.small {
			hi, lo := bits.Mul64(t.pre64[j], t.c64[c])
			t.pre64[j+1] = bits.Rem64(hi, lo, t.m64)
		} else {
			t.pre[j+1].Mul(t.pre[j], t.c[c])
			t.pre[j+1].Mod(t.pre[j+1], t.m)
		}
	}
}

// passes reports whether the current subset's constant term, taken in the
// symmetric range, is a nonzero divisor of fc = lc*f(0).
func (t *constTest) passes(fc *big.Int) bool {
	if t.small {
		q := t.pre64[len(t.pre64)-1]
		var qi int64
		if q > t.m64/2 {
			qi = int64(q) - int64(t.m64)
		} else {
			qi = int64(q)
		}
		if qi == 0 {
			return false
		}
		f := fc.Int64() // |fc| < m/2 < 2^61
		if qi > f && qi > -f || qi < f && qi < -f {
			return false
		}
		return f%qi == 0
	}
	q := t.q.Set(t.pre[len(t.pre)-1])
	if q.Cmp(t.halfM) > 0 {
		q.Sub(q, t.m)
	}
	return q.Sign() != 0 && q.CmpAbs(fc) <= 0 && new(big.Int).Rem(fc, q).Sign() == 0
}

// valueTest applies the constant-term test at x = 1 and x = -1: for a
// true factor g the candidate lc*prod g_i equals (lc/lc(g))*g, whose value
// at a point divides lc*f there (or vanishes with it). It is a cheap
// filter run before trial division.
func valueTest(f upoly, lc *big.Int, lifted []upoly, idx, sub []int, pl *big.Int, sym func(*big.Int) *big.Int) bool {
	for _, x := range []int64{1, -1} {
		bx := big.NewInt(x)
		fv := new(big.Int).Mul(lc, ueval(f, bx))
		q := new(big.Int).Set(lc)
		for _, k := range sub {
			q.Mul(q, ueval(lifted[idx[k]], bx))
			q.Mod(q, pl)
		}
		sym(q)
		if fv.Sign() == 0 {
			continue
		}
		if q.Sign() == 0 || q.CmpAbs(fv) > 0 || new(big.Int).Rem(fv, q).Sign() != 0 {
			return false
		}
	}
	return true
}

// ueval evaluates f at the integer x by Horner's rule.
func ueval(f upoly, x *big.Int) *big.Int {
	s := new(big.Int)
	for i := len(f) - 1; i >= 0; i-- {
		s.Mul(s, x)
		s.Add(s, f[i])
	}
	return s
}

// nextSubset advances sub to the next s-subset of {0..n-1} in lexicographic
// order and returns the first position that changed, or -1 after the last.
func nextSubset(sub []int, n int) int {
	s := len(sub)
	i := s - 1
	for i >= 0 && sub[i] == n-s+i {
		i--
	}
	if i < 0 {
		return -1
	}
	sub[i]++
	for j := i + 1; j < s; j++ {
		sub[j] = sub[j-1] + 1
	}
	return i
}
