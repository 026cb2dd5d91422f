package groebner

import (
	"github.com/families-project/families/poly"
)

// Dimension returns the Krull dimension of the ideal whose Gröbner basis is
// G (in any order), and a maximal independent set of variables of that
// size (indices into the ring's variables, ascending): a set S such that no
// leading monomial of G uses only variables of S (Kredel and Weispfenning
// 1988). The unit ideal has dimension -1 and no independent variables.
// Zero polynomials in G are ignored, so G = {0} (the zero ideal, as Basis
// returns it) has the number of variables of its ring, all of them
// independent. An empty G has no ring to count variables in and gives 0
// and nil; Basis never returns one. Cost: a search over variable subsets,
// pruned; fine for the tens of variables of our systems.
func Dimension(G []*poly.Poly) (int, []int) {
	r := ringOf(G)
	if r == nil {
		return 0, nil
	}
	n := r.NumVars()
	if isUnit(G) {
		return -1, nil
	}
	G = nonzero(G)
	// supports[k] is the set of variables of leading monomial k.
	supports := make([][]int, len(G))
	for k, g := range G {
		lm := g.LeadMonomial()
		for v := 0; v < n; v++ {
			if lm.Exp(v) > 0 {
				supports[k] = append(supports[k], v)
			}
		}
	}
	in := make([]bool, n)
	var best []int
	// A set is independent when every support has a variable outside it.
	independent := func() bool {
		for _, s := range supports {
			inside := true
			for _, v := range s {
				if !in[v] {
					inside = false
					break
				}
			}
			if inside {
				return false
			}
		}
		return true
	}
	var cur []int
	var search func(v int)
	search = func(v int) {
		if len(cur)+(n-v) <= len(best) {
			return
		}
		if v == n {
			best = append(best[:0], cur...)
			return
		}
		in[v] = true
		if independent() {
			cur = append(cur, v)
			search(v + 1)
			cur = cur[:len(cur)-1]
		}
		in[v] = false
		search(v + 1)
	}
	search(0)
	return len(best), append([]int(nil), best...)
}

// ringOf returns the ring of the polynomials of G, nil when none has one.
func ringOf(G []*poly.Poly) *poly.Ring {
	for _, g := range G {
		if r := g.Ring(); r != nil {
			return r
		}
	}
	return nil
}

// nonzero returns the nonzero polynomials of G, which generate the same
// ideal and all have a leading monomial.
func nonzero(G []*poly.Poly) []*poly.Poly {
	out := make([]*poly.Poly, 0, len(G))
	for _, g := range G {
		if !g.IsZero() {
			out = append(out, g)
		}
	}
	return out
}

func isUnit(G []*poly.Poly) bool {
	for _, g := range G {
		if g.IsConst() && !g.IsZero() {
			return true
		}
	}
	return false
}

// StandardMonomials returns the monomials not divisible by any leading
// monomial of the Gröbner basis G, in increasing order of the ring, when
// there are at most limit of them; ok is false when the ideal is not
// zero-dimensional or there are more. They form a basis of the quotient
// ring as a vector space. Zero polynomials in G are ignored. Cost:
// proportional to the count times len(G).
func StandardMonomials(G []*poly.Poly, limit int) (ms []poly.Monomial, ok bool) {
	r := ringOf(G)
	if r == nil {
		return nil, false
	}
	n := r.NumVars()
	if isUnit(G) {
		return nil, true
	}
	G = nonzero(G)
	lms := make([]poly.Monomial, len(G))
	for k, g := range G {
		lms[k] = g.LeadMonomial()
	}
	// Zero-dimensional iff every variable has a pure power among the
	// leading monomials.
	for v := 0; v < n; v++ {
		pure := false
		for _, m := range lms {
			if m.Exp(v) == m.Degree() && m.Degree() > 0 {
				pure = true
				break
			}
		}
		if !pure {
			return nil, false
		}
	}
	standard := func(m poly.Monomial) bool {
		for _, l := range lms {
			if l.Divides(m) {
				return false
			}
		}
		return true
	}
	// Walk the staircase: every standard monomial other than 1 is x_v times
	// a standard monomial whose last used variable is >= v... enumerate by
	// depth-first increments of variables in order, which visits each
	// monomial once.
	exps := make([]int, n)
	var walk func(v int) bool
	walk = func(v int) bool {
		m := r.NewMonomial(exps...)
		if !standard(m) {
			return true
		}
		ms = append(ms, m)
		if len(ms) > limit {
			return false
		}
		for w := v; w < n; w++ {
			exps[w]++
			ok := walk(w)
			exps[w]--
			if !ok {
				return false
			}
		}
		return true
	}
	if !walk(0) {
		return nil, false
	}
	sortMonomials(r, ms)
	return ms, true
}

// Degree returns the number of solutions of a zero-dimensional ideal
// counted with multiplicity (the vector-space dimension of the quotient,
// Singular's vdim), from its Gröbner basis G; ok is false when the ideal is
// not zero-dimensional or the count exceeds limit. The unit ideal has 0.
func Degree(G []*poly.Poly, limit int) (n int, ok bool) {
	ms, ok := StandardMonomials(G, limit)
	return len(ms), ok
}
