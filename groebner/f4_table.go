package groebner

import "math/bits"

// monoTable numbers the distinct monomials of an F4 step: an open
// addressing hash table over a flat store of packed monomials. The hash
// is a weighted sum of the exponents, so that equal monomials hash alike
// whatever product made them; lookups compare the hash before the
// exponents.
type monoTable struct {
	s      int
	mons   []uint16 // monomial i at [i*s, (i+1)*s)
	hashes []uint64
	slots  []int32 // index+1 of the monomial in each slot, 0 when empty
	weight []uint64
}

func newMonoTable(s int) monoTable {
	t := monoTable{s: s, weight: make([]uint64, s), slots: make([]int32, 64)}
	x := uint64(0x9e3779b97f4a7c15)
	for i := range t.weight {
		// splitmix64: well-spread odd weights
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		t.weight[i] = (z ^ z>>31) | 1
	}
	return t
}

func (t *monoTable) len() int { return len(t.hashes) }

// mono returns monomial i, aliasing the store.
func (t *monoTable) mono(i int32) []uint16 { return t.mons[int(i)*t.s : int(i+1)*t.s] }

func (t *monoTable) reset() {
	t.mons = t.mons[:0]
	t.hashes = t.hashes[:0]
	clear(t.slots)
}

// hash returns the weighted sum of m's exponents. It is linear, so the
// hash of a product is the sum of the factors' hashes: the rows of a step
// hash each term of a basis element once and each multiplier once.
func (t *monoTable) hash(m []uint16) uint64 {
	var h uint64
	for i, v := range m[:t.s] {
		h += t.weight[i] * uint64(v)
	}
	return h
}

// slot returns the first slot probed for hash h: the top bits of h times
// an odd constant (Fibonacci hashing). The sum's own low bits depend on
// the low bits of the exponents only (bit 0 is the parity of the degree,
// the same for every column of a homogeneous step), and folding in its
// high bits by shifts still left long probe runs on 5x5 grid systems.
func slot(h, mask uint64) uint64 {
	return (h * 0x9e3779b97f4a7c15) >> (64 - bits.Len64(mask)) & mask
}

// insertProduct returns the number of the monomial a*b (b nil: a) of
// hash h, and whether it was new; it multiplies out a*b only then.
func (t *monoTable) insertProduct(h uint64, a, b []uint16) (int32, bool) {
	mask := uint64(len(t.slots) - 1)
	s := t.s
	for i := slot(h, mask); ; i = (i + 1) & mask {
		k := t.slots[i]
		if k == 0 {
			n := int32(len(t.hashes))
			t.slots[i] = n + 1
			t.hashes = append(t.hashes, h)
			if b == nil {
				t.mons = append(t.mons, a[:s]...)
			} else {
				at := len(t.mons)
				t.mons = append(t.mons, a[:s]...)
				for j, v := range b[:s] {
					t.mons[at+j] += v
				}
			}
			if 2*len(t.hashes) > len(t.slots) {
				t.grow()
			}
			return n, true
		}
		if t.hashes[k-1] == h && productEqual(t.mons[int(k-1)*s:int(k)*s], a, b) {
			return k - 1, false
		}
	}
}

// productEqual reports whether m = a*b (b nil: m = a).
func productEqual(m, a, b []uint16) bool {
	if b == nil {
		return monoEqual(m, a)
	}
	a, b = a[:len(m)], b[:len(m)]
	for i, v := range m {
		if v != a[i]+b[i] {
			return false
		}
	}
	return true
}

func (t *monoTable) grow() {
	t.slots = make([]int32, 2*len(t.slots))
	t.rehash()
}

func (t *monoTable) rehash() {
	clear(t.slots)
	mask := uint64(len(t.slots) - 1)
	for n, h := range t.hashes {
		i := slot(h, mask)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(n) + 1
	}
}

// permute renumbers the monomials: the new monomial r is the old
// order[r].
func (t *monoTable) permute(order []int32) {
	s := t.s
	mons := make([]uint16, len(t.mons))
	hashes := make([]uint64, len(t.hashes))
	for r, c := range order {
		copy(mons[r*s:], t.mons[int(c)*s:int(c+1)*s])
		hashes[r] = t.hashes[c]
	}
	t.mons, t.hashes = mons, hashes
	t.rehash()
}
