// Package grid is the model of a calcrostic grid (T. Wolf, "Calcrostics -
// a marathon test for the algebraic solution of polynomial systems", 2010
// talk; "Wolf 2010" below): an m x n grid of numbers with operators between
// neighbours, laid out in a (2m-1) x (2n-1) layout, where every selected
// line is a true equation.
//
// The package parses the --ops grammar (README, "The grid and --ops") into
// a Setting (also
// accepting _ for an absent operator cell, as in token grids, and the
// typographic minus −), sweeps
// the settings that a pattern with wildcards matches, finds the lines of a
// grid and evaluates them exactly (with operator precedence as in Wolf (2010) or
// strictly left to right as in the Migros cross-math), checks a solved grid, turns a
// setting into its polynomial system with nonzero conditions, and applies
// the symmetries of the square with standard forms.
//
// # Layout and names
//
// Number cells are at (even row, even column) of the layout; operator cells
// are horizontal (even, odd), vertical (odd, even) or diagonal (odd, odd). A
// diagonal operator cell lies on one down-right and one down-left diagonal
// and serves both. Numbers are named in row-major order a b c d f g h k m n p
// q r s t u v w x y z (e i j l o are skipped); grids of more than 21 numbers
// use x_R_C, 1-based. Sizes run from 2x2 to MaxDim x MaxDim.
//
// # Lines
//
// A line is a maximal run of two or more numbers along a row, a column or a
// diagonal, joined by operators; an absent number or operator (_, an
// extension for grids such as the Migros cross-math's with its results beside it) ends a
// line. Rows read left to right, columns and diagonals top to bottom. The
// line kinds are selected by a LineSet: Rows, Cols, Diag (the two
// corner-to-corner diagonals of a square grid; a non-square grid has none)
// and Short (every other diagonal of length >= 2). The default is
// rows,cols,diag when the setting contains =, all four otherwise.
//
// A line without = must evaluate to zero; a line with = states that its
// sides, separated by =, are all equal. A line whose operators are all = is
// refused: it says nothing but that its numbers are equal. ParseOps refuses
// it among the rows, the columns and the two main diagonals (the lines of
// every default selection of a setting with =); Lines refuses it among the
// lines it is asked for.
//
// # Symmetries
//
// Transform maps a setting and its numbers by one of the 8 symmetries of
// the square (Symmetries lists the 4 that keep a non-square shape). A line
// that the symmetry reverses is rewritten: among the operator tuples with
// as many = as the original line, one whose equation equals the original's
// up to a nonzero factor is chosen (24 x 8 = 192 becomes 192 / 8 = 24). The
// count of = is kept so that the default line selection, which depends on
// whether = occurs, does not change. When no choice exists for some line,
// or the lines through a shared diagonal cell need different operators, the
// symmetry is not expressible and Transform returns a *NotExpressibleError;
// Orbit records it in the Image. StandardForm picks Wolf's
// representative among the expressible images.
package grid
