// Package census lists every grid of positive integers up to a bound for
// which some operator setting makes every selected line zero (the
// all-lines-zero question of T. Wolf, "Calcrostics - a marathon test
// for the algebraic solution of polynomial systems", 2010 talk, taken from
// 3x3 to m x n), once up to the symmetries of the grid, with the number of
// settings that work and the algebra engine's answer for them.
//
// # Numbers first
//
// Operators-first sweeps cannot reach 3x4 (4^23 settings). The census
// assigns numbers instead, in an order (geometry.order) that completes
// lines early: a number that is the last unknown of a line is solved for,
// once per operator tuple of the line (the line is a Möbius function of
// each number, so a tuple gives at most one value, except left to right
// where a line like (2 - 2) x n is zero for every n and the number takes
// every value), and only the others run over their range. Every completed line must be zero under some tuple;
// the operator cells shared by two diagonals keep the set of operators
// still possible, which every completed diagonal narrows. Arithmetic is
// exact in 64-bit rationals, checked: an overflow stops the run with
// ErrOverflow instead of rounding.
//
// # Settings and symmetry
//
// A complete grid's settings are counted without listing them: rows and
// columns choose their zero tuples independently, the shared cells every
// joint assignment of the diagonals, combined by the set of operators used
// so that "all four operators" is exact. The image of a solution under a
// symmetry need not be a solution (lines read left to right and top to
// bottom), so the search does not prune by symmetry; each class is written
// once, by the grid whose standard-form key is least among its images that
// are solutions.
//
// # Algebra
//
// Settings are ranked by the tangent dimension at the grid (numbers minus
// the Jacobian's rank, modulo a prime: an upper bound, and 0 a proof of a
// nonsingular isolated solution) and given to families.Analyze in that
// order until one shows the grid isolated, at most Options.Analyze of them;
// otherwise the smallest family through the grid is reported. Every
// setting analyzed is first re-checked with grid.Setting.Check.
//
// With Options.Families every grid is answered (families.go): isolated
// when some ranked setting has full Jacobian rank at it (no engine run),
// otherwise by the engine on its candidates in order, each in its
// standard form (grid.Setting.StandardForm) and analyzed once per run for
// every grid it serves: isolated when a zero-dimensional component holds
// the grid and no family does, or on the smallest family through it,
// named by the setting and a hash of its formulas (Family.Key), so that
// the grids of one family are counted together. Merge joins the files of
// all shards into the bytes of one run.
//
// # Runs
//
// A task is one value of the first number searched. Run searches tasks in
// parallel and hands them over in task order; Write and WriteFile write
// JSON Lines, each task closed by a "done" line, so that a file is a
// checkpoint for --resume; shards take every Count-th task (output.Shard).
// The tasks are a computed range and Run keeps at most two per goroutine
// in memory, so memory does not grow with the bound; New refuses a bound
// that cannot finish (the model of work.go), with a *BoundError giving the
// largest bound that can.
package census
