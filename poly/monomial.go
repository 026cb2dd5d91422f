package poly

// A Monomial is a packed exponent vector: element 0 holds the total degree
// and element i+1 the exponent of variable i. Keeping the degree in front
// makes graded comparisons a single test in the common case. Monomials
// returned by a Poly alias its storage and must not be modified.
type Monomial []uint16

// maxDegree bounds every exponent and every total degree.
const maxDegree = 1<<16 - 1

// Degree returns the total degree of m.
func (m Monomial) Degree() int { return int(m[0]) }

// Exp returns the exponent of variable v in m.
func (m Monomial) Exp(v int) int { return int(m[v+1]) }

// NumVars returns the number of variables m is over.
func (m Monomial) NumVars() int { return len(m) - 1 }

// Divides reports whether m divides n.
func (m Monomial) Divides(n Monomial) bool {
	if m[0] > n[0] {
		return false
	}
	for i := 1; i < len(m); i++ {
		if m[i] > n[i] {
			return false
		}
	}
	return true
}

// Equal reports whether m and n are the same monomial.
func (m Monomial) Equal(n Monomial) bool {
	for i := range m {
		if m[i] != n[i] {
			return false
		}
	}
	return true
}

// Mul sets z to x*y and returns z; z must have the length of x. It panics on
// degree overflow (beyond 65535).
func (z Monomial) Mul(x, y Monomial) Monomial {
	for i := range x {
		s := uint32(x[i]) + uint32(y[i])
		if s > maxDegree {
			panic("poly: monomial degree overflow")
		}
		z[i] = uint16(s)
	}
	return z
}

// Quo sets z to x/y and returns z; y must divide x.
func (z Monomial) Quo(x, y Monomial) Monomial {
	for i := range x {
		z[i] = x[i] - y[i]
	}
	return z
}

// LCM sets z to the least common multiple of x and y and returns z.
func (z Monomial) LCM(x, y Monomial) Monomial {
	d := 0
	for i := 1; i < len(x); i++ {
		e := max(x[i], y[i])
		z[i] = e
		d += int(e)
	}
	if d > maxDegree {
		panic("poly: monomial degree overflow")
	}
	z[0] = uint16(d)
	return z
}

// Coprime reports whether x and y share no variable.
func (m Monomial) Coprime(n Monomial) bool {
	for i := 1; i < len(m); i++ {
		if m[i] != 0 && n[i] != 0 {
			return false
		}
	}
	return true
}

// Clone returns a copy of m.
func (m Monomial) Clone() Monomial { return append(Monomial(nil), m...) }
