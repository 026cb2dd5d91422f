package grid

import (
	"fmt"
	"math/big"

	"github.com/families-project/families/poly"
)

// An Equation is one polynomial equation Poly = 0 of a line, with the
// denominator that was cleared to get it.
type Equation struct {
	Line        Line
	Text        string     // the equation in the numbers' names, as Line.Format writes it: "h / k = m", "a - f - m = 0"
	Poly        *poly.Poly // the equation is Poly = 0
	Denominator *poly.Poly // the monomial Poly was multiplied by; 1 when the line has no division
}

// A System is the polynomial system of a setting: one equation per line
// (k-1 for a line with k sides), and the polynomials that must not vanish.
type System struct {
	Ring      *poly.Ring // one variable per present number, named and ordered as the numbers
	Equations []Equation
	Nonzero   []*poly.Poly // every number, then every cleared denominator of degree >= 2, without repeats
}

// Polys returns the polynomials of the equations.
func (sys *System) Polys() []*poly.Poly {
	out := make([]*poly.Poly, len(sys.Equations))
	for i, e := range sys.Equations {
		out[i] = e.Poly
	}
	return out
}

// Ring returns the ring of the numbers of s: one variable per present
// number, in row-major order, with order ord.
func (s *Setting) Ring(ord poly.Order) (*poly.Ring, error) {
	var names []string
	for i := range s.absent {
		if !s.absent[i] {
			names = append(names, s.size.Name(i))
		}
	}
	return poly.NewRing(names, ord)
}

// System returns the polynomial system of the setting s for the lines in sel
// (0 for the default) under convention ev, in a ring of order ord. Each side
// of a line is a fraction whose denominator is a product of numbers (every
// divisor is a single number under both conventions); a line without =
// gives its numerator, and two neighbouring sides n1/d1 = n2/d2 give
// n1*(L/d1) - n2*(L/d2) with L = lcm(d1, d2). It fails on wildcards and on an
// all-= line. It costs a few polynomial operations per operator.
func (s *Setting) System(sel LineSet, ev Eval, ord poly.Order) (*System, error) {
	if s.Wildcards() > 0 {
		return nil, fmt.Errorf("grid: system: setting %s has wildcards", s)
	}
	lines, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	r, err := s.Ring(ord)
	if err != nil {
		return nil, err
	}
	b := newBuilder(s, r)
	sys := &System{Ring: r}
	seen := map[string]bool{}
	addNonzero := func(p *poly.Poly) {
		if k := p.String(); !seen[k] && !p.IsConst() {
			seen[k] = true
			sys.Nonzero = append(sys.Nonzero, p)
		}
	}
	for i := range s.absent {
		if !s.absent[i] {
			addNonzero(r.Var(b.varOf[i]))
		}
	}
	for _, l := range lines {
		for _, eq := range b.equations(&l, ev) {
			sys.Equations = append(sys.Equations, eq)
			addNonzero(eq.Denominator)
		}
	}
	return sys, nil
}

// builder turns lines into polynomials in a fixed ring.
type builder struct {
	s     *Setting
	r     *poly.Ring
	varOf []int           // number index -> variable index (-1 when absent)
	mono  []poly.Monomial // number index -> its variable as a monomial
	one   *big.Rat
	neg   *big.Rat
}

func newBuilder(s *Setting, r *poly.Ring) *builder {
	b := &builder{s: s, r: r, varOf: make([]int, s.size.Numbers()), mono: make([]poly.Monomial, s.size.Numbers()),
		one: big.NewRat(1, 1), neg: big.NewRat(-1, 1)}
	v := 0
	for i := range b.varOf {
		b.varOf[i] = -1
		if s.absent[i] {
			continue
		}
		b.varOf[i] = v
		exps := make([]int, r.NumVars())
		exps[v] = 1
		b.mono[i] = r.NewMonomial(exps...)
		v++
	}
	return b
}

// frac is the value of a side: num / den with den a monomial.
type frac struct {
	num *poly.Poly
	den poly.Monomial
}

func (b *builder) unit() poly.Monomial { return b.r.NewMonomial(make([]int, b.r.NumVars())...) }

func mulMono(x, y poly.Monomial) poly.Monomial { return make(poly.Monomial, len(x)).Mul(x, y) }

func (b *builder) term(c *big.Rat, m poly.Monomial) *poly.Poly {
	return b.r.FromTerms([]*big.Rat{c}, []poly.Monomial{m})
}

// side returns the value of one side of l under ev.
func (b *builder) side(l *Line, sd side, ev Eval) frac {
	num := func(k int) poly.Monomial { return b.mono[l.Nums[k]] }
	if ev == LeftToRight {
		f := frac{b.term(b.one, num(sd.lo)), b.unit()}
		for k := sd.lo; k < sd.hi; k++ {
			y := num(k + 1)
			switch l.Ops[k] {
			case Add:
				f.num = new(poly.Poly).Add(f.num, b.term(b.one, mulMono(y, f.den)))
			case Sub:
				f.num = new(poly.Poly).Sub(f.num, b.term(b.one, mulMono(y, f.den)))
			case Mul:
				f.num = new(poly.Poly).MulTerm(f.num, b.one, y)
			case Div:
				f.den = mulMono(f.den, y)
			}
		}
		return f
	}
	// Precedence: a sum of signed terms, each a monomial over a monomial.
	type tm struct {
		c        *big.Rat
		num, den poly.Monomial
	}
	terms := []tm{{b.one, num(sd.lo), b.unit()}}
	for k := sd.lo; k < sd.hi; k++ {
		y := num(k + 1)
		t := &terms[len(terms)-1]
		switch l.Ops[k] {
		case Add:
			terms = append(terms, tm{b.one, y, b.unit()})
		case Sub:
			terms = append(terms, tm{b.neg, y, b.unit()})
		case Mul:
			t.num = mulMono(t.num, y)
		case Div:
			t.den = mulMono(t.den, y)
		}
	}
	L := b.unit()
	for _, t := range terms {
		L = make(poly.Monomial, len(L)).LCM(L, t.den)
	}
	cs := make([]*big.Rat, len(terms))
	ms := make([]poly.Monomial, len(terms))
	for i, t := range terms {
		cs[i] = t.c
		ms[i] = mulMono(t.num, make(poly.Monomial, len(L)).Quo(L, t.den))
	}
	return frac{b.r.FromTerms(cs, ms), L}
}

// equations returns the equations of l: its numerator when it has no =, and
// one cleared equation per pair of neighbouring sides otherwise.
func (b *builder) equations(l *Line, ev Eval) []Equation {
	sides := l.sides()
	fr := make([]frac, len(sides))
	for i, sd := range sides {
		fr[i] = b.side(l, sd, ev)
	}
	name := b.s.size.Name
	if len(sides) == 1 {
		return []Equation{{Line: *l, Text: l.Equation(b.s.size, ev), Poly: fr[0].num, Denominator: b.term(b.one, fr[0].den)}}
	}
	var out []Equation
	for i := 0; i+1 < len(fr); i++ {
		f, g := fr[i], fr[i+1]
		L := make(poly.Monomial, len(f.den)).LCM(f.den, g.den)
		p := new(poly.Poly).MulTerm(f.num, b.one, make(poly.Monomial, len(L)).Quo(L, f.den))
		q := new(poly.Poly).MulTerm(g.num, b.one, make(poly.Monomial, len(L)).Quo(L, g.den))
		text := l.formatSide(sides[i], ev, name) + " = " + l.formatSide(sides[i+1], ev, name)
		out = append(out, Equation{Line: *l, Text: text, Poly: new(poly.Poly).Sub(p, q), Denominator: b.term(b.one, L)})
	}
	return out
}
