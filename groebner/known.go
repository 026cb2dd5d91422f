package groebner

import (
	"slices"
	"sync"

	"github.com/families-project/families/poly"
)

// The reduced bases this process proved last. Callers often pass a basis
// back in (families saturates by one condition at a time, each call
// starting from the previous result), and proving again that a reduced
// basis is one costs a reduction per S-pair: for the 93 elements of a 4x4
// grid system, more than the saturation itself. A basis equal, term for
// term and in order, to one proved here is its own reduced basis. Copies
// are kept, so that later changes to the caller's polynomials cannot
// matter.
var proven struct {
	sync.Mutex
	bases [][]*poly.Poly
}

// maxProven bounds the bases remembered (the oldest go first).
const maxProven = 32

// rememberBasis records G, a reduced basis just proved.
func rememberBasis(G []*poly.Poly) {
	if len(G) == 0 {
		return
	}
	c := make([]*poly.Poly, len(G))
	for i, g := range G {
		c[i] = g.Clone()
	}
	proven.Lock()
	defer proven.Unlock()
	if len(proven.bases) == maxProven {
		proven.bases = slices.Delete(proven.bases, 0, 1)
	}
	proven.bases = append(proven.bases, c)
}

// knownBasis returns a copy of F when F is a reduced basis proved by this
// process, and nil otherwise. Cost: a comparison with each remembered
// basis of F's length, stopping at the first difference.
func knownBasis(F []*poly.Poly) []*poly.Poly {
	proven.Lock()
	defer proven.Unlock()
	for _, B := range slices.Backward(proven.bases) {
		if len(B) == len(F) && B[0].Ring() == F[0].Ring() && slices.EqualFunc(B, F, (*poly.Poly).Equal) {
			out := make([]*poly.Poly, len(B))
			for i, b := range B {
				out[i] = b.Clone()
			}
			return out
		}
	}
	return nil
}
