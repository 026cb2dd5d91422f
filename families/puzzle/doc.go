// Package puzzle turns the positive-integer members of a calcrostic grid
// (families/members) into what a person solves, as in T. Wolf,
// "Calcrostics - a marathon test for the algebraic solution of polynomial
// systems" (2010 talk): digit puzzles in which letters stand for digits,
// and "find the numbers" questions in which a few numbers are revealed and
// the rest are forced.
//
// # Members
//
// The members come from families/members: a members.Source is an analyzed
// setting with its families, and its positive-integer members are what the
// puzzles and questions are made of.
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
// NewQuestion hides as many numbers of a member as it can: it reveals a
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
