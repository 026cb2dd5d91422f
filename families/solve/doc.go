// Package solve decomposes a polynomial system with nonzero conditions into
// its irreducible components and solves each one exactly: a family of
// solutions in free parameters for a positive-dimensional component, every
// solution for a zero-dimensional one.
//
// # Decomposition
//
// Solve works in the manner of a factorizing Gröbner-basis algorithm (CRACK,
// Maple's Groebner[Solve], Singular's facstd): it saturates the ideal by the
// nonzero conditions; whenever an element of the reduced basis factors over
// Q it splits into one case per factor (the later cases also keep the
// earlier factors nonzero); it drops cases in which a nonzero condition
// vanishes identically. A case whose basis no longer factors is then proved
// prime, or split further: with a maximal independent set U of variables as
// parameters, the ideal is saturated by the leading coefficients (in Q[U])
// of its basis in a block order, which removes the parts on which U is not
// free; the minimal polynomial over Q(U) of each variable, or of a
// primitive element, either factors (another split) or has the degree of
// the extension, which proves the ideal prime. Zero-dimensional cases do
// the same with the minimal polynomials of the multiplication maps of the
// quotient algebra. Finally every component contained in another is dropped,
// so the components are the minimal primes of the saturated ideal. A
// positive-dimensional case whose proof gives up (an extension of degree
// beyond 4096, or no primitive element among three linear forms) is kept
// whole and reported with Component.Irreducible false: it may be a union of
// several irreducible components.
//
// # Families
//
// For a component of dimension d every d-subset of the variables is tried
// as parameters: one Gröbner basis in a block order per subset tells
// whether the subset is free and whether every other variable is a rational
// function of it. Polynomial families are preferred, then rational, then
// the one with the smallest expressions. A component with no rational
// choice gets, for its best choice, the minimal polynomial of every
// dependent variable over the parameters (kind algebraic).
//
// Every rational family is checked by substituting it into every equation
// of the system, which must give exactly zero, and into every nonzero
// condition, which must not; an algebraic one by reduction modulo its
// component. A family that fails is an internal error, never returned.
// The formulas are elements of the field of fractions of the parameters'
// ring, whose arithmetic and substitution are package poly/field.
//
// # Solutions
//
// The points of a zero-dimensional component are conjugate: a primitive
// element θ (a variable or a small linear form) has a minimal polynomial of
// the component's degree, and every variable is a polynomial in θ. The
// roots of the minimal polynomial are isolated and proved by package
// poly/roots (Aberth's iteration, Henrici's inclusion discs, an exact sign
// change for a real root). Values have at least 50 correct significant
// digits.
//
// # Sources
//
//   - The decomposition into minimal primes through a maximal independent
//     set, the saturation by the leading coefficients over Q(U), and the
//     primality test by the minimal polynomial of a primitive element: P.
//     Gianni, B. Trager, G. Zacharias, "Gröbner bases and primary
//     decomposition of polynomial ideals", J. Symbolic Comput. 6, 1988.
//   - Splitting on the factors of basis elements: H.-G. Gräbe, "On
//     factorized Gröbner bases", in Computer Algebra in Science and
//     Engineering, World Scientific, 1995 (Singular's facstd).
//   - Substituting a number that an equation gives linearly before any
//     basis (Reduce, SolveCases), as CRACK does: T. Wolf, "Calcrostics -
//     a marathon test for the algebraic solution of polynomial systems",
//     talk, Brock University, 2010.
//   - The roots of the minimal polynomials (package poly/roots): O.
//     Aberth, "Iteration methods for finding all zeros of a polynomial
//     simultaneously", Math. Comp. 27, 1973, and P. Henrici, "Applied and
//     Computational Complex Analysis", vol. 1, Wiley, 1974.
//   - The quotients of formulas by gcds of their factors (package
//     poly/field): P. Henrici, "A subroutine for computations with
//     rational numbers", J. ACM 3, 1956.
package solve
