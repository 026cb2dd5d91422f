package members

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// A Source is an analyzed operator setting: its polynomial system, the
// reduced basis saturated by the nonzero conditions, and its families. It
// makes members (families/puzzle makes puzzles and questions of them). A Source is not modified by its
// methods once made, so several goroutines may use it at once.
type Source struct {
	Setting *grid.Setting
	// Lines are the lines of the system (never 0: the default is resolved).
	Lines    grid.LineSet
	Eval     grid.Eval
	System   *grid.System
	Basis    []*poly.Poly
	Families []*Family
	// Limits bounds each Gröbner basis that a question's proof computes.
	Limits groebner.Limits

	num   []int       // ring variable -> row-major number index
	eqs   []intPoly   // the equations over all ring variables, for exact checks
	sym   *symmetries // the automorphisms, found once
	lines []grid.Line // the lines of the system
}

// NewSource returns the source of setting s with the lines sel (0: the
// setting's default) under convention ev, from its system, its saturated
// reduced basis (as families.Analyze computes them) and its families.
// It finds the symmetries of the square that map every solution of s to
// a solution of s (see findAutomorphisms), so that members equivalent
// under one of them are listed once: with a basis here, by substituting
// permuted numbers into the equations and reducing modulo the basis (up
// to 8 normal forms per equation); with a nil basis (an analysis that
// substituted numbers has none in all numbers), at the first member
// search, from the system and the families then attached, which must not
// change after it. The identity is always among them.
func NewSource(s *grid.Setting, sel grid.LineSet, ev grid.Eval, sys *grid.System, basis []*poly.Poly, fams []*Family) (*Source, error) {
	if sel == 0 {
		sel = s.DefaultLines()
	}
	lines, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	src := &Source{Setting: s, Lines: sel, Eval: ev, System: sys, Basis: basis, Families: fams, lines: lines}
	r := sys.Ring
	z := s.Size()
	for v := range r.NumVars() {
		i := slices.Index(z.Names(), r.VarName(v))
		if i < 0 {
			return nil, fmt.Errorf("members: the system's variable %s is no number of a %s grid", r.VarName(v), z)
		}
		src.num = append(src.num, i)
	}
	all := make([]int, r.NumVars())
	for v := range all {
		all[v] = v
	}
	for _, e := range sys.Equations {
		src.eqs = append(src.eqs, toIntPoly(e.Poly, all, lcmDenominators(e.Poly)))
	}
	for i, f := range fams {
		if f.Ring != r {
			return nil, fmt.Errorf("members: family %d is over %s, not the system's ring", i+1, f.Ring)
		}
	}
	src.sym = &symmetries{}
	if basis != nil {
		if _, err := src.automorphisms(context.Background()); err != nil {
			return nil, err
		}
	}
	return src, nil
}

// NumberIndex returns the row-major index in the grid of the number that
// is variable v of the system's ring. Cost: O(1).
func (src *Source) NumberIndex(v int) int { return src.num[v] }

// SystemLines returns the lines of the system, which the caller must not
// modify. Cost: O(1).
func (src *Source) SystemLines() []grid.Line { return src.lines }

func lcmDenominators(p *poly.Poly) *big.Int {
	l := big.NewInt(1)
	for i := range p.Len() {
		d := p.Coef(i).Denom()
		g := new(big.Int).GCD(nil, nil, l, d)
		l.Mul(l, new(big.Int).Quo(d, g))
	}
	return l
}

// A Member is a solution of a grid in positive integers.
type Member struct {
	Size grid.Size
	// Values holds the numbers in row-major order, nil for an absent one.
	Values []*big.Int
	// Family is the index of the family in Source.Families.
	Family int
	// Sum is the sum of the family's parameters at the member (0 for a
	// point), the order of the search; Search sets it.
	Sum int64
}

// Rats returns the numbers as rationals, as the grid package takes them.
func (m *Member) Rats() []*big.Rat {
	out := make([]*big.Rat, len(m.Values))
	for i, v := range m.Values {
		if v != nil {
			out[i] = new(big.Rat).SetInt(v)
		}
	}
	return out
}

// Map returns the member as a map from number name to value.
func (m *Member) Map() map[string]*big.Int {
	out := make(map[string]*big.Int, len(m.Values))
	for i, v := range m.Values {
		if v != nil {
			out[m.Size.Name(i)] = v
		}
	}
	return out
}

// MarshalJSON writes the member as an object from number name to integer,
// the form of the "members" key.
func (m *Member) MarshalJSON() ([]byte, error) { return json.Marshal(m.Map()) }

// String writes the rows of the member separated by " / ", as Wolf (2010)
// prints solutions: "24 8 192 / 24 4 96 / 48 2 96".
func (m *Member) String() string {
	var b []byte
	for i, v := range m.Values {
		switch {
		case i > 0 && i%m.Size.Cols == 0:
			b = append(b, " / "...)
		case i > 0:
			b = append(b, ' ')
		}
		if v == nil {
			b = append(b, '_')
		} else {
			b = v.Append(b, 10)
		}
	}
	return string(b)
}

// holds reports whether the numbers x (ring order) satisfy every equation
// of the system exactly: the check behind every member, independent of how
// its family was found.
func (src *Source) holds(x []int64) bool {
	for i := range src.eqs {
		v, ok := src.eqs[i].eval64(x)
		if !ok {
			bx := make([]*big.Int, len(x))
			for j, xj := range x {
				bx[j] = big.NewInt(xj)
			}
			if src.eqs[i].evalBig(bx).Sign() != 0 {
				return false
			}
			continue
		}
		if v != 0 {
			return false
		}
	}
	return true
}

// holdsBig is holds for numbers beyond int64.
func (src *Source) holdsBig(x []*big.Int) bool {
	for i := range src.eqs {
		if src.eqs[i].evalBig(x).Sign() != 0 {
			return false
		}
	}
	return true
}

// key returns the smallest image of the member's numbers (ring order)
// under the automorphisms autos, written as text: equal keys, equivalent
// members.
func (src *Source) key(autos [][]int, vals []*big.Int) string {
	z := src.Setting.Size()
	pos := make([]*big.Int, z.Numbers())
	for v, i := range src.num {
		pos[i] = vals[v]
	}
	var best []*big.Int
	img := make([]*big.Int, len(pos))
	for _, inv := range autos {
		for j := range img {
			img[j] = pos[inv[j]]
		}
		if best == nil || lessVals(img, best) {
			best = slices.Clone(img)
		}
	}
	var b []byte
	for _, v := range best {
		if v != nil {
			b = v.Append(b, 10)
		}
		b = append(b, ',')
	}
	return string(b)
}

func lessVals(a, b []*big.Int) bool {
	for i := range a {
		switch {
		case a[i] == nil && b[i] == nil:
			continue
		case a[i] == nil:
			return false
		case b[i] == nil:
			return true
		}
		if c := a[i].Cmp(b[i]); c != 0 {
			return c < 0
		}
	}
	return false
}
