// Package field is the arithmetic of the field of fractions of a
// polynomial ring over the rationals: quotients num/den of two
// polynomials of one poly.Ring, kept in lowest terms. It stands beside
// package poly as SymPy's polys.fields (FracField) stands beside
// polys.rings (PolyRing).
//
// A Frac is kept with a denominator of content 1 (coprime integer
// coefficients, positive leading coefficient) and no common factor with
// its numerator, so that equal functions have equal parts. Arithmetic
// follows math/big's receiver style, z.Add(x, y), where z may be x or y;
// as in poly, a result shares polynomials with its operands but never
// changes them, so a Frac's parts must be treated as read-only.
//
// Lowest terms cost a gcd (poly/factor's modular gcd, where one image
// usually proves a pair coprime). The quotient takes the gcds of the
// factors rather than of the products (P. Henrici, "A subroutine for
// computations with rational numbers", J. ACM 3, 1956, which does the same
// for rational numbers): with a = p/q and b = r/s in lowest terms,
// a/b = (p/gcd(p,r))(s/gcd(s,q)) / ((q/gcd(s,q))(r/gcd(p,r))), already in
// lowest terms.
//
// Substitution of fractions for the variables of a polynomial (Subst,
// SubstNumerator, Compose) is the bulk of the work of writing a family of
// solutions in all its numbers and of checking it: SubstNumerator clears
// the denominators exactly, without a gcd, so that a family can be
// checked without trusting the arithmetic that made it.
//
// The functions that take a context.Context stop with its error when it
// ends; no clock bounds them otherwise, as lowest terms are part of an
// answer, which must not depend on the machine's speed.
package field
