package groebner

import (
	"math/big"
	"runtime"
	"slices"
)

// The certificate by degree, F4-style. engine.reduce treats each S-pair on
// its own with geobuckets: sorted merges that compare monomials, and a new
// big integer for every coefficient they touch. Here the pairs of one
// degree (of their lcm; for a homogeneous G every S-polynomial and reducer
// of such a pair lives among the monomials of that degree) share one
// matrix: the monomials they meet become columns
// (hashed once, f4_table.go), every column divisible by a leading monomial
// of G gets one reducer row t*g (symbolic preprocessing), and each
// S-polynomial is reduced in a dense accumulator of integers (in words,
// certify_wide.go) updated in place, by column, with no monomial
// comparison. Reducing by t*g, whose
// leading monomial t*lm(g) is below the pair's lcm, is a reduction in
// Buchberger's sense, so a pair reduced to zero here has the standard
// representation that the criterion asks for; any other outcome is a
// nonzero normal form with respect to G, and G is then not a Gröbner
// basis (or an input is not in <G>).

// denseRow is a row of a degree's matrix: columns increasing (monomials
// decreasing) and the coefficients of G's element, shared.
type denseRow struct {
	cols  []int32
	coef  []*big.Int
	small []int64 // coef as int64, nil when one does not fit (certify_small.go)
	wide  *wideCoefs
}

// denseJob is one polynomial to reduce to zero in a degree's matrix: the
// S-polynomial a*row[i] - b*row[j] of a pair, or an input (j < 0, a = 1).
type denseJob struct {
	i, j int32
	a, b *big.Int
}

// denseBlock is the matrix of one degree.
type denseBlock struct {
	tab   monoTable
	rows  []denseRow
	pivot []int32 // reducer row of each column, -1 if none
	jobs  []denseJob
	seen  map[[2]int32]int32 // the row t*g by leading column and g's index
	// smalls holds the coefficients of G's elements as int64, nil for
	// those with one that does not fit.
	smalls [][]int64
	wides  []*wideCoefs // the coefficients of G's elements in words
}

// reduceByDegree reports whether the S-polynomials of the pairs jobs of G
// and the inputs all reduce to zero by G, through one denseBlock matrix
// for the pairs and inputs of each degree (the degree of the lcm, or of
// the input's leading term). The degrees run in increasing order, the
// reductions of one degree on up to GOMAXPROCS goroutines; the first
// failure stops the proof. Cost: the big-integer products of the
// reductions one at a time, without their merges and allocations; a
// degree's matrix holds every monomial its pairs meet.
func (e *engine) reduceByDegree(G []*gpoly, jobs []pair, in []*gpoly) (bool, error) {
	s := e.s
	coefs := make([][]*big.Int, len(G))
	smalls := make([][]int64, len(G))
	wides := make([]*wideCoefs, len(G))
	for k, g := range G {
		coefs[k] = bigCoefs(g)
		smalls[k] = smallCoefs(coefs[k])
		wides[k] = newWideCoefs(coefs[k])
	}
	inCoefs := make([][]*big.Int, len(in))
	for k, f := range in {
		inCoefs[k] = bigCoefs(f)
	}
	// Pairs and inputs by degree.
	type item struct {
		p     pair
		input int // index in in, -1 for a pair
	}
	byDeg := map[int][]item{}
	for _, p := range jobs {
		byDeg[int(p.lcm[0])] = append(byDeg[int(p.lcm[0])], item{p: p, input: -1})
	}
	for k, f := range in {
		if len(f.c) > 0 {
			byDeg[int(f.m[0])] = append(byDeg[int(f.m[0])], item{input: k})
		}
	}
	degs := make([]int, 0, len(byDeg))
	for d := range byDeg {
		degs = append(degs, d)
	}
	slices.Sort(degs)
	red := e.sub()
	for _, g := range G {
		red.push(g)
	}
	perJob := denseTermsPerJob
	if gHomogeneous(G, s) {
		perJob *= denseHomogeneousFactor
	}
	var keys []byte
	var heads []colHead
	tf := make([]uint16, s)
	tg := make([]uint16, s)
	for _, d := range degs {
		blk := &denseBlock{tab: newMonoTable(s), seen: map[[2]int32]int32{}, smalls: smalls, wides: wides}
		for _, it := range byDeg[d] {
			if it.input >= 0 {
				f := in[it.input]
				i := blk.addRow(f.m, nil, inCoefs[it.input], -1, false)
				blk.jobs = append(blk.jobs, denseJob{i: i, j: -1, a: big.NewInt(1)})
				continue
			}
			p := it.p
			f, g := G[p.i], G[p.j]
			monoQuo(tf, p.lcm, f.m[:s])
			monoQuo(tg, p.lcm, g.m[:s])
			if int(tf[0])+f.deg >= maxDeg || int(tg[0])+g.deg >= maxDeg {
				return false, degreeError()
			}
			// Either half may reduce the lcm's column of other pairs: it
			// saves a reducer row there.
			i := blk.addRow(f.m, tf, coefs[p.i], p.i, true)
			j := blk.addRow(g.m, tg, coefs[p.j], p.j, true)
			// (B/c)*t_f*f - (A/c)*t_g*g with A, B the leading
			// coefficients and c = gcd(A, B), as spoly.
			A, B := coefs[p.i][0], coefs[p.j][0]
			c := new(big.Int).GCD(nil, nil, new(big.Int).Abs(A), new(big.Int).Abs(B))
			blk.jobs = append(blk.jobs, denseJob{i: i, j: j,
				a: new(big.Int).Quo(B, c), b: new(big.Int).Quo(A, c)})
		}
		dense, err := blk.preprocess(red, G, coefs, e.lim, perJob*len(blk.jobs))
		if err != nil {
			return false, err
		}
		if !dense {
			// Too many reducers for the pairs: one reduction at a time.
			var pairs []pair
			var ins []*gpoly
			for _, it := range byDeg[d] {
				if it.input >= 0 {
					ins = append(ins, in[it.input])
				} else {
					pairs = append(pairs, it.p)
				}
			}
			if ok, err := e.reduceEach(G, pairs, ins); err != nil || !ok {
				return false, err
			}
			continue
		}
		keys, heads = blk.sortColumns(e.ops, keys, heads)
		ok, err := blk.reduceAll(e.lim)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// bigCoefs returns g's coefficients as big integers.
func bigCoefs(g *gpoly) []*big.Int {
	out := make([]*big.Int, len(g.c))
	for j, c := range g.c {
		if c.b != nil {
			out[j] = c.b
		} else {
			out[j] = big.NewInt(c.s)
		}
	}
	return out
}

// addRow adds the row t*g (t nil: g) for g's monomials m and coefficients
// coef, k its index in G (-1 for an input), and makes it the reducer of
// its leading column when reducer is set and the column has none. A row
// t*g already present is not built again. It returns the row's index.
func (b *denseBlock) addRow(m, t []uint16, coef []*big.Int, k int, reducer bool) int32 {
	s := b.tab.s
	cols := make([]int32, len(coef))
	var ht uint64
	if t != nil {
		ht = b.tab.hash(t)
	}
	for j := range coef {
		if j == 1 && k >= 0 {
			key := [2]int32{cols[0], int32(k)}
			if r, ok := b.seen[key]; ok {
				return r
			}
			b.seen[key] = int32(len(b.rows))
		}
		mj := m[j*s : (j+1)*s]
		c, added := b.tab.insertProduct(ht+b.tab.hash(mj), mj, t)
		if added {
			b.pivot = append(b.pivot, -1)
		}
		cols[j] = c
	}
	r := int32(len(b.rows))
	var small []int64
	var wide *wideCoefs
	if k >= 0 {
		small, wide = b.smalls[k], b.wides[k]
	} else {
		small, wide = smallCoefs(coef), newWideCoefs(coef)
	}
	b.rows = append(b.rows, denseRow{cols: cols, coef: coef, small: small, wide: wide})
	if reducer && b.pivot[cols[0]] < 0 {
		b.pivot[cols[0]] = r
	}
	return r
}

// denseTermsPerJob bounds the terms of the reducer rows of a degree's
// matrix, per polynomial to reduce: past it the degree's reductions go one
// at a time (reduceEach). Symbolic preprocessing gives a reducer to every
// column, also to those that cancel, which a reduction one at a time never
// meets: on the certificate of a 4x4 grid case (a positive-dimensional
// ideal in 8 variables) degree 23 held 9 pairs, 33,448 reducer rows of 5
// million terms and 426,611 columns, and the proof took 3 times longer
// than pair by pair. On katsura-8 every degree but the last (7 pairs)
// stays under it, at 2,100 terms a pair or fewer.
var denseTermsPerJob = 4096 // a variable so that a test can force the fallback

// denseHomogeneousFactor multiplies denseTermsPerJob for a homogeneous G,
// whose degree's matrix holds the monomials of that degree only. At 4,096
// the last two degrees of katsura-9 (72 pairs) went one at a time; at 8
// times that they stay in their matrices and katsura-9's certificate
// takes 14.2-14.6 s against 16.8-17.3, eco-10's 0.91 against 1.10 (one
// core, alternated). The same bound for the affine certificates of the
// trace algorithm made one 4x4 grid setting 8% slower (2.0 -> 2.2 s),
// its matrices bringing in lower-degree columns that cancel.
const denseHomogeneousFactor = 8

// gHomogeneous reports whether every element of G (monomials of s words,
// the first the total degree) has all its terms in one degree.
func gHomogeneous(G []*gpoly, s int) bool {
	for _, g := range G {
		if !sameDegree(g.m, s) {
			return false
		}
	}
	return true
}

// preprocess gives every column divisible by a leading monomial of G a
// reducer row t*g, including the columns the reducers bring in; it
// returns false as soon as the rows hold more than maxTerms terms.
func (b *denseBlock) preprocess(red *engine, G []*gpoly, coefs [][]*big.Int, lim *limits, maxTerms int) (bool, error) {
	s := b.tab.s
	t := make([]uint16, s)
	terms := 0
	for _, r := range b.rows {
		terms += len(r.cols)
	}
	for c := 0; c < b.tab.len(); c++ {
		if c&1023 == 0 {
			if err := lim.check(); err != nil {
				return false, err
			}
		}
		if terms > maxTerms {
			return false, nil
		}
		if b.pivot[c] >= 0 {
			continue
		}
		m := b.tab.mono(int32(c))
		k := red.red.find(m, red.ops.mask(m), false, 0)
		if k < 0 {
			continue
		}
		monoQuo(t, m, G[k].m[:s])
		b.addRow(G[k].m, t, coefs[k], k, true)
		terms += len(coefs[k])
	}
	return true, nil
}

// sortColumns renumbers the columns by decreasing monomial, so that each
// row's columns increase and its first is its leading term.
func (b *denseBlock) sortColumns(ops *monoOps, keys []byte, heads []colHead) ([]byte, []colHead) {
	order, keys, heads := columnOrder(ops, &b.tab, keys, heads)
	rank := make([]int32, len(order))
	for r, c := range order {
		rank[c] = int32(r)
	}
	for i := range b.rows {
		for j, c := range b.rows[i].cols {
			b.rows[i].cols[j] = rank[c]
		}
	}
	pivot := make([]int32, len(order))
	for c, r := range b.pivot {
		pivot[rank[c]] = r
	}
	b.pivot = pivot
	return keys, heads
}

// reduceAll reports whether every job of the block reduces to zero, on up
// to GOMAXPROCS goroutines with an accumulator each.
func (b *denseBlock) reduceAll(lim *limits) (bool, error) {
	workers := min(runtime.GOMAXPROCS(0), 8, len(b.jobs)/4)
	return allHold(len(b.jobs), workers, func() func(int) (bool, error) {
		r := newDenseReducer(len(b.pivot))
		return func(k int) (bool, error) {
			zero, done := false, false
			if certifySmallFirst {
				zero, done = r.reduceSmall(b, b.jobs[k])
			}
			if !done {
				return r.reduce(b, b.jobs[k], lim)
			}
			if r.work >= pollWork {
				r.work = 0
				if err := lim.check(); err != nil {
					return false, err
				}
			}
			return zero, nil
		}
	})
}

// certifySmallFirst makes reduceAll try each job in int64 words before
// the accumulator of several words; a variable so that a test can check
// the second alone.
var certifySmallFirst = true

// denseReducer is one goroutine's accumulator (certify_wide.go), zero
// between jobs, and the big integers of a step.
type denseReducer struct {
	wide       wideAcc
	small      []int64 // the accumulator of reduceSmall, made on first use
	nsmall     int     // the columns of the block, for small
	tmp, q, rm big.Int
	a, g, h    big.Int
	cq, cr     big.Int // quotient and remainder of removeContent
	work       int
}

func newDenseReducer(n int) *denseReducer { return &denseReducer{nsmall: n} }

// reduce reports whether the job reduces to zero by the block's reducers.
// Each step is fraction free, as in engine.reduce: with A the leading
// coefficient and B the reducer's, the accumulator becomes (B/c)*acc -
// (A/c)*row, c = gcd(A, B); when B divides A (the common case) the
// accumulator is not multiplied at all. Its content is removed when the
// multipliers since the last removal pass contentEvery bits. Leaves the
// accumulator zero.
func (r *denseReducer) reduce(b *denseBlock, job denseJob, lim *limits) (bool, error) {
	x := &r.wide
	ri := b.rows[job.i]
	lo, hi := ri.cols[0], ri.cols[len(ri.cols)-1]
	need := job.a.BitLen() + ri.wide.bits
	if job.j >= 0 {
		rj := b.rows[job.j]
		lo, hi = min(lo, rj.cols[0]), max(hi, rj.cols[len(rj.cols)-1])
		need = max(need, job.b.BitLen()+rj.wide.bits) + 1
	}
	x.start(lo, hi, wordsFor(need))
	x.load(ri, job.a, false)
	if job.j >= 0 {
		x.load(b.rows[job.j], job.b, true)
	}
	scaled := 0 // bits multiplied in since the last content removal
	for c := lo; c <= hi; c++ {
		e := x.entry(c)
		if isZero(e) {
			continue
		}
		p := b.pivot[c]
		if p < 0 {
			// A term no leading monomial divides: a nonzero normal form.
			x.clear()
			return false, nil
		}
		row := b.rows[p]
		B := row.coef[0]
		A := x.toBig(e)
		r.q.QuoRem(A, B, &r.rm)
		if r.rm.Sign() != 0 {
			r.g.GCD(nil, nil, r.rm.Abs(A), r.tmp.Abs(B))
			r.a.Quo(B, &r.g)
			r.q.Quo(A, &r.g)
			if r.a.Sign() < 0 {
				r.a.Neg(&r.a)
				r.q.Neg(&r.q)
			}
			x.scale(c+1, hi, &r.a)
			scaled += r.a.BitLen()
			r.work += int(hi-c) * len(r.a.Bits())
		}
		clear(x.entry(c))
		last := row.cols[len(row.cols)-1]
		x.grow(max(hi, last))
		x.fit(r.q.BitLen() + row.wide.bits)
		q, qneg := r.q.Bits(), r.q.Sign() < 0
		x.subMulRow(q, qneg, row, 1, false)
		hi = max(hi, last)
		r.work += len(row.cols) * (len(q) + 1)
		if scaled > contentEvery {
			r.removeContent(c+1, hi)
			scaled = 0
		}
		if r.work >= pollWork {
			r.work = 0
			if err := lim.check(); err != nil {
				x.clear()
				return false, err
			}
		}
	}
	x.clear()
	return true, nil
}

// removeContent divides the entries of the columns from..hi by their gcd.
// It starts from the entry of fewest bits, whose magnitude bounds the gcd,
// and takes each other entry's remainder by the gcd so far: gcd(g, e) =
// gcd(g, e mod g), and a remainder of zero (the common case: the content
// is mostly the scalings since the last removal) needs no gcd at all. One
// division an entry costs less than the Lehmer gcd of two entries did
// (cyclic-8: 21 s of a 185 s certificate in gcds and divisions).
func (r *denseReducer) removeContent(from, hi int32) {
	x := &r.wide
	least, bits := int32(-1), 0
	for c := from; c <= hi; c++ {
		if e := x.entry(c); !isZero(e) {
			if n := signedLen(e); least < 0 || n < bits {
				least, bits = c, n
			}
		}
	}
	if least < 0 {
		return
	}
	r.g.Abs(x.toBig(x.entry(least)))
	for c := from; c <= hi && r.g.BitLen() > 1; c++ {
		if e := x.entry(c); c != least && !isZero(e) {
			r.cq.QuoRem(x.toBig(e), &r.g, &r.cr)
			if r.cr.Sign() != 0 {
				r.h.Set(&r.g)
				r.g.GCD(nil, nil, &r.h, r.cr.Abs(&r.cr))
			}
		}
	}
	if r.g.BitLen() <= 1 {
		return // content 1
	}
	for c := from; c <= hi; c++ {
		if e := x.entry(c); !isZero(e) {
			r.tmp.Quo(x.toBig(e), &r.g)
			setBig(e, &r.tmp)
		}
	}
}

// contentEvery is the number of bits multiplied into the accumulator after
// which reduce divides it by its content. The gcds cost more than the
// smaller entries save until the scaling is large: certificate CPU, one
// core, 64 bits against 1,024 in one run: katsura-8 2.72 -> 1.91 s,
// cyclic-7 3.02 -> 2.58, katsura-9 26.6 -> 22.9, eco-10 1.40 -> 1.38
// (never: 1.90 and 2.55); the 4x4 and 5x5 grid goldens, whose trace
// certificates scale more often, took the same time both ways.
const contentEvery = 1024
