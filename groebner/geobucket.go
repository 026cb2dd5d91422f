package groebner

// A geobucket holds the polynomial being reduced as a sum of sorted
// polynomials of geometrically growing lengths (T. Yan, "The geobucket data
// structure for polynomials", J. Symbolic Comput. 25, 1998). Subtracting a
// multiple of a reducer g merges it into the bucket of about its own
// length, not into the whole working polynomial, so a reduction step costs
// O(len(g)) amortised instead of O(len(working part)): the sorted merge of
// the old reductions degraded to quadratic time on the long polynomials of
// positive-dimensional ideals (4x4 grid systems). The leading term is the
// largest of the buckets' leading terms, with those of equal monomial
// summed. Storage is kept across reductions, so that a reduction allocates
// only its result. Both engines use one: C is uint32 (mod p) or zint.
type geobucket[C any, A coefArith[C]] struct {
	a   A
	ops *monoOps
	s   int
	b   []bucket[C]
	sc  []C // merge scratch, swapped with a bucket's storage
	sm  []uint16
	lm  []uint16 // the leading monomial last returned by lead
	at  []int    // scratch of lead: buckets holding the leading monomial
}

// coefArith is what a geobucket needs of an engine's coefficients.
type coefArith[C any] interface {
	// merge appends to (dc, dm) the sum of the sorted polynomials (ac,
	// am) and (bc, bm) and returns the grown slices.
	merge(dc []C, dm []uint16, ac []C, am []uint16, bc []C, bm []uint16) ([]C, []uint16)
	// sum returns x + y.
	sum(x, y C) C
	isZero(x C) bool
}

// bucket is one sorted polynomial; its terms from h on are live.
type bucket[C any] struct {
	c []C
	m []uint16
	h int
}

func (b *bucket[C]) len() int { return len(b.c) - b.h }

// live returns the live terms.
func (b *bucket[C]) live(s int) ([]C, []uint16) { return b.c[b.h:], b.m[b.h*s:] }

// bucketCap returns the most terms bucket i holds before it is merged
// into bucket i+1: 16, 64, 256, ...
func bucketCap(i int) int { return 128 << (2 * i) }

func newGeobucket[C any, A coefArith[C]](a A, ops *monoOps) *geobucket[C, A] {
	return &geobucket[C, A]{a: a, ops: ops, s: ops.stride, lm: make([]uint16, ops.stride)}
}

// reset empties the geobucket, keeping its storage.
func (gb *geobucket[C, A]) reset() {
	for i := range gb.b {
		gb.b[i] = bucket[C]{c: gb.b[i].c[:0], m: gb.b[i].m[:0]}
	}
}

// update replaces the bucket for about n terms by f(scratch, its live
// terms), which must append to the scratch a sorted polynomial and return
// it, and then carries overflowing buckets upwards.
func (gb *geobucket[C, A]) update(n int, f func(dc []C, dm []uint16, ac []C, am []uint16) ([]C, []uint16)) {
	i := 0
	for bucketCap(i) < n {
		i++
	}
	for len(gb.b) <= i {
		gb.b = append(gb.b, bucket[C]{})
	}
	ac, am := gb.b[i].live(gb.s)
	dc, dm := f(gb.sc[:0], gb.sm[:0], ac, am)
	gb.set(i, dc, dm)
	for gb.b[i].len() > bucketCap(i) {
		if i+1 == len(gb.b) {
			gb.b = append(gb.b, bucket[C]{})
		}
		gb.fold(i, i+1)
		i++
	}
}

// add adds the sorted polynomial (c, m) (copied).
func (gb *geobucket[C, A]) add(c []C, m []uint16) {
	gb.update(len(c), func(dc []C, dm []uint16, ac []C, am []uint16) ([]C, []uint16) {
		return gb.a.merge(dc, dm, ac, am, c, m)
	})
}

// set stores the sorted polynomial (c, m) as bucket i's whole content;
// the bucket's old storage becomes the scratch.
func (gb *geobucket[C, A]) set(i int, c []C, m []uint16) {
	old := gb.b[i]
	gb.b[i] = bucket[C]{c: c, m: m}
	gb.sc, gb.sm = old.c[:0], old.m[:0]
}

// fold merges bucket i into bucket j and empties bucket i.
func (gb *geobucket[C, A]) fold(i, j int) {
	lo := &gb.b[i]
	if lo.len() == 0 {
		return
	}
	lc, lm := lo.live(gb.s)
	hc, hm := gb.b[j].live(gb.s)
	dc, dm := gb.a.merge(gb.sc[:0], gb.sm[:0], hc, hm, lc, lm)
	*lo = bucket[C]{c: lo.c[:0], m: lo.m[:0]}
	gb.set(j, dc, dm)
}

// lead removes the leading term and returns its coefficient and monomial
// (valid until the geobucket next changes: lead, update, flatten); ok is
// false when the geobucket is zero.
func (gb *geobucket[C, A]) lead() (c C, lm []uint16, ok bool) {
	s := gb.s
	for {
		at := gb.at[:0]
		var best []uint16
		for i := range gb.b {
			b := &gb.b[i]
			if b.len() == 0 {
				continue
			}
			m := b.m[b.h*s : b.h*s+s]
			if best != nil {
				switch gb.ops.cmp(m, best) {
				case -1:
					continue
				case 1:
					at = at[:0]
				}
			}
			best = m
			at = append(at, i)
		}
		gb.at = at
		if best == nil {
			return c, nil, false
		}
		b := &gb.b[at[0]]
		c = b.c[b.h]
		b.h++
		if len(at) == 1 {
			// The usual case, and the only one while the working
			// polynomial is short: no sum, and the monomial stays valid
			// in the bucket's storage until the next update.
			return c, best, true
		}
		copy(gb.lm, best)
		for _, i := range at[1:] {
			b := &gb.b[i]
			c = gb.a.sum(c, b.c[b.h])
			b.h++
		}
		if !gb.a.isZero(c) {
			return c, gb.lm, true
		}
	}
}

// flatten merges every bucket into one and returns its live terms, in
// decreasing order, valid until the geobucket changes.
func (gb *geobucket[C, A]) flatten() ([]C, []uint16) {
	last := len(gb.b) - 1
	if last < 0 {
		return nil, nil
	}
	for i := 0; i < last; i++ {
		gb.fold(i, last)
	}
	return gb.b[last].live(gb.s)
}

// appendTo appends the geobucket's terms to (dc, dm) in decreasing order
// and empties it.
func (gb *geobucket[C, A]) appendTo(dc []C, dm []uint16) ([]C, []uint16) {
	c, m := gb.flatten()
	dc, dm = append(dc, c...), append(dm, m...)
	gb.reset()
	return dc, dm
}

// merge appends to (dc, dm) the sum of the sorted polynomials (ac, am) and
// (bc, bm) mod p and returns the grown slices.
func (e *modEngine) merge(dc []uint32, dm []uint16, ac []uint32, am []uint16, bc []uint32, bm []uint16) ([]uint32, []uint16) {
	s := e.s
	i, j := 0, 0
	for i < len(ac) && j < len(bc) {
		x, y := am[i*s:i*s+s], bm[j*s:j*s+s]
		switch e.ops.cmp(x, y) {
		case 1:
			dc = append(dc, ac[i])
			dm = append(dm, x...)
			i++
		case -1:
			dc = append(dc, bc[j])
			dm = append(dm, y...)
			j++
		default:
			if v := e.mod(uint64(ac[i]) + uint64(bc[j])); v != 0 {
				dc = append(dc, uint32(v))
				dm = append(dm, x...)
			}
			i++
			j++
		}
	}
	dc = append(dc, ac[i:]...)
	dm = append(dm, am[i*s:]...)
	dc = append(dc, bc[j:]...)
	dm = append(dm, bm[j*s:]...)
	return dc, dm
}

func (e *modEngine) sum(x, y uint32) uint32 { return uint32(e.mod(uint64(x) + uint64(y))) }

func (e *modEngine) isZero(x uint32) bool { return x == 0 }
