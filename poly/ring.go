package poly

import (
	"fmt"
	"math/big"
	"strings"
)

// A Ring is a polynomial ring Q[x1,...,xn]: ordered variable names and a
// monomial order. Rings are immutable and safe for concurrent use. Two
// polynomials can be combined only when they belong to the same *Ring;
// ToRing moves a polynomial between rings by variable name.
type Ring struct {
	vars  []string
	index map[string]int
	order Order
}

// NewRing returns the ring over the rationals with the given variable names
// (distinct identifiers) and monomial order.
func NewRing(vars []string, ord Order) (*Ring, error) {
	r := &Ring{vars: append([]string(nil), vars...), index: make(map[string]int, len(vars)), order: ord}
	for i, v := range vars {
		if !isIdent(v) {
			return nil, fmt.Errorf("poly: variable name %s is not an identifier", quote(v))
		}
		if _, dup := r.index[v]; dup {
			return nil, fmt.Errorf("poly: variable %s appears twice", quote(v))
		}
		r.index[v] = i
	}
	if len(vars) > maxVars {
		return nil, fmt.Errorf("poly: %d variables, at most %d supported", len(vars), maxVars)
	}
	if err := ord.check(len(vars)); err != nil {
		return nil, err
	}
	return r, nil
}

// MustRing is like NewRing but panics on error; for tests and literals.
func MustRing(ord Order, vars ...string) *Ring {
	r, err := NewRing(vars, ord)
	if err != nil {
		panic(err)
	}
	return r
}

const maxVars = 1 << 12

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Vars returns a copy of the variable names in ring order.
func (r *Ring) Vars() []string { return append([]string(nil), r.vars...) }

// NumVars returns the number of variables.
func (r *Ring) NumVars() int { return len(r.vars) }

// VarName returns the name of variable i.
func (r *Ring) VarName(i int) string { return r.vars[i] }

// VarIndex returns the index of the variable called name.
func (r *Ring) VarIndex(name string) (int, bool) {
	i, ok := r.index[name]
	return i, ok
}

// Order returns the ring's monomial order.
func (r *Ring) Order() Order { return r.order }

// WithOrder returns a ring with the same variables and another order.
func (r *Ring) WithOrder(o Order) (*Ring, error) { return NewRing(r.vars, o) }

// String describes the ring as Singular would declare it, e.g. "Q[x,y] grevlex".
func (r *Ring) String() string {
	return "Q[" + strings.Join(r.vars, ",") + "] " + r.order.String()
}

func (r *Ring) stride() int { return len(r.vars) + 1 }

// Zero returns the zero polynomial of r.
func (r *Ring) Zero() *Poly { return &Poly{ring: r} }

// One returns the constant polynomial 1.
func (r *Ring) One() *Poly { return r.ConstInt(1) }

// ConstInt returns the constant polynomial c.
func (r *Ring) ConstInt(c int64) *Poly { return r.Const(big.NewRat(c, 1)) }

// Const returns the constant polynomial c; c is copied.
func (r *Ring) Const(c *big.Rat) *Poly {
	if c.Sign() == 0 {
		return r.Zero()
	}
	return &Poly{ring: r, coef: []*big.Rat{new(big.Rat).Set(c)}, mono: make([]uint16, r.stride())}
}

// Var returns the polynomial x_i.
func (r *Ring) Var(i int) *Poly {
	m := make([]uint16, r.stride())
	m[0], m[i+1] = 1, 1
	return &Poly{ring: r, coef: []*big.Rat{big.NewRat(1, 1)}, mono: m}
}

// VarNamed returns the variable called name, or nil if r has no such variable.
func (r *Ring) VarNamed(name string) *Poly {
	i, ok := r.index[name]
	if !ok {
		return nil
	}
	return r.Var(i)
}

// NewMonomial returns the monomial with the given exponents (one per
// variable). It panics if an exponent is negative or the degree overflows.
func (r *Ring) NewMonomial(exps ...int) Monomial {
	if len(exps) != len(r.vars) {
		panic(fmt.Sprintf("poly: %d exponents for %d variables", len(exps), len(r.vars)))
	}
	m := make(Monomial, len(exps)+1)
	d := 0
	for i, e := range exps {
		if e < 0 || e > maxDegree {
			panic("poly: exponent out of range")
		}
		m[i+1] = uint16(e)
		d += e
	}
	if d > maxDegree {
		panic("poly: degree overflow")
	}
	m[0] = uint16(d)
	return m
}

// Cmp compares monomials a and b of r in r's order: -1, 0 or +1. It
// allocates nothing.
func (r *Ring) Cmp(a, b Monomial) int { return r.order.cmp(a, b) }

// sortedTerms reports whether the terms are nonzero and their monomials
// strictly decreasing in r's order.
func sortedTerms(r *Ring, c []*big.Rat, m []Monomial) bool {
	for i := range c {
		if c[i].Sign() == 0 || i > 0 && r.order.cmp(m[i-1], m[i]) <= 0 {
			return false
		}
	}
	return true
}

// FromTerms returns the polynomial sum c[i]*m[i]. Terms may come in any order
// and repeat; like terms are combined and zero terms dropped. The
// coefficients are copied. Cost: O(t log t) comparisons for t terms, O(t)
// when they come nonzero in strictly decreasing order (as an engine's
// output does).
func (r *Ring) FromTerms(c []*big.Rat, m []Monomial) *Poly {
	if sortedTerms(r, c, m) {
		s := r.stride()
		p := &Poly{ring: r, coef: make([]*big.Rat, len(c)), mono: make([]uint16, 0, len(c)*s)}
		for i := range c {
			p.coef[i] = new(big.Rat).Set(c[i])
			p.mono = append(p.mono, m[i]...)
		}
		return p
	}
	b := newBuilder(r, len(c))
	for i := range c {
		b.add(c[i], m[i])
	}
	return b.poly()
}
