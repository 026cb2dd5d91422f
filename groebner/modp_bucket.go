package groebner

// A geobucket holds the polynomial being reduced by the modular engine as
// a sum of sorted polynomials of geometrically growing lengths (T. Yan,
// "The geobucket data structure for polynomials", J. Symbolic Comput. 25,
// 1998). Subtracting a multiple of a reducer g merges it into the bucket
// of about its own length, not into the whole working polynomial, so a
// reduction step costs O(len(g)) amortised instead of O(len(working part)):
// the sorted merge of the old reduce degraded to quadratic time on the long
// polynomials of positive-dimensional ideals (4x4 grid systems). The
// leading term is the largest of the buckets' leading terms, with those of
// equal monomial summed. Storage is kept across reductions, so that a
// reduction allocates only its result.
type geobucket struct {
	e  *modEngine
	b  []bucket
	sc []uint32 // merge scratch, swapped with a bucket's storage
	sm []uint16
	lm []uint16 // the leading monomial last returned by lead
	at []int    // scratch of lead: buckets holding the leading monomial
}

// bucket is one sorted polynomial; its terms from h on are live.
type bucket struct {
	c []uint32
	m []uint16
	h int
}

func (b *bucket) len() int { return len(b.c) - b.h }

// bucketCap returns the most terms bucket i holds before it is merged
// into bucket i+1: 16, 64, 256, ...
func bucketCap(i int) int { return 16 << (2 * i) }

func newGeobucket(e *modEngine) *geobucket {
	return &geobucket{e: e, lm: make([]uint16, e.s)}
}

// reset empties the geobucket, keeping its storage.
func (gb *geobucket) reset() {
	for i := range gb.b {
		gb.b[i] = bucket{c: gb.b[i].c[:0], m: gb.b[i].m[:0]}
	}
}

// slot returns the index of the bucket for n terms, adding buckets as
// needed.
func (gb *geobucket) slot(n int) int {
	i := 0
	for bucketCap(i) < n {
		i++
	}
	for len(gb.b) <= i {
		gb.b = append(gb.b, bucket{})
	}
	return i
}

// set stores the sorted polynomial (c, m) as the bucket's whole content;
// the bucket's old storage becomes the scratch.
func (gb *geobucket) set(i int, c []uint32, m []uint16) {
	old := gb.b[i]
	gb.b[i] = bucket{c: c, m: m}
	gb.sc, gb.sm = old.c[:0], old.m[:0]
}

// add adds the sorted polynomial (c, m) (copied).
func (gb *geobucket) add(c []uint32, m []uint16) {
	i := gb.slot(len(c))
	b := &gb.b[i]
	s := gb.e.s
	dc, dm := gb.e.merge(gb.sc[:0], gb.sm[:0], b.c[b.h:], b.m[b.h*s:], c, m)
	gb.set(i, dc, dm)
	gb.carry(i)
}

// addMul adds mul*t*g without g's leading term.
func (gb *geobucket) addMul(mul uint64, t []uint16, g *mpoly) {
	i := gb.slot(len(g.c) - 1)
	b := &gb.b[i]
	s := gb.e.s
	dc, dm := gb.e.addMul(gb.sc[:0], gb.sm[:0], b.c[b.h:], b.m[b.h*s:], mul, t, g)
	gb.set(i, dc, dm)
	gb.carry(i)
}

// carry merges bucket i upwards while it holds more than its capacity.
func (gb *geobucket) carry(i int) {
	s := gb.e.s
	for gb.b[i].len() > bucketCap(i) {
		if i+1 == len(gb.b) {
			gb.b = append(gb.b, bucket{})
		}
		lo, hi := &gb.b[i], &gb.b[i+1]
		dc, dm := gb.e.merge(gb.sc[:0], gb.sm[:0], hi.c[hi.h:], hi.m[hi.h*s:], lo.c[lo.h:], lo.m[lo.h*s:])
		*lo = bucket{c: lo.c[:0], m: lo.m[:0]}
		gb.set(i+1, dc, dm)
		i++
	}
}

// lead removes the leading term and returns its coefficient and monomial
// (valid until the next call of lead); ok is false when the geobucket is
// zero.
func (gb *geobucket) lead() (c uint64, lm []uint16, ok bool) {
	s := gb.e.s
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
				switch gb.e.ops.cmp(m, best) {
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
			return 0, nil, false
		}
		copy(gb.lm, best)
		c = 0
		for _, i := range at {
			b := &gb.b[i]
			c += uint64(b.c[b.h])
			b.h++
		}
		if c = c % gb.e.p; c != 0 {
			return c, gb.lm, true
		}
	}
}

// appendTo appends the geobucket's terms to (dc, dm) in decreasing order
// and empties it.
func (gb *geobucket) appendTo(dc []uint32, dm []uint16) ([]uint32, []uint16) {
	s := gb.e.s
	// Fold every bucket into the last one, then copy it out.
	last := len(gb.b) - 1
	for i := 0; i < last; i++ {
		lo, hi := &gb.b[i], &gb.b[last]
		if lo.len() == 0 {
			continue
		}
		mc, mm := gb.e.merge(gb.sc[:0], gb.sm[:0], hi.c[hi.h:], hi.m[hi.h*s:], lo.c[lo.h:], lo.m[lo.h*s:])
		*lo = bucket{c: lo.c[:0], m: lo.m[:0]}
		gb.set(last, mc, mm)
	}
	if last >= 0 {
		b := &gb.b[last]
		dc = append(dc, b.c[b.h:]...)
		dm = append(dm, b.m[b.h*s:]...)
	}
	gb.reset()
	return dc, dm
}

// merge appends to (dc, dm) the sum of the sorted polynomials (ac, am) and
// (bc, bm) and returns the grown slices.
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
