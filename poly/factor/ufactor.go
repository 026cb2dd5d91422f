package factor

import (
	"context"
	"math/big"
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
// divides lc(f)*f(0); it is accepted only if the norm certificate
// |G|_1*|H|_1 <= B holds, which proves G*H = lc(f)*f over Z. The search is
// exhaustive, so the factors returned are irreducible. Cost: polynomial
// except for the recombination, which is exponential in the number of
// modular factors in the worst case (e.g. Swinnerton-Dyer polynomials).
func zassenhaus(ctx context.Context, f upoly) ([]upoly, error) {
	n := f.deg()
	// Choose the prime.
	var best uint64
	bestCount := -1
	tried := 0
	for _, p := range smallPrimes {
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
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if bestCount < 0 {
		return nil, errInternal("no good prime for univariate factorisation")
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
	return recombine(ctx, f, lifted, pl, B)
}

// recombine is the subset search of Zassenhaus' algorithm over the monic
// factors lifted modulo pl.
func recombine(ctx context.Context, f upoly, lifted []upoly, pl, B *big.Int) ([]upoly, error) {
	var out []upoly
	idx := make([]int, len(lifted))
	for i := range idx {
		idx[i] = i
	}
	lc := new(big.Int).Set(f.lc())
	fc := new(big.Int).Mul(lc, f[0])
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
		steps := 0
		for {
			steps++
			if steps&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			// Constant-term test.
			q := new(big.Int).Set(lc)
			for _, k := range sub {
				q.Mul(q, lifted[idx[k]][0])
				q.Mod(q, pl)
			}
			sym(q)
			if q.Sign() != 0 && new(big.Int).Rem(fc, q).Sign() == 0 {
				in := make([]bool, len(idx))
				G := upoly{new(big.Int).Set(lc)}
				for _, k := range sub {
					in[k] = true
					G = usymmod(umul(G, lifted[idx[k]]), pl)
				}
				H := upoly{new(big.Int).Set(lc)}
				for k := range idx {
					if !in[k] {
						H = usymmod(umul(H, lifted[idx[k]]), pl)
					}
				}
				if new(big.Int).Mul(ul1Norm(G), ul1Norm(H)).Cmp(B) <= 0 {
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
			if !nextSubset(sub, len(idx)) {
				break
			}
		}
		if !found {
			s++
		}
	}
	return append(out, f), nil
}

// nextSubset advances sub to the next s-subset of {0..n-1} in lexicographic
// order, reporting false after the last one.
func nextSubset(sub []int, n int) bool {
	s := len(sub)
	i := s - 1
	for i >= 0 && sub[i] == n-s+i {
		i--
	}
	if i < 0 {
		return false
	}
	sub[i]++
	for j := i + 1; j < s; j++ {
		sub[j] = sub[j-1] + 1
	}
	return true
}
