// Package count counts the calcrostics of a pattern by the sum
// s = a + b + d + f of the upper-left 2x2 block, operators first: from the
// families and solutions of every setting (solved once per orbit, see
// sweep.Plan), where T. Wolf ("Calcrostics - a marathon test for the
// algebraic solution of polynomial systems", 2010 talk) counts numbers
// first, looping over the block and then over the operators. The two agree
// (a test compares them).
package count
