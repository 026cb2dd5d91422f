// Package groebner computes Gröbner bases over the rationals and answers
// the questions they decide about polynomial ideals.
//
// Basis returns the reduced Gröbner basis (monic, sorted by decreasing
// leading monomial: Singular's std under option(redSB)) in the order of
// the input's ring. It is Buchberger's algorithm with the Gebauer–Möller
// criteria and the sugar strategy over the integers, fraction free, with a
// machine-word fast path; past a small budget of work it switches to
// Traverso's trace algorithm (a run modulo a 31-bit prime tells which
// S-pairs reduce to zero, the exact run computes only the others, and a
// certificate over Q proves the result), and to the plain exact run to
// the end when the prime is unlucky or the certificate fails. Grevlex
// inputs with small coefficients (16 bits at most) and homogeneous inputs
// in a graded order go first to the multi-modular method, as does any
// input whose trace's exact run meets coefficients far larger than the
// inputs' (its intermediate elements swell, as in reimer-5) or, in
// grevlex, runs far longer than its modular run: the reduced basis is
// computed modulo several primes by F4 and recovered by Chinese
// remaindering and rational reconstruction, then proved over Q: for graded
// orders through the homogenization and Arnold's Hilbert-function argument,
// for other orders against the proved grevlex basis (arnold.go). Both
// engines reduce in a geobucket (the working polynomial as sorted parts of
// geometrically growing lengths), so a step costs about the reducer's
// length however long the polynomial being reduced has grown, and compare
// monomials with code chosen once per order.
//
// On a basis: NormalForm, IsMember, Eliminate, Saturate
// (I : f^∞), Dimension with a maximal independent set, StandardMonomials
// and Degree of a zero-dimensional ideal, and FGLM, which turns a basis of
// a zero-dimensional ideal into one for another order (usually lex) by a
// multi-modular walk in the quotient ring with an exact proof. Eliminate
// of a zero-dimensional ideal proves a multi-modular candidate with the
// grevlex basis and a rank mod p, without the block-order basis; Saturate
// saturates by one variable at a time, proving most variables nonzero
// divisors by one Hilbert series mod p and using Bayer's lemma for the
// others.
//
// Every long computation takes a context.Context and Limits (time, basis
// size, coefficient size) and stops with a *LimitError when one is hit.
package groebner
