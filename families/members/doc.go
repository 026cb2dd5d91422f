// Package members lists the positive-integer members of the families of a
// calcrostic grid (T. Wolf, "Calcrostics - a marathon test for the
// algebraic solution of polynomial systems", 2010 talk): a Source is an
// analyzed operator setting with its families, and EachMember walks them.
//
// A Family writes every number of a grid as a rational function of a few
// free numbers, its parameters. Source.Members walks the parameters over
// the positive integers in order of their sum, as the talk's loop over
// s = a + b + d + f does, so that no parameter runs off alone while the
// others stay small. A member is kept when every number is an integer (a
// denominator must divide its numerator exactly: the evaluation is exact,
// never floating point) and passes the Filter: a smallest allowed number
// (the talk excludes 0 and 1), a largest number of digits, and all numbers
// distinct. A finite system has families without parameters, one per
// rational point. Members equivalent under a symmetry of the square are
// listed once: the Source finds the symmetries that map every solution of
// the setting to a solution, and a member is keyed by the smallest of its
// images under them. The tests are exact: with the saturated basis, the
// permuted equations reduce to 0 modulo it; without it (grids of more than
// 9 numbers, whose analysis substitutes numbers), the permuted system is
// the system again, or, when the families are every solution, the
// permuted equations vanish identically on every family. The identity is
// always accepted, and the symmetries kept form a group. That is the standard form's deduplication within one
// setting at the cost of a permutation (grid.StandardForm, which also
// rewrites operators, costs milliseconds per grid).
package members
