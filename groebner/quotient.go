package groebner

import (
	"math/big"

	"github.com/families-project/families/poly"
)

// A Quotient is the algebra Q[X]/I of a zero-dimensional ideal I, as a
// vector space over Q whose basis is the standard monomials of I's
// reduced basis G (in G's order). It is the quotient FGLM walks in, for
// other users: families/solve finds minimal polynomials and primitive
// elements in it. A Quotient is not safe for concurrent use: it builds
// the multiplication maps as they are asked for.
type Quotient struct {
	q *quotient
}

// NewQuotient returns the quotient algebra of the ideal with reduced
// Gröbner basis G, or false when the ideal is not zero-dimensional or has
// more than max standard monomials (the linear algebra on it is dense:
// cubic in the dimension). Cost: the staircase, O(max) monomials.
func NewQuotient(G []*poly.Poly, max int) (*Quotient, bool) {
	if len(G) == 0 || G[0].IsZero() {
		return nil, false
	}
	B, ok := StandardMonomials(G, max)
	if !ok {
		return nil, false
	}
	q, err := newQuotient(G[0].Ring(), G, B, nil)
	if err != nil {
		return nil, false
	}
	return &Quotient{q}, true
}

// Dim returns the dimension of the quotient over Q: the number of standard
// monomials, the degree of the ideal. Cost: O(1).
func (q *Quotient) Dim() int { return len(q.q.B) }

// Basis returns the standard monomials, the basis of the quotient, which
// the caller must not modify. Cost: O(1).
func (q *Quotient) Basis() []poly.Monomial { return q.q.B }

// Coords returns the coordinates of the normal form of p in the basis.
// Cost: one normal form modulo G.
func (q *Quotient) Coords(p *poly.Poly) []*big.Rat { return q.q.coords(p) }

// MulVar returns the coordinates of x_v times the element with
// coordinates u: the multiplication map of x_v, built column by column as
// needed (one normal form per new column). Cost: O(Dim^2) rational
// operations once the columns exist.
func (q *Quotient) MulVar(v int, u []*big.Rat) []*big.Rat { return q.q.mulVar(v, u) }
