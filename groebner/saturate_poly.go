package groebner

import (
	"github.com/families-project/families/poly"
)

// Saturation by a polynomial f that changes nothing. The first fact of
// saturate.go holds for any homogeneous form, not only a variable: with
// I^h the homogenization of I and f^h that of f (degree d), the exact
// sequence of multiplication by f^h,
//
//	0 -> (S/(I^h : f^h))(-d) -> S/I^h -> S/(I^h + <f^h>) -> 0,
//
// gives HS(I^h + <f^h>) = HS(I^h) - t^d HS(I^h : f^h), which is at least
// (1 - t^d) HS(I^h), with equality exactly when I^h : f^h = I^h. A basis
// mod p can only make the series larger (a rank can only drop), so one
// modular basis whose series equals (1 - t^d) HS(I^h) proves that f^h is a
// nonzero divisor modulo I^h; then I^h : (f^h)^∞ = I^h, and setting h = 1,
// I : f^∞ = I. The conditions that grid systems are saturated by (sums and
// products of numbers that divide or are eliminated) are most often of
// this kind, and the proof costs one homogeneous basis mod p where the
// saturation itself costs a basis over Q in one more variable.

// nonZeroDivisorPoly reports whether it proves that f is a nonzero divisor
// modulo the homogenization of the ideal of G, the reduced grevlex basis in
// rg (see above), so that <G> : f^∞ = <G>; false means not proved. Cost:
// one modular basis of G^h + <f^h> and two Hilbert numerators.
func nonZeroDivisorPoly(rg *poly.Ring, G []*poly.Poly, f *poly.Poly, lim *limits) (bool, error) {
	if len(nonzero(G)) == 0 || isUnit(G) || f.IsConst() {
		return false, nil
	}
	fg, err := f.ToRing(rg)
	if err != nil {
		return false, nil
	}
	rh, Fh, err := homogenize(rg, append(nonzero(G), fg))
	if err != nil {
		return false, nil
	}
	base, ok := hilbertNumerator(leadExps(G), maxHilbertSteps)
	if !ok {
		return false, nil
	}
	// want = base * (1 - t^d).
	d := fg.TotalDegree()
	want := make([]int64, len(base)+d)
	for i, c := range base {
		want[i] += c
		want[i+d] -= c
	}
	return modHilbertEquals(rh, Fh, want, lim)
}

// trimZeros drops the zero coefficients of the highest degrees.
func trimZeros(c []int64) []int64 {
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c
}
