package poly

import "math/big"

// Hash returns a hash of p that equal polynomials share: of its monomials
// and coefficients, in order. Cost: one pass over p's terms and the words
// of its coefficients, far below printing it, which map keys of large
// polynomials used to do.
func (p *Poly) Hash() uint64 {
	h := uint64(len(p.coef))
	s := p.ring.strideOrZero()
	for i, c := range p.coef {
		h = mix(h ^ monomialHash(p.mono[i*s:(i+1)*s]))
		h = mix(h ^ intHash(c.Num()))
		h = mix(h ^ intHash(c.Denom()))
	}
	return h
}

// intHash hashes x's sign and magnitude.
func intHash(x *big.Int) uint64 {
	h := uint64(x.Sign() + 2)
	for _, w := range x.Bits() {
		h = mix(h ^ uint64(w))
	}
	return h
}

// mix is splitmix64's finalizer.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// A Map maps polynomials, compared by value, to values of type V. The
// zero Map is empty and ready to use.
type Map[V any] struct {
	m map[uint64][]mapEntry[V]
}

type mapEntry[V any] struct {
	p *Poly
	v V
}

// Get returns the value of p and whether p is in m. Cost: Hash, and an
// Equal per polynomial in m with the same hash.
func (m *Map[V]) Get(p *Poly) (V, bool) {
	for _, e := range m.m[p.Hash()] {
		if e.p.Equal(p) {
			return e.v, true
		}
	}
	var zero V
	return zero, false
}

// Put sets the value of p to v. Cost: as Get.
func (m *Map[V]) Put(p *Poly, v V) {
	if m.m == nil {
		m.m = map[uint64][]mapEntry[V]{}
	}
	h := p.Hash()
	for i, e := range m.m[h] {
		if e.p.Equal(p) {
			m.m[h][i].v = v
			return
		}
	}
	m.m[h] = append(m.m[h], mapEntry[V]{p, v})
}

// Len returns the number of polynomials in m.
func (m *Map[V]) Len() int {
	n := 0
	for _, es := range m.m {
		n += len(es)
	}
	return n
}

// A Set holds distinct polynomials, compared by value. The zero Set is
// empty and ready to use.
type Set struct{ m Map[struct{}] }

// Add adds p to s and reports whether it was new. Cost: as Map.Get.
func (s *Set) Add(p *Poly) bool {
	if _, ok := s.m.Get(p); ok {
		return false
	}
	s.m.Put(p, struct{}{})
	return true
}

// Has reports whether s holds p. Cost: as Map.Get.
func (s *Set) Has(p *Poly) bool {
	_, ok := s.m.Get(p)
	return ok
}
