package solve

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// A blockBasis is the reduced basis of an ideal in the block order that
// compares the dependent variables X first (grevlex) and the parameters U
// after: read over the field Q(U) it is a Gröbner basis of the extended
// ideal, so it tells whether U is free, the degree of the extension, and
// the leading coefficients whose zeros the description over Q(U) misses.
type blockBasis struct {
	main   *poly.Ring // the ring of the system
	ring   *poly.Ring // X then U
	xs, us []int      // main-ring indices of X and U, in block-ring order
	basis  []*poly.Poly
}

func (d *decomposer) blockBasis(G []*poly.Poly, U []int) (*blockBasis, error) {
	n := d.ring.NumVars()
	var xs []int
	for v := range n {
		if !slices.Contains(U, v) {
			xs = append(xs, v)
		}
	}
	names := make([]string, 0, n)
	for _, v := range slices.Concat(xs, U) {
		names = append(names, d.ring.VarName(v))
	}
	r, err := poly.NewRing(names, poly.Block(len(xs)))
	if err != nil {
		return nil, err
	}
	moved, err := poly.ToRingAll(G, r)
	if err != nil {
		return nil, err
	}
	B, err := groebner.Basis(d.ctx, moved, d.lim)
	if err != nil {
		return nil, err
	}
	return &blockBasis{main: d.ring, ring: r, xs: xs, us: slices.Clone(U), basis: B}, nil
}

// xExps returns the exponents of the X variables in term i of p.
func (b *blockBasis) xExps(p *poly.Poly, i int) []int {
	e := make([]int, len(b.xs))
	for j := range e {
		e[j] = p.Exp(i, j)
	}
	return e
}

// coefficient returns the coefficient in Q[U] (as a main-ring polynomial)
// of the X-monomial with exponents xe in p.
func (b *blockBasis) coefficient(p *poly.Poly, xe []int) *poly.Poly {
	var cs []*big.Rat
	var ms []poly.Monomial
	exps := make([]int, b.ring.NumVars())
	for i := 0; i < p.Len(); i++ {
		if !slices.Equal(b.xExps(p, i), xe) {
			continue
		}
		for j := range exps {
			exps[j] = 0
			if j >= len(b.xs) {
				exps[j] = p.Exp(i, j)
			}
		}
		cs = append(cs, p.Coef(i))
		ms = append(ms, b.ring.NewMonomial(exps...))
	}
	c, err := b.ring.FromTerms(cs, ms).ToRing(b.main)
	if err != nil {
		panic(err) // same variable names: cannot fail
	}
	return c
}

// minimalGroups returns the basis elements whose X-part of the leading
// monomial is minimal (divisible by no other element's), grouped by that
// X-part: any choice of one element per group is a Gröbner basis over Q(U).
func (b *blockBasis) minimalGroups() [][]*poly.Poly {
	var groups [][]*poly.Poly
	var leads [][]int
	for _, p := range b.basis {
		xe := b.xExps(p, 0)
		minimal := true
		for _, q := range b.basis {
			qe := b.xExps(q, 0)
			if !slices.Equal(qe, xe) && divides(qe, xe) {
				minimal = false
				break
			}
		}
		if !minimal {
			continue
		}
		if k := slices.IndexFunc(leads, func(l []int) bool { return slices.Equal(l, xe) }); k >= 0 {
			groups[k] = append(groups[k], p)
			continue
		}
		leads = append(leads, xe)
		groups = append(groups, []*poly.Poly{p})
	}
	return groups
}

// minimalElements returns the shortest element of each minimal group: a
// Gröbner basis over Q(U).
func (b *blockBasis) minimalElements() []*poly.Poly {
	var out []*poly.Poly
	for _, g := range b.minimalGroups() {
		best := g[0]
		for _, p := range g[1:] {
			if p.Len() < best.Len() {
				best = p
			}
		}
		out = append(out, best)
	}
	return out
}

func divides(a, b []int) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// free reports whether U is independent modulo the ideal: no basis
// element lies in Q[U].
func (b *blockBasis) free() bool {
	for _, p := range b.basis {
		if slices.Max(append(b.xExps(p, 0), 0)) == 0 {
			return false
		}
	}
	return true
}

// maxExtension bounds the degree of an extension over the parameters that
// the decomposition and the families work with.
const maxExtension = 1 << 12

// LimitExtension is the kind of the *groebner.LimitError that Solve reports
// for a component whose extension over its parameters has a degree beyond
// maxExtension (4096): no family of it is computed.
const LimitExtension groebner.LimitKind = "extension degree"

// extensionDegree returns the degree of the extension Q(U) ⊆ Q(V(I)): the
// number of X-monomials outside the leading X-parts. ok is false when U is
// not free or the count exceeds a bound.
func (b *blockBasis) extensionDegree() (int, bool) {
	if !b.free() {
		return 0, false
	}
	if len(b.xs) == 0 {
		return 1, true
	}
	names := make([]string, len(b.xs))
	for j := range names {
		names[j] = b.ring.VarName(j)
	}
	rx, err := poly.NewRing(names, poly.Grevlex)
	if err != nil {
		return 0, false
	}
	var leads []*poly.Poly
	one := []*big.Rat{big.NewRat(1, 1)}
	for _, p := range b.minimalElements() {
		leads = append(leads, rx.FromTerms(one, []poly.Monomial{rx.NewMonomial(b.xExps(p, 0)...)}))
	}
	ms, ok := groebner.StandardMonomials(leads, maxExtension)
	return len(ms), ok
}

// rational returns every variable as a rational function of U (the
// parameters map to themselves), when the extension has degree 1: then
// the basis over Q(U) has, for each dependent x, an element c x + (lower
// X-linear terms) + c0, a triangular linear system solved from the
// smallest variable up.
func (b *blockBasis) rational() ([]*field.Frac, bool) {
	vals := make([]*field.Frac, b.main.NumVars())
	for _, u := range b.us {
		vals[u] = field.FromPoly(b.main.Var(u))
	}
	byVar := make([]*poly.Poly, len(b.xs))
	for _, p := range b.minimalElements() {
		xe := b.xExps(p, 0)
		j := slices.Index(xe, 1)
		if j < 0 || sum(xe) != 1 {
			return nil, false
		}
		byVar[j] = p
	}
	for j := len(b.xs) - 1; j >= 0; j-- {
		p := byVar[j]
		if p == nil {
			return nil, false
		}
		unit := make([]int, len(b.xs))
		acc := field.FromPoly(b.coefficient(p, unit)) // the X-free part c0
		for k := j + 1; k < len(b.xs); k++ {
			unit[k] = 1
			if c := b.coefficient(p, unit); !c.IsZero() {
				acc = new(field.Frac).Add(acc, new(field.Frac).Mul(field.FromPoly(c), vals[b.xs[k]]))
			}
			unit[k] = 0
		}
		for i := 0; i < p.Len(); i++ {
			if sum(b.xExps(p, i)) > 1 {
				return nil, false
			}
		}
		unit[j] = 1
		lead := b.coefficient(p, unit)
		vals[b.xs[j]] = new(field.Frac).Quo(new(field.Frac).Neg(acc), field.FromPoly(lead))
	}
	return vals, true
}

func sum(e []int) int {
	s := 0
	for _, x := range e {
		s += x
	}
	return s
}

// eliminant returns the generator of the ideal (G + (z - L)) ∩ Q[U, z]: the
// minimal polynomial of L over Q(U) when G is prime and U free, in a ring
// of U and then z (z is L's own name when L is a variable). It returns nil
// when that ideal is not principal.
func (d *decomposer) eliminant(G []*poly.Poly, U []int, L *poly.Poly) (*poly.Poly, error) {
	key := fmt.Sprint(basisKey(G), U, L)
	if m, ok := d.eliminants[key]; ok {
		return m, nil
	}
	m, err := d.computeEliminant(G, U, L)
	if err == nil {
		d.eliminants[key] = m
	}
	return m, err
}

func (d *decomposer) computeEliminant(G []*poly.Poly, U []int, L *poly.Poly) (*poly.Poly, error) {
	n := d.ring.NumVars()
	var elim []string
	for v := range n {
		if !slices.Contains(U, v) {
			elim = append(elim, d.ring.VarName(v))
		}
	}
	zname := ""
	if vs := L.Vars(); len(vs) == 1 && L.Len() == 1 && L.TotalDegree() == 1 {
		zname = d.ring.VarName(vs[0])
		elim = slices.DeleteFunc(elim, func(s string) bool { return s == zname })
	} else {
		zname = d.freshName()
	}
	keep := make([]string, 0, len(U)+1)
	for _, u := range U {
		keep = append(keep, d.ring.VarName(u))
	}
	keep = append(keep, zname)
	big1, err := poly.NewRing(slices.Concat(elim, keep), poly.Block(len(elim)))
	if err != nil {
		return nil, err
	}
	small, err := poly.NewRing(keep, poly.Grevlex)
	if err != nil {
		return nil, err
	}
	F := make([]*poly.Poly, 0, len(G)+1)
	for _, g := range G {
		h, err := g.ToRing(big1)
		if err != nil {
			return nil, err
		}
		F = append(F, h)
	}
	if _, isVar := d.ring.VarIndex(zname); !isVar {
		l, err := L.ToRing(big1)
		if err != nil {
			return nil, err
		}
		F = append(F, new(poly.Poly).Sub(big1.VarNamed(zname), l))
	}
	B, err := groebner.Basis(d.ctx, F, d.lim)
	if err != nil {
		return nil, err
	}
	var out []*poly.Poly
	for _, g := range B {
		if h, err := g.ToRing(small); err == nil {
			out = append(out, h)
		}
	}
	if len(out) != 1 {
		return nil, nil
	}
	return out[0], nil
}

// substituteBack turns a polynomial in U and z into a main-ring
// polynomial, replacing z by L (nothing to do when z is a variable).
func (d *decomposer) substituteBack(f, L *poly.Poly) (*poly.Poly, error) {
	if h, err := f.ToRing(d.ring); err == nil {
		return h, nil
	}
	fr := f.Ring()
	z := fr.NumVars() - 1
	images := make([]*poly.Poly, fr.NumVars())
	for v := range images {
		if v == z {
			images[v] = L
		} else {
			images[v] = d.ring.VarNamed(fr.VarName(v))
		}
	}
	return f.Compose(d.ring, images)
}

func (d *decomposer) freshName() string {
	name := "z_"
	for {
		if _, ok := d.ring.VarIndex(name); !ok {
			return name
		}
		name += "_"
	}
}
