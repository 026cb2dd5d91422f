package groebner

import (
	"container/heap"
)

// pair is a critical pair of basis elements i < j with the lcm of their
// leading monomials (and its mask), its sugar and a creation number that
// breaks ties.
type pair struct {
	i, j  int
	lcm   []uint16
	mask  uint64
	sugar int
	seq   int
}

// pairSet is the bookkeeping of Buchberger's algorithm that depends only on
// leading monomials and sugars: the pending pairs, the elements that still
// get new pairs, and the selection order. The modular and the
// exact engines share it, so that on the same leading monomials they make
// the same decisions; the trace algorithm relies on that (engine_trace.go).
type pairSet struct {
	ops   *monoOps
	lms   [][]uint16 // leading monomial of each basis element, by index
	masks []uint64
	sugar []int
	live  []bool // leading monomial not divisible by a later one (UPDATE's G)
	heap  pairHeap
	seq   int
	// candidate scratch reused by update
	cs []cand
}

type cand struct {
	pair
	coprime, dead bool
}

func newPairSet(ops *monoOps) *pairSet { return &pairSet{ops: ops, heap: pairHeap{ops: ops}} }

// add registers a new basis element with leading monomial lm (kept, not
// copied) and returns its index, updating the pairs with the
// Gebauer–Möller criteria (Gebauer and Möller, "On an installation of
// Buchberger's algorithm", J. Symbolic Comput. 6, 1988; Becker and
// Weispfenning, Gröbner Bases, 1993, procedure UPDATE): the chain criterion
// on the new pairs (M and F), the product criterion, then deletion of old
// pairs that the new element makes superfluous (B_k); elements whose
// leading monomial lm divides get no new pairs. Cost: O(k^2) monomial
// tests for the k live elements plus O(pairs).
func (ps *pairSet) add(lm []uint16, sugar int) int {
	k := len(ps.lms)
	ops := ps.ops
	s := ops.stride
	ps.lms = append(ps.lms, lm)
	ps.masks = append(ps.masks, ops.mask(lm))
	ps.sugar = append(ps.sugar, sugar)
	ps.live = append(ps.live, true)
	cs := ps.cs[:0]
	// One slab for the lcms of the new pairs, not an allocation each:
	// the updates of cyclic-7's homogenized basis spent a tenth of their
	// time allocating them.
	slab := make([]uint16, k*s)
	for i := 0; i < k; i++ {
		if !ps.live[i] {
			continue
		}
		gi := ps.lms[i]
		l := slab[i*s : (i+1)*s : (i+1)*s]
		monoLCM(l, lm, gi)
		sug := max(sugar+int(l[0])-int(lm[0]), ps.sugar[i]+int(l[0])-int(gi[0]))
		cs = append(cs, cand{pair: pair{i: i, j: k, lcm: l, mask: ops.mask(l), sugar: sug}, coprime: coprime(lm, gi)})
	}
	// M: drop (i,k) if some (j,k) has an lcm properly dividing lcm(i,k).
	for a := range cs {
		for b := range cs {
			if a != b && !cs[b].dead && cs[b].mask&^cs[a].mask == 0 && divides(cs[b].lcm, cs[a].lcm) && !monoEqual(cs[a].lcm, cs[b].lcm) {
				cs[a].dead = true
				break
			}
		}
	}
	// F: among survivors with equal lcm keep one, marked coprime if any of
	// the class is (then the product criterion removes the whole class).
	for a := range cs {
		if cs[a].dead {
			continue
		}
		for b := a + 1; b < len(cs); b++ {
			if !cs[b].dead && monoEqual(cs[b].lcm, cs[a].lcm) {
				if cs[b].coprime {
					cs[a].coprime = true
				}
				cs[b].dead = true
			}
		}
	}
	// B_k: drop old pairs whose lcm lm divides, unless lcm(i,k) or lcm(j,k)
	// equals it.
	lmask := ps.masks[k]
	tmp := make([]uint16, s)
	out := ps.heap.p[:0]
	for _, p := range ps.heap.p {
		if lmask&^p.mask == 0 && divides(lm, p.lcm) {
			monoLCM(tmp, ps.lms[p.i], lm)
			if !monoEqual(tmp, p.lcm) {
				monoLCM(tmp, ps.lms[p.j], lm)
				if !monoEqual(tmp, p.lcm) {
					continue
				}
			}
		}
		out = append(out, p)
	}
	for _, c := range cs {
		if !c.dead && !c.coprime {
			c.pair.seq = ps.seq
			ps.seq++
			out = append(out, c.pair)
		}
	}
	ps.heap.p = out
	heap.Init(&ps.heap)
	for i := 0; i < k; i++ {
		if ps.live[i] && lmask&^ps.masks[i] == 0 && divides(lm, ps.lms[i]) {
			ps.live[i] = false
		}
	}
	ps.cs = cs[:0]
	return k
}

// next removes and returns the pair of least sugar, ties broken by the
// smaller lcm and then by age (the normal strategy with sugar, Giovini,
// Mora, Niesi, Robbiano and Traverso, "One sugar cube, please", ISSAC 1991).
func (ps *pairSet) next() (pair, bool) {
	if len(ps.heap.p) == 0 {
		return pair{}, false
	}
	return heap.Pop(&ps.heap).(pair), true
}

type pairHeap struct {
	ops *monoOps
	p   []pair
}

func (h *pairHeap) Len() int { return len(h.p) }
func (h *pairHeap) Less(a, b int) bool {
	x, y := &h.p[a], &h.p[b]
	if x.sugar != y.sugar {
		return x.sugar < y.sugar
	}
	if c := h.ops.cmp(x.lcm, y.lcm); c != 0 {
		return c < 0
	}
	return x.seq < y.seq
}
func (h *pairHeap) Swap(a, b int) { h.p[a], h.p[b] = h.p[b], h.p[a] }
func (h *pairHeap) Push(x any)    { h.p = append(h.p, x.(pair)) }
func (h *pairHeap) Pop() any {
	n := len(h.p) - 1
	x := h.p[n]
	h.p = h.p[:n]
	return x
}

// reducers is the set of basis elements a reduction may use, by leading
// monomial, mask, ecart (sugar minus degree) and length. Both engines keep
// one and choose through it, so that they choose alike.
type reducers struct {
	lms    [][]uint16
	masks  []uint64
	live   []bool
	ecart  []int
	length []int
	// alive lists the live elements by increasing index: tail terms may
	// only use those, and on positive-dimensional ideals most elements
	// stop being live, so scanning this list instead of all elements saves
	// much of find's time.
	alive []int
}

// add registers an element; live elements whose leading monomial lm
// divides stop being reducers of choice.
func (r *reducers) add(ops *monoOps, lm []uint16, sugar, length int) {
	mask := ops.mask(lm)
	alive := r.alive[:0]
	for _, k := range r.alive {
		if mask&^r.masks[k] == 0 && divides(lm, r.lms[k]) {
			r.live[k] = false
			continue
		}
		alive = append(alive, k)
	}
	r.alive = append(alive, len(r.lms))
	r.lms = append(r.lms, lm)
	r.masks = append(r.masks, mask)
	r.live = append(r.live, true)
	r.ecart = append(r.ecart, sugar-int(lm[0]))
	r.length = append(r.length, length)
}

// find returns the index of the reducer for the term m, -1 if none. For a
// tail term (top false) it is the shortest live divisor. For the leading
// term of a polynomial of ecart ecartH it follows Singular's redHoney
// (kstd2.cc): any element may serve, and one whose ecart does not exceed
// ecartH, so that the sugar does not grow, is preferred to a shorter one.
func (r *reducers) find(m []uint16, mask uint64, top bool, ecartH int) int {
	best := -1
	bestRaise, bestLen := 0, 0
	if !top {
		for _, k := range r.alive {
			if r.masks[k]&^mask != 0 || !divides(r.lms[k], m) {
				continue
			}
			if best < 0 || r.length[k] < bestLen {
				best, bestLen = k, r.length[k]
			}
		}
		return best
	}
	for k, l := range r.lms {
		if r.masks[k]&^mask != 0 || !divides(l, m) {
			continue
		}
		raise := max(0, r.ecart[k]-ecartH)
		if best < 0 || raise < bestRaise || raise == bestRaise && r.length[k] < bestLen {
			best, bestRaise, bestLen = k, raise, r.length[k]
		}
	}
	return best
}
