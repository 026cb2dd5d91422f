package groebner

import (
	"container/heap"
	"math/big"
	"runtime"
	"sync"

	"github.com/families-project/families/poly"
)

// The multi-modular FGLM. The rational walk of FGLM keeps its vectors in
// row echelon form over Q, and their entries grow to the size of the lex
// basis' coefficients (hundreds of digits for katsura-6), so that almost
// all of its time goes into gcds of big.Rat arithmetic. Here the walk runs
// over F_p for word-size primes p instead, the coefficients are combined
// by the Chinese remainder theorem and recovered by rational
// reconstruction, and the candidate is then proved exactly: every element
// g of it maps to zero in Q[x]/I (a matrix-vector walk over the integers,
// no echelon form), and it has as many standard monomials as I. Then
// <candidate> is contained in I with a quotient of the same finite
// dimension, so the two ideals are equal and the candidate, with its
// staircase, is I's reduced lex basis.

// mulMatrices holds the multiplication maps of Q[x]/I in the basis B of
// standard monomials: x_v * B[j] = sum_k cols[v][j].val[k] / den[v] *
// B[cols[v][j].idx[k]], integer numerators over one denominator per
// variable so that the exact walk needs no gcds.
type mulMatrices struct {
	dim  int
	cols [][]intColumn
	den  []*big.Int
}

type intColumn struct {
	idx []int32
	val []*big.Int
}

func newMulMatrices(q *quotient) (*mulMatrices, error) {
	n, D := q.ring.NumVars(), len(q.B)
	mm := &mulMatrices{dim: D, cols: make([][]intColumn, n), den: make([]*big.Int, n)}
	g := new(big.Int)
	for v := 0; v < n; v++ {
		rat := make([][]*big.Rat, D)
		den := big.NewInt(1)
		for j := range rat {
			if err := q.lim.check(); err != nil {
				return nil, err
			}
			rat[j] = q.column(v, j)
			for _, x := range rat[j] {
				if x.Sign() != 0 && !x.IsInt() {
					// den = lcm(den, x.Denom())
					g.GCD(nil, nil, den, x.Denom())
					den.Mul(den, new(big.Int).Quo(x.Denom(), g))
				}
			}
		}
		mm.den[v] = den
		mm.cols[v] = make([]intColumn, D)
		for j, c := range rat {
			var col intColumn
			for i, x := range c {
				if x.Sign() == 0 {
					continue
				}
				a := new(big.Int).Quo(den, x.Denom())
				a.Mul(a, x.Num())
				col.idx = append(col.idx, int32(i))
				col.val = append(col.val, a)
			}
			mm.cols[v][j] = col
		}
		q.mul[v] = nil // the rational columns are no longer needed
	}
	return mm, nil
}

// modMatrices are mulMatrices reduced mod p, denominators divided out.
type modMatrices struct {
	p    uint64
	cols [][]modColumn
}

type modColumn struct {
	idx []int32
	val []uint64
}

// reduce returns the matrices mod p; ok is false when p divides a
// denominator, so that the images do not exist.
func (mm *mulMatrices) reduce(p uint64) (*modMatrices, bool) {
	out := &modMatrices{p: p, cols: make([][]modColumn, len(mm.cols))}
	for v, cols := range mm.cols {
		d := wordMod(mm.den[v], p)
		if d == 0 {
			return nil, false
		}
		inv := modInv(d, p)
		out.cols[v] = make([]modColumn, len(cols))
		for j, c := range cols {
			mc := modColumn{idx: c.idx, val: make([]uint64, len(c.val))}
			for k, a := range c.val {
				mc.val[k] = wordMod(a, p) * inv % p
			}
			out.cols[v][j] = mc
		}
	}
	return out, true
}

// A walkStep says how a monomial of the walk is reached: x_v times the
// staircase monomial number pred, or 1 when pred < 0.
type walkStep struct{ pred, v int }

// walkResult is the outcome of the FGLM walk over F_p: the new staircase
// and leading monomials in the order found, how each was reached, and for
// each leading monomial its coordinates in the staircase vectors.
type walkResult struct {
	stair, lead         []poly.Monomial
	stairFrom, leadFrom []walkStep
	coef                [][]uint64 // v(lead[k]) = sum_j coef[k][j] v(stair[j])
}

// A candidate is a monomial the walk will visit and how it is reached.
type candidate struct {
	m poly.Monomial
	s walkStep
}

// monoHeap is a min-heap of candidates in the target order.
type monoHeap struct {
	r    *poly.Ring
	m    []poly.Monomial
	from []walkStep
}

func (h *monoHeap) Len() int           { return len(h.m) }
func (h *monoHeap) Less(i, j int) bool { return h.r.Cmp(h.m[i], h.m[j]) < 0 }
func (h *monoHeap) Swap(i, j int) {
	h.m[i], h.m[j] = h.m[j], h.m[i]
	h.from[i], h.from[j] = h.from[j], h.from[i]
}
func (h *monoHeap) Push(x any) {
	e := x.(candidate)
	h.m, h.from = append(h.m, e.m), append(h.from, e.s)
}
func (h *monoHeap) Pop() any {
	n := len(h.m) - 1
	e := candidate{h.m[n], h.from[n]}
	h.m, h.from = h.m[:n], h.from[:n]
	return e
}

// walkMod runs the FGLM walk over F_p with the matrices mm, in the target
// ring to; perm maps a variable of to to its index in the source ring.
func walkMod(mm *modMatrices, to *poly.Ring, perm []int, D int, lim *limits) (*walkResult, error) {
	p := mm.p
	n := to.NumVars()
	res := &walkResult{}
	// The stored vectors hold residues below 2^31 as uint32, half the
	// memory of the D^2-sized echelon form; arithmetic is in uint64.
	var (
		rows  [][]uint32 // reduced staircase vectors, pivot entry 1
		combs [][]uint32 // rows[k] = sum_j combs[k][j] v(stair[j])
		pivot []int
		vecs  [][]uint32 // vecs[j] = v(stair[j])
		pops  int
	)
	h := &monoHeap{r: to}
	seen := map[string]bool{}
	start := to.NewMonomial(make([]int, n)...)
	heap.Push(h, candidate{start, walkStep{-1, 0}})
	seen[key(start)] = true
	for h.Len() > 0 {
		if pops++; pops&15 == 0 {
			if err := lim.check(); err != nil {
				return nil, err
			}
		}
		e := heap.Pop(h).(candidate)
		m := e.m
		if divisibleByAny(res.lead, m) {
			continue
		}
		// v = x_w * v(pred), or the unit vector of 1.
		v := make([]uint64, D)
		if e.s.pred < 0 {
			v[0] = 1
		} else {
			cols := mm.cols[perm[e.s.v]]
			for j, c := range vecs[e.s.pred] {
				if c == 0 {
					continue
				}
				col := cols[j]
				for k, i := range col.idx {
					v[i] = (v[i] + uint64(c)*col.val[k]) % p
				}
			}
		}
		idx := len(res.stair)
		w := append([]uint64(nil), v...)
		comb := make([]uint64, idx+1)
		for k, row := range rows {
			f := w[pivot[k]]
			if f == 0 {
				continue
			}
			nf := p - f
			for i := pivot[k]; i < D; i++ {
				if row[i] != 0 {
					w[i] = (w[i] + nf*uint64(row[i])) % p
				}
			}
			for j, c := range combs[k] {
				if c != 0 {
					comb[j] = (comb[j] + nf*uint64(c)) % p
				}
			}
		}
		piv := -1
		for i, x := range w {
			if x != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			// 0 = v + sum comb[j] v(stair[j]).
			c := comb[:idx]
			for j := range c {
				if c[j] != 0 {
					c[j] = p - c[j]
				}
			}
			res.lead = append(res.lead, m)
			res.leadFrom = append(res.leadFrom, e.s)
			res.coef = append(res.coef, c)
			continue
		}
		inv := modInv(w[piv], p)
		for i := piv; i < D; i++ {
			w[i] = w[i] * inv % p
		}
		comb[idx] = 1
		for j := range comb {
			comb[j] = comb[j] * inv % p
		}
		rows, combs, pivot = append(rows, narrow(w)), append(combs, narrow(comb)), append(pivot, piv)
		vecs = append(vecs, narrow(v))
		res.stair = append(res.stair, m)
		res.stairFrom = append(res.stairFrom, e.s)
		for w := 0; w < n; w++ {
			next := m.Clone()
			next[w+1]++
			next[0]++
			if k := key(next); !seen[k] {
				seen[k] = true
				heap.Push(h, candidate{next, walkStep{idx, w}})
			}
		}
	}
	return res, nil
}

// fglmWalkMemory bounds the memory of the walks that run at once.
const fglmWalkMemory = 1 << 30

// maxFailedProofs is the number of refuted candidates after which
// fglmModular falls back to the rational walk.
const maxFailedProofs = 3

// narrow stores residues below 2^31 in 32 bits.
func narrow(x []uint64) []uint32 {
	y := make([]uint32, len(x))
	for i, v := range x {
		y[i] = uint32(v)
	}
	return y
}

// galeCmp compares two staircases found by walks in the same order,
// lexicographically as sorted lists. A prime that makes vectors dependent
// that are not over Q only moves monomials later, so the staircase over Q
// is below every other one elementwise (the Gale order), hence also
// lexicographically: the least staircase seen is the one to keep.
func galeCmp(to *poly.Ring, a, b []poly.Monomial) int {
	for i := range min(len(a), len(b)) {
		if c := to.Cmp(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// fglmStats tells how a modular FGLM went, for the tests.
type fglmStats struct {
	primes       int  // primes whose walks were combined
	unlucky      int  // walks dropped for a staircase larger than another's
	failedProofs int  // candidates refuted by the exact proof
	fellBack     bool // the rational walk finished the job
}

// fglmModular runs the walk over F_p for as many primes as it takes to
// recover the lex basis and proves it exactly.
func fglmModular(q *quotient, to *poly.Ring, perm []int, lim *limits) ([]*poly.Poly, fglmStats, error) {
	var st fglmStats
	mm, err := newMulMatrices(q)
	if err != nil {
		return nil, st, err
	}
	D := mm.dim
	var (
		best    *walkResult
		res     = newResidues(nil) // of best.coef
		cand    [][]*big.Rat
		stable  int
		nprimes int
		tryAt   = 1
	)
	// Each walk holds some 12*D^2 bytes; run fewer at once when D is large.
	workers := max(1, min(runtime.GOMAXPROCS(0), fglmWalkMemory/(12*D*D+1)))
	type walked struct {
		p   uint64
		w   *walkResult
		err error
	}
	batch := make([]walked, workers)
	for pi := 0; ; pi += workers {
		if err := lim.check(); err != nil {
			return nil, st, err
		}
		if lim != nil && lim.maxBits > 0 && res.M.BitLen() > 2*lim.maxBits+64 {
			return nil, st, &LimitError{Limit: LimitCoeffBits, Value: int64(lim.maxBits)}
		}
		// The walks of a batch of primes run at once; their results are
		// folded in prime order, so the outcome does not depend on timing.
		var wg sync.WaitGroup
		for i := range batch {
			p := fglmPrime(pi + i)
			batch[i] = walked{p: p}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if mp, ok := mm.reduce(p); ok {
					batch[i].w, batch[i].err = walkMod(mp, to, perm, D, lim)
				}
			}()
		}
		wg.Wait()
		for _, b := range batch {
			if b.err != nil {
				return nil, st, b.err
			}
			if b.w == nil || len(b.w.stair) != D {
				continue // p divides a denominator, or (impossibly) a rank was lost
			}
			p, w := b.p, b.w
			if best != nil {
				switch c := galeCmp(to, w.stair, best.stair); {
				case c > 0:
					st.unlucky++
					continue
				case c < 0:
					st.unlucky += nprimes // the earlier primes were unlucky
					best = nil
				}
			}
			if best == nil {
				best, cand, stable, nprimes, tryAt = w, nil, 0, 0, 1
				lens := make([]int, len(w.coef))
				for k, c := range w.coef {
					lens[k] = len(c)
				}
				res = newResidues(lens)
			}
			if cand != nil {
				if candAgrees(cand, w.coef, p) {
					stable++
				} else {
					cand, stable = nil, 0
				}
			}
			col := make([]uint32, 0, res.count())
			for _, c := range w.coef {
				for _, v := range c {
					col = append(col, uint32(v))
				}
			}
			res.add(col, p)
			nprimes++
			st.primes++
			if cand == nil && nprimes >= tryAt {
				tryAt = nprimes + max(1, nprimes/4)
				cand = reconstructAll(res)
				stable = 0
			}
			if cand != nil && stable >= 1 {
				G, ok, err := proveFGLM(mm, best, cand, to, perm, lim)
				if err != nil {
					return nil, st, err
				}
				if ok {
					return G, st, nil
				}
				cand = nil
				// A candidate that reconstructs, agrees with a further prime
				// and still fails the proof needs an unlikely coincidence; a
				// few in a row point at a flaw, and the rational walk is the
				// safe way out.
				if st.failedProofs++; st.failedProofs == maxFailedProofs {
					st.fellBack = true
					G, err := fglmRational(q, to, perm, lim)
					return G, st, err
				}
			}
		}
	}
}

// candAgrees reports whether every candidate coefficient reduces to the
// residue of the prime p.
func candAgrees(cand [][]*big.Rat, coef [][]uint64, p uint64) bool {
	for k, cs := range cand {
		for j, c := range cs {
			d := wordMod(c.Denom(), p)
			if d == 0 || wordMod(c.Num(), p)*modInv(d, p)%p != coef[k][j] {
				return false
			}
		}
	}
	return true
}

// intVec is a vector of Q^D as integers over one denominator.
type intVec struct {
	a   []*big.Int
	den *big.Int
}

// proveFGLM checks the candidate exactly: each element maps to zero in the
// quotient ring. With the staircase of size D (the walk's), that proves
// it is the reduced basis (see the comment at the top of this file).
func proveFGLM(mm *mulMatrices, w *walkResult, cand [][]*big.Rat, to *poly.Ring, perm []int, lim *limits) ([]*poly.Poly, bool, error) {
	D := mm.dim
	stair := make([]intVec, len(w.stair))
	step := func(s walkStep) intVec {
		if s.pred < 0 {
			v := intVec{a: make([]*big.Int, D), den: big.NewInt(1)}
			for i := range v.a {
				v.a[i] = new(big.Int)
			}
			v.a[0].SetInt64(1)
			return v
		}
		return mm.mulVec(perm[s.v], stair[s.pred])
	}
	for j, s := range w.stairFrom {
		if err := lim.check(); err != nil {
			return nil, false, err
		}
		stair[j] = step(s)
	}
	sum, t, lcm, g := make([]*big.Int, D), new(big.Int), new(big.Int), new(big.Int)
	for i := range sum {
		sum[i] = new(big.Int)
	}
	for k, s := range w.leadFrom {
		if err := lim.check(); err != nil {
			return nil, false, err
		}
		lv := step(s)
		// lv.a/lv.den = sum_j cand[k][j] * stair[j].a/stair[j].den; scale
		// both sides by the lcm of all denominators.
		lcm.Set(lv.den)
		for j, c := range cand[k] {
			if c.Sign() == 0 {
				continue
			}
			t.Mul(c.Denom(), stair[j].den)
			g.GCD(nil, nil, lcm, t)
			lcm.Mul(lcm, t.Quo(t, g))
		}
		f := new(big.Int).Quo(lcm, lv.den)
		for i, x := range lv.a {
			sum[i].Mul(x, f)
		}
		for j, c := range cand[k] {
			if c.Sign() == 0 {
				continue
			}
			f.Mul(c.Denom(), stair[j].den)
			f.Quo(lcm, f)
			f.Mul(f, c.Num())
			for i, x := range stair[j].a {
				if x.Sign() != 0 {
					sum[i].Sub(sum[i], t.Mul(f, x))
				}
			}
		}
		for _, x := range sum {
			if x.Sign() != 0 {
				return nil, false, nil
			}
		}
	}
	basis := make([]*poly.Poly, len(w.lead))
	for k, l := range w.lead {
		cs := []*big.Rat{big.NewRat(1, 1)}
		ms := []poly.Monomial{l}
		for j, c := range cand[k] {
			if c.Sign() != 0 {
				cs = append(cs, new(big.Rat).Neg(c))
				ms = append(ms, w.stair[j])
			}
		}
		basis[k] = to.FromTerms(cs, ms)
	}
	sortBasis(to, basis)
	return basis, true, nil
}

// mulVec returns x_v * u in the quotient ring, with the content of the
// result divided out so that the integers stay as small as the vector.
func (mm *mulMatrices) mulVec(v int, u intVec) intVec {
	out := intVec{a: make([]*big.Int, mm.dim), den: new(big.Int).Mul(u.den, mm.den[v])}
	for i := range out.a {
		out.a[i] = new(big.Int)
	}
	t := new(big.Int)
	for j, c := range u.a {
		if c.Sign() == 0 {
			continue
		}
		col := mm.cols[v][j]
		for k, i := range col.idx {
			out.a[i].Add(out.a[i], t.Mul(c, col.val[k]))
		}
	}
	g := new(big.Int).Set(out.den)
	for _, x := range out.a {
		if g.Cmp(big.NewInt(1)) == 0 {
			break
		}
		if x.Sign() != 0 {
			g.GCD(nil, nil, g, x)
		}
	}
	if g.Cmp(big.NewInt(1)) != 0 {
		out.den.Quo(out.den, g)
		for _, x := range out.a {
			x.Quo(x, g)
		}
	}
	return out
}
