package groebner

import (
	"errors"
	"slices"

	"github.com/families-project/families/poly"
)

// eliminateZeroDim returns the reduced grevlex basis, in small, of
// I ∩ Q[small's variables] for a zero-dimensional ideal I with reduced
// grevlex basis B (in rg, the ring of all variables in the order of big),
// or ok = false when it cannot prove one (the caller then computes the
// whole basis in the block order of big).
//
// The candidate E is the part free of the eliminated variables of the
// multi-modular reduced basis of F (moved) in the block order of big,
// which is the reduced grevlex basis of the elimination ideal mod p. It is
// proved by:
//
//  1. E is a Gröbner basis in small (exact S-pair reductions);
//  2. E ⊆ I: every element reduces to zero by B;
//  3. I ∩ Q[y] ⊆ <E>: the standard monomials S of E have linearly
//     independent images in Q[x]/I, because the matrix of their normal
//     forms by B has full rank mod a prime (a rank over Q is at least the
//     rank of the reduction mod p). For f in I ∩ Q[y], its normal form by
//     E is a combination of S that lies in I, so it is zero.
//
// Cost: the modular block-order runs (one per prime), then reductions on
// the final coefficients only, and |S| normal forms mod p.
func eliminateZeroDim(big_, small, rg *poly.Ring, moved, B []*poly.Poly, lim *limits) ([]*poly.Poly, bool, error) {
	k := big_.NumVars() - small.NumVars() // eliminated variables come first
	freeOfElim := func(lm []uint16) bool {
		for v := 1; v <= k; v++ {
			if lm[v] != 0 {
				return false
			}
		}
		return true
	}
	ops := newMonoOps(big_)
	E, unit, ok, err := modularCandidateKeep(big_, ops, lim, nonzeroSorted(big_, moved), freeOfElim)
	if err != nil || !ok || unit || len(E) == 0 {
		return nil, false, err
	}
	Es := make([]*poly.Poly, len(E))
	for i, e := range E {
		if Es[i], err = e.ToRing(small); err != nil {
			return nil, false, nil
		}
	}
	// 1. E is a Gröbner basis.
	es := newEngine(small, newMonoOps(small), lim)
	ez := make([]*gpoly, len(Es))
	for i, e := range Es {
		ez[i] = es.fromPoly(e)
	}
	if ok, err := es.certify(ez, nil); err != nil || !ok {
		return nil, false, err
	}
	// 2. E ⊆ I.
	if ok, err := inIdeal(rg, B, E, lim); err != nil || !ok {
		return nil, false, err
	}
	// 3. The standard monomials of E are independent modulo I.
	S, ok := StandardMonomials(Es, maxFGLMDegree)
	if !ok {
		return nil, false, nil
	}
	for i := 0; i < 4; i++ {
		full, suits, err := independentModP(rg, B, small, S, fglmPrime(i), lim)
		if err != nil {
			if err == errTooLarge {
				err = nil // the block-order basis instead
			}
			return nil, false, err
		}
		if suits {
			if !full {
				return nil, false, nil
			}
			sortBasis(small, Es)
			return Es, true, nil
		}
	}
	return nil, false, nil
}

// independentModP reports whether the normal forms by the reduced basis B
// (in rg) of the monomials S (of small, whose variables are among rg's)
// are linearly independent mod p; suits is false when p divides a
// denominator of B. The normal form of a monomial m is computed by the
// recursion NF(m) = m for a standard m, else NF(m) = -Σ c·NF(t·u) over the
// tail terms c·u of the first element b with lm(b) | m and t = m/lm(b):
// over Q it is the normal form by B, and each step only multiplies and adds
// B's coefficients, so mod p it gives the reduction of that normal form.
// Cost: one vector of the quotient's dimension D per monomial met, at
// most maxNFWords words in all (else errTooLarge).
func independentModP(rg *poly.Ring, B []*poly.Poly, small *poly.Ring, S []poly.Monomial, p uint64, lim *limits) (full, suits bool, err error) {
	std, ok := StandardMonomials(B, maxFGLMDegree)
	if !ok {
		return false, false, nil
	}
	D := len(std)
	idx := make(map[string]int, D)
	for i, m := range std {
		idx[key(m)] = i
	}
	type term struct {
		c uint64
		m poly.Monomial
	}
	lms := make([]poly.Monomial, len(B))
	tails := make([][]term, len(B))
	for k, b := range B {
		lms[k] = b.LeadMonomial()
		for i := 1; i < b.Len(); i++ {
			c, ok := ratMod(b.Coef(i), p)
			if !ok {
				return false, false, nil
			}
			tails[k] = append(tails[k], term{c, b.Monomial(i)})
		}
	}
	memo := map[string][]uint64{}
	var nf func(m poly.Monomial) []uint64
	nf = func(m poly.Monomial) []uint64 {
		km := key(m)
		if v, ok := memo[km]; ok || err != nil {
			return v
		}
		if (len(memo)+1)*D > maxNFWords {
			err = errTooLarge
			return nil
		}
		if len(memo)%256 == 0 {
			if err = lim.check(); err != nil {
				return nil
			}
		}
		v := make([]uint64, D)
		if i, ok := idx[km]; ok {
			v[i] = 1
		} else {
			k := slices.IndexFunc(lms, func(l poly.Monomial) bool { return l.Divides(m) })
			t := make(poly.Monomial, len(m)).Quo(m, lms[k])
			for _, tm := range tails[k] {
				w := nf(make(poly.Monomial, len(m)).Mul(t, tm.m))
				if err != nil {
					return nil
				}
				neg := p - tm.c
				for i, x := range w {
					v[i] = (v[i] + neg*x) % p
				}
			}
		}
		memo[km] = v
		return v
	}
	// Embed S (monomials of small) into rg by variable names.
	pos := make([]int, small.NumVars())
	for v := range pos {
		pos[v], _ = rg.VarIndex(small.VarName(v))
	}
	rows := make([][]uint64, len(S))
	for i, s := range S {
		exps := make([]int, rg.NumVars())
		for v := range pos {
			exps[pos[v]] = s.Exp(v)
		}
		rows[i] = slices.Clone(nf(rg.NewMonomial(exps...)))
		if err != nil {
			return false, false, err
		}
	}
	return rankModP(rows, p) == len(rows), true, nil
}

// maxNFWords bounds the memory of independentModP's normal forms: 2^24
// words, 128 MiB.
const maxNFWords = 1 << 24

// errTooLarge stops a shortcut whose work would exceed its bound.
var errTooLarge = errors.New("groebner: shortcut too large")

// rankModP returns the rank mod p of the rows (destroyed), by Gaussian
// elimination.
func rankModP(rows [][]uint64, p uint64) int {
	rank := 0
	if len(rows) == 0 {
		return 0
	}
	for col := 0; col < len(rows[0]) && rank < len(rows); col++ {
		piv := -1
		for i := rank; i < len(rows); i++ {
			if rows[i][col] != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		rows[rank], rows[piv] = rows[piv], rows[rank]
		inv := modInv(rows[rank][col], p)
		for i := rank + 1; i < len(rows); i++ {
			if f := rows[i][col] * inv % p; f != 0 {
				for j := col; j < len(rows[i]); j++ {
					rows[i][j] = (rows[i][j] + (p-f)*rows[rank][j]) % p
				}
			}
		}
		rank++
	}
	return rank
}
