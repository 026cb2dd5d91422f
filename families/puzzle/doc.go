// Package puzzle turns the solutions of a calcrostic grid into what a
// person solves (seed 000): positive-integer members of a family, digit
// puzzles in which letters stand for digits, and "find the numbers"
// questions in which a few numbers are revealed and the rest are forced.
//
// # Members
//
// A Family writes every number of a grid as a rational function of a few
// free numbers, its parameters. Source.Members walks the parameters over
// the positive integers in order of their sum, as seed 000's loop over
// s = a + b + d + f does, so that no parameter runs off alone while the
// others stay small. A member is kept when every number is an integer (a
// denominator must divide its numerator exactly: the evaluation is exact,
// never floating point) and passes the Filter: a smallest allowed number
// (seed 000 excludes 0 and 1), a largest number of digits, and all numbers
// distinct. A finite system has families without parameters, one per
// rational point. Members equivalent under a symmetry of the square are
// listed once: NewSource finds the symmetries that map every solution of the
// setting to a solution (an exact test: the permuted equations reduce to 0
// modulo the saturated basis), and a member is keyed by the smallest of its
// images under them. That is the standard form's deduplication within one
// setting at the cost of a permutation (grid.StandardForm, which also
// rewrites operators, costs milliseconds per grid).
//
// # Digit puzzles
//
// Encode writes a member as letter words, one letter per digit used (the
// same digit always the same letter), with canonical letters in order of
// first appearance or a seeded random choice. A generated puzzle is kept
// only when the digit solver (families/digits) finds exactly one solution;
// a member with a number of more than MaxPuzzleDigits digits, more than the
// solver takes, is skipped.
// Its rules are those of FromGrid, which also reads puzzles typed as token
// grids: distinct letters are distinct digits, no number of two or more
// digits starts with 0, and no number of the grid is 0 (every number of a
// calcrostic is nonzero; it is also what makes the 8 equivalent forms of a
// puzzle have the same solutions, since c / b = a and a x b = c differ
// only when b is 0).
//
// # Questions
//
// Source.Question hides as many numbers of a member as it can: it reveals a
// smallest set of numbers such that the system, the revealed values and the
// nonzero conditions have exactly one solution, and proves it with a
// Gröbner basis: after saturation by the nonzero conditions the ideal has
// dimension 0 and degree 1, and its one point is the member. An exact
// Jacobian rank test at the member rules out most candidate sets before
// any basis is computed: a point of multiplicity one has a Jacobian of full
// rank. The system proved is that of the lines the question's grid shows,
// read as a reader reads it (its default lines): with custom lines that can
// differ from the source's system, since an operator cell lies on two
// diagonals, and a member that breaks a shown line makes no question.
package puzzle
