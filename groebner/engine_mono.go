package groebner

import (
	"github.com/families-project/families/poly"
)

// Monomials inside the engines use poly's packed layout (element 0 the
// total degree, element v+1 the exponent of variable v) in flat []uint16
// slices of stride entries per term, so conversion to and from poly.Poly is
// a copy. The helpers here are the hot loops of both engines: they are
// written for the compiler to inline and never allocate.

// monoOps bundles the monomial order and layout of one computation.
type monoOps struct {
	ring    *poly.Ring
	stride  int
	grevlex bool // the ring's order is grevlex
	// kind and split choose cmp's code once per computation, so that a
	// comparison does not go through poly's switch on the order (85% of
	// the time of a 4x4 grid saturation, in a block order, did).
	kind  cmpKind
	split int  // first block's variables, for cmpBlock
	tail  bool // reduce the tails of new basis elements during the run
	// divmask: a monomial's mask has, for each variable, one bit per
	// threshold 1..per that its exponent reaches, so that a divides c only
	// if mask(a) &^ mask(c) == 0. Several thresholds per variable when there
	// are few variables, as in Singular's divisibility masks (Bachmann and
	// Schönemann, "Monomial representations for Gröbner bases
	// computations", ISSAC 1998). maskTab[v*(per+1)+e] is the bits of
	// variable v at exponent min(e, per).
	per     int
	maskTab []uint64
}

// newMonoOps returns the monomial operations of ring r. New basis elements
// get their tails reduced during the run only in graded orders: in lex-like
// orders a tail reduction brings in terms of higher degree, and the
// coefficients of intermediate elements grow far beyond those of the final
// basis (lex cyclic-5: a timeout with, 5 ms without). The final
// interreduction reduces the tails anyway.
func newMonoOps(r *poly.Ring) *monoOps {
	n := r.NumVars()
	o := &monoOps{ring: r, stride: n + 1, grevlex: r.Order().Equal(poly.Grevlex), kind: cmpRing}
	switch ord := r.Order(); {
	case o.grevlex:
		o.kind = cmpGrevlex
	case ord.Equal(poly.Lex):
		o.kind = cmpLex
	case ord.Equal(poly.Grlex):
		o.kind = cmpGrlex
	default:
		if k, ok := ord.BlockSplit(); ok {
			o.kind, o.split = cmpBlock, k
		}
	}
	o.tail = r.Order().IsGraded()
	o.per = max(1, 64/max(n, 1))
	o.maskTab = make([]uint64, n*(o.per+1))
	for v := 0; v < n; v++ {
		for e := 1; e <= o.per; e++ {
			bit := uint((v + (e-1)*n) % 64)
			o.maskTab[v*(o.per+1)+e] = o.maskTab[v*(o.per+1)+e-1] | 1<<bit
		}
	}
	return o
}

// mask returns the divisibility mask of m.
func (o *monoOps) mask(m []uint16) uint64 {
	var b uint64
	per := o.per
	for v, e := range m[1:] {
		b |= o.maskTab[v*(per+1)+min(int(e), per)]
	}
	return b
}

// cmpKind is the code cmp runs: one per order with a specialized
// comparison, cmpRing (poly's) for the weighted orders.
type cmpKind uint8

const (
	cmpGrevlex cmpKind = iota
	cmpLex
	cmpGrlex
	cmpBlock
	cmpRing
)

// cmp compares a and b in the ring's order: -1, 0 or +1.
func (o *monoOps) cmp(a, b []uint16) int {
	b = b[:len(a)]
	switch o.kind {
	case cmpGrevlex:
		if a[0] != b[0] {
			return cmpDeg(a[0], b[0])
		}
		for i := len(a) - 1; i > 0; i-- {
			if a[i] != b[i] {
				return cmpDeg(b[i], a[i])
			}
		}
		return 0
	case cmpLex:
		for i := 1; i < len(a); i++ {
			if a[i] != b[i] {
				return cmpDeg(a[i], b[i])
			}
		}
		return 0
	case cmpGrlex:
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				return cmpDeg(a[i], b[i])
			}
		}
		return 0
	case cmpBlock:
		return poly.BlockCmp(a, b, o.split)
	}
	return o.ring.Cmp(a, b)
}

// lanes returns a[i..i+3] as one word, a[i] in the low bits; the compiler
// makes it a single load.
func lanes(a []uint16, i int) uint64 {
	x := a[i : i+4 : i+4]
	return uint64(x[0]) | uint64(x[1])<<16 | uint64(x[2])<<32 | uint64(x[3])<<48
}

// sortKey writes to key (2*stride bytes) a string that compares
// (bytes.Compare) like m does in the order, for grevlex, grlex and lex:
// big-endian exponents, for grevlex the degree and then the exponents from
// the last variable, complemented.
func (o *monoOps) sortKey(key []byte, m []uint16) {
	put := func(i int, v uint16) { key[2*i], key[2*i+1] = byte(v>>8), byte(v) }
	switch o.kind {
	case cmpGrevlex:
		put(0, m[0])
		for i := 1; i < len(m); i++ {
			put(i, ^m[len(m)-i])
		}
	case cmpGrlex:
		for i, v := range m {
			put(i, v)
		}
	case cmpLex:
		for i, v := range m[1:] {
			put(i, v)
		}
		put(len(m)-1, 0)
	default:
		panic("groebner: sortKey of an order without one")
	}
}

// cmpDeg returns +1 if x > y and -1 otherwise (x != y).
func cmpDeg(x, y uint16) int {
	if x > y {
		return 1
	}
	return -1
}

// divides reports whether a divides b.
func divides(a, b []uint16) bool {
	if a[0] > b[0] {
		return false
	}
	b = b[:len(a)]
	for i := 1; i < len(a); i++ {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// monoMul sets z = x*y, where y has exactly one monomial's length and z
// and x may be longer. It does not check overflow: callers check once per
// product of a polynomial by a monomial that no degree reaches maxDeg.
func monoMul(z, x, y []uint16) {
	n := len(y)
	z = z[:n]
	x = x[:n]
	i := 0
	// Four exponents per word addition: no exponent reaches 2^16 (the
	// callers' check), so no carry crosses into the next.
	for ; i+4 <= n; i += 4 {
		v := lanes(x, i) + lanes(y, i)
		w := z[i : i+4 : i+4]
		w[0], w[1], w[2], w[3] = uint16(v), uint16(v>>16), uint16(v>>32), uint16(v>>48)
	}
	for ; i < n; i++ {
		z[i] = x[i] + y[i]
	}
}

// monoQuo sets z = x/y; y must divide x and has exactly one monomial's
// length.
func monoQuo(z, x, y []uint16) {
	n := len(y)
	z = z[:n]
	x = x[:n]
	for i := range y {
		z[i] = x[i] - y[i]
	}
}

// monoLCM sets z = lcm(x, y); a degree beyond maxDeg is stored as maxDeg,
// which the callers' overflow checks then reject.
func monoLCM(z, x, y []uint16) {
	d := 0
	for i := 1; i < len(x); i++ {
		e := max(x[i], y[i])
		z[i] = e
		d += int(e)
	}
	z[0] = uint16(min(d, maxDeg))
}

func monoEqual(a, b []uint16) bool {
	b = b[:len(a)]
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func coprime(a, b []uint16) bool {
	b = b[:len(a)]
	for i := 1; i < len(a); i++ {
		if a[i] != 0 && b[i] != 0 {
			return false
		}
	}
	return true
}

// maxDeg bounds total degrees: a product reaching it is reported as a
// LimitError ("degree") rather than wrapping around.
const maxDeg = 1<<16 - 1
