// Package poly is exact multivariate polynomial arithmetic over the
// rationals, the ground floor of families.
//
// A Ring fixes the ordered variable names and a monomial Order (Lex,
// Grlex, Grevlex, Block elimination orders and Weighted orders). A Poly
// belongs to one ring; its terms are kept sorted by the ring's order,
// largest first, with *big.Rat coefficients, and monomials are packed
// exponent vectors (Monomial, the total degree first) compared without
// allocation. Arithmetic follows math/big's receiver style, z.Add(x, y),
// and z may be x or y; but unlike math/big it does not reuse z's storage:
// every result gets fresh coefficients and monomials, shared with no
// operand. That costs allocations where math/big would reuse, which does
// not matter where the time goes: the Gröbner engine's hot loops work on
// their own packed integer form (package groebner), not on Poly.
//
// Beside the arithmetic (Add, Sub, Mul, Pow, Scale, MulTerm, Neg) there
// are multivariate division with remainder (DivMod), evaluation at
// rational points (Eval), substitution of polynomials for variables
// (Subst, Compose), partial derivatives, content and primitive part, and
// moving a polynomial to another ring by variable name (ToRing).
// Factorization, GCDs and rational roots live in poly/factor.
//
// Parse, ParseEquation and ParseSystem read Singular's syntax
// ("3/2*x^2*y - z + 1"; x2 is a variable, not a power) and String prints
// it back, so that parse(print(p)) == p; a parse error is a *ParseError
// with the line and column.
package poly
