// Package sweep solves every operator setting that a pattern with
// wildcards matches (T. Wolf, "Calcrostics - a marathon test for the
// algebraic solution of polynomial systems", 2010 talk: "for each of the
// 72,000 possible operator settings a polynomial system has to be
// formulated and solved"), in parallel, in shards, resumably, and reports
// one JSON record per setting.
//
// # Settings
//
// Settings lists the settings of a pattern in the order of their index
// (grid.Setting.Nth), skipping those a Filter rules out before any algebra:
// with Filter.Positive, a setting in which a line that must be zero (a
// line without =) has no -, since positive numbers cannot make such a line
// zero under either evaluation convention; with Filter.RequireAllOps, a
// setting without one of + - x /. The search prunes as it assigns the
// wildcards, so Wolf's experiment, the all-lines-zero 3x3 pattern
// ..|.-.-.|..|.-.-.|.. (16.7 million settings), yields its 72,960 settings
// in a fraction of a second. Sample draws settings at random from a pattern
// too large to sweep.
//
// # Orbits
//
// Two settings are equivalent when their systems are the same after
// renaming the numbers by a symmetry of the grid and multiplying equations
// by nonzero factors (constants and monomials; every number is nonzero).
// Then their saturated ideals correspond and one solve serves both. This
// includes every expressible image under grid.Transform (the equation of a
// rewritten line is the original's up to such a factor) and also settings
// that state the same equations with other operators (a - b / c and
// a x c - b both say ac = b). The test is exact and cheap: each system is
// normalized and hashed under each symmetry (SHA-256), and the least hash
// is the orbit's key; no call to Transform is needed, which matters because
// Transform costs more than solving a typical system of the sweep. The
// first setting of an orbit is solved; each other one gets its own lines
// and equations, the leader's basis renamed and reduced again, and the
// leader's families, solutions and members renamed (members are checked
// against it exactly), or with Options.OncePerOrbit is not written at all.
//
// # Runs, shards, checkpoints
//
// A Plan holds the settings of one run. Run solves them on several
// goroutines and writes the records in plan order whatever the timing, so
// the output is deterministic and at every moment a prefix of the full
// output: RunFile uses the output file as its checkpoint and resumes after
// the last complete line; it writes only a regular file, which it holds
// under an exclusive lock (OpenOutput), so that two runs never interleave
// their records in one file. NewPlan counts the settings first and refuses
// a sweep larger than a run holds before planning any. A Shard takes the
// orbits whose key falls in it, so shards split the work without solving
// any system twice, and Merge sorts their records back into the output of
// one run, checking every record's index against its setting. Summary
// counts the records by class, dimension and kind of solution and lists
// the settings with positive-integer members.
//
// # Orbits for other packages
//
// OrbitList gives the orbits of a plan with the renaming from each
// leader's numbers to each setting's: families/count counts the
// calcrostics of a pattern from them, and families/export writes a plan's
// systems for other computer algebra systems.
package sweep
