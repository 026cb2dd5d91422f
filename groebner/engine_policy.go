package groebner

import "github.com/families-project/families/poly"

// modularFirst reports whether traceBasis tries the multi-modular path
// (modularBasis) before the trace algorithm for the inhomogeneous F: in
// grevlex and grlex (both through the homogenization, homogBasis) when
// the inputs' coefficients are small (inputHeight at most
// modularMaxHeight). The choice depends on
// the input only, never on the machine; both paths prove the same basis.
// Cost: one pass over F's coefficients.
func modularFirst(r *poly.Ring, F []*poly.Poly) bool {
	graded := r.Order().Equal(poly.Grevlex) || r.Order().Equal(poly.Grlex)
	switch forcePath {
	case pathTrace:
		return false
	case pathModular:
		return graded
	}
	return graded && inputHeight(F) <= modularMaxHeight
}

// modularMaxHeight is the largest input coefficient size (bits of
// numerator and denominator) for which modularFirst prefers the
// multi-modular path. The multi-modular candidate gives up past
// maxModPrimes primes, some 900 bits of result coefficients, and the
// result's coefficients grow with the inputs': the standard systems
// (katsura, cyclic, eco, noon, reimer: at most 5 bits) have results of
// 100-300 bits, where the multi-modular path took 20-35% less CPU than
// the trace algorithm (BENCHMARKS.md); henrion-5 (27 bits, denominators)
// and five dense quadrics with 30-digit coefficients have results of
// thousands of bits, and the family finder's large systems come with
// coefficients of 180-2,400 bits: there the candidate fails after its 60
// primes and the trace algorithm, which pays for the coefficients as it
// meets them, is ahead.
const modularMaxHeight = 16

// The paths a benchmark or test may force on traceBasis (forcePath).
const (
	pathAuto = iota
	pathTrace
	pathModular
)

// forcePath overrides modularFirst's choice in benchmarks and tests that
// compare the two paths in one run; pathAuto in the library.
var forcePath = pathAuto

// inputHeight is the largest size in bits of a coefficient of F, numerator
// and denominator together.
func inputHeight(F []*poly.Poly) int {
	h := 0
	for _, f := range F {
		for i := range f.Len() {
			c := f.Coef(i)
			h = max(h, c.Num().BitLen()+c.Denom().BitLen())
		}
	}
	return h
}
