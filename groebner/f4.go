package groebner

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/families-project/families/poly"
)

// F4 over Z/p (J.-C. Faugère, "A new efficient algorithm for computing
// Gröbner bases (F4)", J. Pure Appl. Algebra 139, 1999). Instead of
// reducing one S-polynomial at a time, each step takes all pairs of the
// least sugar, writes both halves of each S-polynomial and every reducer
// their terms call for (symbolic preprocessing) as rows of one sparse
// matrix over the monomials that occur, and brings it to echelon form. A
// monomial is hashed once per step and becomes a column index; the
// reduction itself then runs on dense accumulators of machine words, with
// no monomial comparison in the inner loop. On the homogeneous bases of the
// nonzero-divisor test of 4x4 grid systems the sorted merges of the
// Buchberger engine took 85% of the run, a third of it comparing
// monomials; F4 computes them 9 times faster (nzd4x4 in BenchmarkLarge,
// the median of three runs), and the bases of katsura-7, katsura-8 and
// cyclic-7 mod p 14 to 25 times faster (BENCHMARKS.md). The new elements
// of a step are the rows whose leading column no known reducer has; they
// are fully reduced, and join the basis with the same pair bookkeeping
// (pairSet) as in the Buchberger engine.
//
// runF4 records no trace: the exact replay of engine_trace.go follows the
// S-pairs of a Buchberger run one by one, which F4 does not have.

// f4Row is one row of a step's matrix: its nonzero entries by increasing
// column, the first being the row's leading term. Rows that are multiples
// of basis elements share the element's coefficient slice.
type f4Row struct {
	cols []int32
	coef []uint32
}

// colHead is the first 16 bytes of a column's sort key, big-endian.
type colHead struct {
	hi, lo uint64
	col    int32
}

// f4Step is the matrix of one F4 step and its storage, reused across
// steps.
type f4Step struct {
	e     *modEngine
	tab   monoTable
	rows  []f4Row
	pivot []int32 // row of each column's reducer, -1 if none
	todo  []int32 // rows to reduce
	seen  map[[2]int32]bool
	acc   []uint64
	fresh []int32 // rows that became new pivots
	gave  []bool  // by row: a row to reduce that did not reduce to zero
	// hashes of the terms of each basis element, by index (termHashes)
	hashes [][]uint64
	keys   []byte    // sort keys of the columns (sortColumns)
	heads  []colHead // their first 16 bytes, with the column
	t      []uint16
	// wrap is the largest multiple of p not above 2^63: subtracting it
	// keeps an accumulator below 2^63 without changing it mod p.
	wrap uint64
}

func newF4Step(e *modEngine) *f4Step {
	return &f4Step{e: e, tab: newMonoTable(e.s), seen: map[[2]int32]bool{},
		t: make([]uint16, e.s), wrap: (1 << 63) / e.p * e.p}
}

func (st *f4Step) reset() {
	st.tab.reset()
	st.rows = st.rows[:0]
	st.pivot = st.pivot[:0]
	st.todo = st.todo[:0]
	st.fresh = st.fresh[:0]
	clear(st.seen)
}

// column returns the column of the monomial a*b (b nil: a) of hash h,
// adding it, without a reducer, when new.
func (st *f4Step) column(h uint64, a, b []uint16) int32 {
	c, added := st.tab.insertProduct(h, a, b)
	if added {
		st.pivot = append(st.pivot, -1)
	}
	return c
}

// addMultiple adds the row t*g for basis element k: as the reducer of its
// leading column when reducer is set and the column has none, else as a
// row to reduce. A row already present is not added again. It returns the
// new row's index, -1 when it added none.
func (st *f4Step) addMultiple(t []uint16, k int, reducer bool) (int32, error) {
	e := st.e
	g := e.basis[k]
	s := e.s
	if int(t[0])+g.deg >= maxDeg {
		return -1, degreeError()
	}
	ht := st.tab.hash(t)
	hs := st.termHashes(k)
	// The leading column and k name the row: a pair's half that another
	// pair of the step already brought in is not built again.
	lead := st.column(ht+hs[0], g.m[:s], t)
	key := [2]int32{lead, int32(k)}
	if st.seen[key] {
		return -1, nil
	}
	st.seen[key] = true
	cols := make([]int32, len(g.c))
	cols[0] = lead
	for j := 1; j < len(g.c); j++ {
		cols[j] = st.column(ht+hs[j], g.m[j*s:(j+1)*s], t)
	}
	r := int32(len(st.rows))
	st.rows = append(st.rows, f4Row{cols: cols, coef: g.c})
	if reducer && st.pivot[cols[0]] < 0 {
		st.pivot[cols[0]] = r
	} else {
		st.todo = append(st.todo, r)
	}
	return r, nil
}

// termHashes returns the hashes of the terms of basis element k, computed
// on first use and kept for the run.
func (st *f4Step) termHashes(k int) []uint64 {
	for len(st.hashes) <= k {
		st.hashes = append(st.hashes, nil)
	}
	if st.hashes[k] == nil {
		g := st.e.basis[k]
		s := st.e.s
		hs := make([]uint64, len(g.c))
		for j := range hs {
			hs[j] = st.tab.hash(g.m[j*s : (j+1)*s])
		}
		st.hashes[k] = hs
	}
	return st.hashes[k]
}

// addInput adds the input g as a row to reduce.
func (st *f4Step) addInput(g *mpoly) {
	s := st.e.s
	cols := make([]int32, len(g.c))
	for j := range g.c {
		m := g.m[j*s : (j+1)*s]
		cols[j] = st.column(st.tab.hash(m), m, nil)
	}
	st.todo = append(st.todo, int32(len(st.rows)))
	st.rows = append(st.rows, f4Row{cols: cols, coef: g.c})
}

// preprocess adds a reducer for every column divisible by a leading
// monomial of the basis, including the columns the reducers bring in.
func (st *f4Step) preprocess() error {
	e := st.e
	s := e.s
	// The work between two checks is the terms of the reducers brought
	// in: a unit of work budget per termsPerUnit of them.
	counted, terms := len(st.rows), int64(0)
	for c := 0; c < st.tab.len(); c++ {
		if c&255 == 0 {
			for _, row := range st.rows[counted:] {
				terms += int64(len(row.cols))
			}
			counted = len(st.rows)
			e.lim.spend(terms / termsPerUnit)
			terms %= termsPerUnit
			if err := e.lim.check(); err != nil {
				return err
			}
		}
		if st.pivot[c] >= 0 {
			continue
		}
		m := st.tab.mono(int32(c))
		k := e.red.find(m, e.ops.mask(m), false, 0)
		if k < 0 {
			continue
		}
		monoQuo(st.t, m, e.basis[k].m[:s])
		if _, err := st.addMultiple(st.t, k, true); err != nil {
			return err
		}
	}
	return nil
}

// termsPerUnit is the number of monomials that F4's preprocessing treats
// as one unit of a work budget (internal/work): about what the other
// engines do between two checks (20 checks a CPU millisecond on 4x4 grid
// systems).
const termsPerUnit = 1024

// sortColumns renumbers the columns by decreasing monomial, so that every
// row's columns increase and a row's first column is its leading term.
func (st *f4Step) sortColumns() {
	n := st.tab.len()
	var order []int32
	order, st.keys, st.heads = columnOrder(st.e.ops, &st.tab, st.keys, st.heads)
	rank := make([]int32, n)
	for r, c := range order {
		rank[c] = int32(r)
	}
	for i := range st.rows {
		for j, c := range st.rows[i].cols {
			st.rows[i].cols[j] = rank[c]
		}
	}
	pivot := make([]int32, n)
	for c, r := range st.pivot {
		pivot[rank[c]] = r
	}
	st.pivot = pivot
	st.tab.permute(order)
}

// columnOrder returns the numbers of tab's monomials by decreasing
// monomial in ops's order, with keys and heads (scratch, returned grown
// for reuse). Cost: a sort of the monomials on byte keys.
func columnOrder(ops *monoOps, tab *monoTable, keys []byte, heads []colHead) ([]int32, []byte, []colHead) {
	n := tab.len()
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	if w := 2 * ops.stride; ops.kind == cmpGrevlex || ops.kind == cmpGrlex || ops.kind == cmpLex {
		// Byte keys that compare like the monomials, so that the sort runs
		// on memcmp (comparisons through cmp took a third of F4's time on
		// 5x5 grid systems); their first 16 bytes travel with the index,
		// so that most comparisons stay within one contiguous array.
		keys = slices.Grow(keys[:0], n*w)[:n*w]
		heads = slices.Grow(heads[:0], n)[:n]
		for i := range n {
			k := keys[i*w : (i+1)*w]
			ops.sortKey(k, tab.mono(int32(i)))
			var pad [16]byte
			copy(pad[:], k)
			heads[i] = colHead{hi: binary.BigEndian.Uint64(pad[:8]), lo: binary.BigEndian.Uint64(pad[8:]), col: int32(i)}
		}
		slices.SortFunc(heads, func(a, b colHead) int {
			switch {
			case a.hi != b.hi:
				return cmp.Compare(b.hi, a.hi)
			case a.lo != b.lo:
				return cmp.Compare(b.lo, a.lo)
			case w <= 16:
				return 0
			}
			return bytes.Compare(keys[int(b.col)*w+16:int(b.col+1)*w], keys[int(a.col)*w+16:int(a.col+1)*w])
		})
		for i, h := range heads {
			order[i] = h.col
		}
	} else {
		slices.SortFunc(order, func(a, b int32) int { return ops.cmp(tab.mono(b), tab.mono(a)) })
	}
	return order, keys, heads
}

// reduceRow returns the row r reduced by every pivot, made monic, or false
// when it reduces to zero. Cost: the columns from the row's first on,
// plus the length of each pivot row used.
func (st *f4Step) reduceRow(row f4Row, skip func(c int32) bool) (f4Row, bool) {
	e := st.e
	acc := st.acc
	for j, c := range row.cols {
		acc[c] = uint64(row.coef[j])
	}
	var out f4Row
	wrap := st.wrap
	for c := int(row.cols[0]); c < len(acc); c++ {
		if acc[c] == 0 {
			continue
		}
		v := e.mod(acc[c])
		acc[c] = 0
		if v == 0 {
			continue
		}
		pr := st.pivot[c]
		if pr < 0 || skip != nil && skip(int32(c)) {
			out.cols = append(out.cols, int32(c))
			out.coef = append(out.coef, uint32(v))
			continue
		}
		prow := st.rows[pr]
		mul := e.p - v
		cols := prow.cols[1:]
		coef := prow.coef[1:]
		coef = coef[:len(cols)]
		for j, pc := range cols {
			// Without a branch: an accumulator past 2^63 loses wrap. Half
			// the updates take that path, and as a branch it was
			// mispredicted often enough to cost a fifth of the loop.
			x := acc[pc] + mul*uint64(coef[j])
			acc[pc] = x - wrap&uint64(int64(x)>>63)
		}
	}
	if len(out.cols) == 0 {
		return out, false
	}
	if out.coef[0] != 1 {
		inv := modInv(uint64(out.coef[0]), e.p)
		for j, x := range out.coef {
			out.coef[j] = uint32(uint64(x) * inv % e.p)
		}
	}
	return out, true
}

// echelon reduces the rows to reduce in turn, each by the pivots so far;
// a nonzero result becomes the pivot of its leading column. The new pivots
// are then reduced by one another, from the last column back, so that
// they form a reduced echelon form modulo the known reducers.
func (st *f4Step) echelon() error {
	e := st.e
	n := st.tab.len()
	st.acc = slices.Grow(st.acc[:0], n)[:n]
	clear(st.acc)
	slices.SortFunc(st.todo, func(a, b int32) int {
		return int(st.rows[a].cols[0]) - int(st.rows[b].cols[0])
	})
	st.gave = slices.Grow(st.gave[:0], len(st.rows))[:len(st.rows)]
	clear(st.gave)
	for _, r := range st.todo {
		// A row can cost milliseconds on the large matrices: check the
		// limits before each.
		if err := e.lim.check(); err != nil {
			return err
		}
		red, ok := st.reduceRow(st.rows[r], nil)
		if !ok {
			continue
		}
		st.gave[r] = true
		nr := int32(len(st.rows))
		st.rows = append(st.rows, red)
		st.pivot[red.cols[0]] = nr
		st.fresh = append(st.fresh, nr)
	}
	// Back substitution: only the new pivots can still occur in a new
	// row's tail; reducing from the rightmost leading column on uses
	// pivots that are already final.
	isFresh := make(map[int32]bool, len(st.fresh))
	for _, r := range st.fresh {
		isFresh[st.rows[r].cols[0]] = true
	}
	slices.SortFunc(st.fresh, func(a, b int32) int {
		return int(st.rows[b].cols[0]) - int(st.rows[a].cols[0])
	})
	for _, r := range st.fresh {
		row := st.rows[r]
		lead := row.cols[0]
		needs := false
		for _, c := range row.cols[1:] {
			if isFresh[c] {
				needs = true
				break
			}
		}
		if !needs {
			continue
		}
		if err := e.lim.check(); err != nil {
			return err
		}
		red, _ := st.reduceRow(row, func(c int32) bool { return c == lead || !isFresh[c] })
		st.rows[r] = red
	}
	return nil
}

// toPoly returns row r as a basis element of the given sugar.
func (st *f4Step) toPoly(row f4Row, sugar int) *mpoly {
	s := st.e.s
	h := &mpoly{c: slices.Clone(row.coef), m: make([]uint16, 0, len(row.cols)*s), sugar: sugar}
	for _, c := range row.cols {
		m := st.tab.mono(c)
		h.m = append(h.m, m...)
		h.deg = max(h.deg, int(m[0]))
	}
	// In a weighted order a tail term can have a larger total degree than
	// the leading one, and so than the step's sugar, which must bound it.
	h.sugar = max(h.sugar, h.deg)
	return h
}

// f4MaxInputTerms is the longest input runF4 takes; longer ones go to the
// Buchberger engine. Symbolic preprocessing gives a reducer to every
// monomial of every row, also to those that cancel, which Buchberger's
// reductions never meet: on a homogenized saturation of a 5x5 grid case
// (27 inputs of up to 15,876 terms, a basis of 44 elements) F4 took 29 s
// and the Buchberger engine 2.0 s (Singular's std: 2.0 s), while on the
// nonzero-divisor tests of 4x4 cases (inputs of up to 168 terms) F4 is 9
// times faster.
const f4MaxInputTerms = 2000

// f4Applies reports whether runF4 runs F4 on F, rather than the Buchberger
// engine: a graded order and inputs of at most f4MaxInputTerms terms.
func f4Applies(ops *monoOps, F []*poly.Poly) bool {
	return ops.tail && longest(F) <= f4MaxInputTerms
}

// allHomogeneous reports whether every term of each polynomial has the
// total degree of its leading term. F4's steps go by sugar, which is then
// that degree, whatever the order compares first.
func allHomogeneous(F []*mpoly, s int) bool {
	for _, f := range F {
		if !sameDegree(f.m, s) {
			return false
		}
	}
	return true
}

// sameDegree reports whether the monomials m, of s words each with the
// total degree first, all have the degree of the first.
func sameDegree(m []uint16, s int) bool {
	for k := s; k < len(m); k += s {
		if m[k] != m[0] {
			return false
		}
	}
	return true
}

// longest returns the largest number of terms of a polynomial of F.
func longest(F []*poly.Poly) int {
	n := 0
	for _, f := range F {
		n = max(n, f.Len())
	}
	return n
}

// runF4 computes a Gröbner basis mod p of F by F4 (see above), leaving
// it in e.basis like run, with the same stop rule (e.enough) between
// sugars, but without a trace. ok is false when p divides a denominator or
// a leading coefficient of an input. Cost per step: hashing the terms of
// the rows once, sorting the columns, and the dense row reductions.
//
// Long inputs (f4MaxInputTerms) and orders that are not graded run the
// Buchberger engine instead. In the latter F4's full reduction of every row
// brings in terms of ever higher degree (lex on a random system of four
// variables: sugar past 9,000 and gigabytes, where run takes
// milliseconds), for the reason newMonoOps gives for tails.
func (e *modEngine) runF4(F []*poly.Poly) (ok bool, err error) {
	if !f4Applies(e.ops, F) {
		return e.run(F)
	}
	inputs := make([]*mpoly, 0, len(F))
	for _, f := range F {
		g, ok := e.fromPoly(f)
		if !ok {
			return false, nil
		}
		inputs = append(inputs, g)
	}
	slices.SortStableFunc(inputs, func(a, b *mpoly) int { return a.sugar - b.sugar })
	e.reducedByF4 = allHomogeneous(inputs, e.s)
	st := newF4Step(e)
	last := -1
	following := e.f4.following()
	for {
		if err := e.lim.check(); err != nil {
			return true, err
		}
		sugar, more := -1, false
		if len(inputs) > 0 {
			sugar, more = inputs[0].sugar, true
		}
		if following {
			// The recorded run's steps, not the pairs, say what comes
			// next: the pairs depend on the leading monomials only, which
			// each step checks.
			if next, ok := e.f4.next(); ok && (!more || next <= sugar) {
				sugar, more = next, true
			} else if more {
				return false, nil // an input the followed run took elsewhere
			}
		} else if len(e.ps.heap.p) > 0 && (!more || e.ps.heap.p[0].sugar < sugar) {
			sugar, more = e.ps.heap.p[0].sugar, true
		}
		if !more {
			return e.f4.done(), nil
		}
		if e.enough != nil && sugar > last {
			if e.enough(sugar) {
				e.stopped = true
				return true, nil
			}
		}
		last = sugar
		st.reset()
		tr := e.f4.begin(sugar)
		if !tr.ok {
			return false, nil // the run this one follows took another path
		}
		if following {
			ok, err := tr.replay(st)
			if err != nil {
				return true, err
			}
			if !ok {
				return false, nil
			}
		}
		for !following && len(e.ps.heap.p) > 0 && e.ps.heap.p[0].sugar == sugar {
			p, _ := e.ps.next()
			for _, k := range [2]int{p.i, p.j} {
				monoQuo(st.t, p.lcm, e.basis[k].m[:e.s])
				r, err := st.addMultiple(st.t, k, true)
				if err != nil {
					return true, err
				}
				tr.row(r, st.t, k)
			}
		}
		for len(inputs) > 0 && inputs[0].sugar == sugar {
			st.addInput(inputs[0])
			inputs = inputs[1:]
		}
		if err := st.preprocess(); err != nil {
			return true, err
		}
		st.sortColumns()
		if err := st.echelon(); err != nil {
			return true, err
		}
		fresh := make([]*mpoly, 0, len(st.fresh))
		for _, r := range st.fresh {
			fresh = append(fresh, st.toPoly(st.rows[r], sugar))
		}
		// By decreasing leading monomial: in a step of mixed degrees one
		// new leading monomial may divide another, and the later, smaller
		// one then retires the larger from the reducers and the live
		// elements, while their pair still reduces it.
		slices.SortFunc(fresh, func(a, b *mpoly) int { return e.ops.cmp(b.m[:e.s], a.m[:e.s]) })
		if !tr.end(st, fresh) {
			return false, nil
		}
		for _, h := range fresh {
			if h.m[0] == 0 {
				e.setUnit(h)
				return true, nil
			}
			if err := e.addElement(h, !following); err != nil {
				return true, err
			}
		}
	}
}
