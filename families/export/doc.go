// Package export writes the systems of a sweep (sweep.Plan) with their
// expected answers for Singular, Macaulay2, SymPy, Maple or as JSON, each
// with a runner script that feeds them to that solver, checks every
// answer, and fails unless all checks ran and passed.
package export
