// Package families turns operator grids into polynomial systems and solves
// them for their families of solutions: the layer between the grid model
// (families/grid) and the algebra (families/solve, groebner, poly).
//
// Analyze runs one analysis in one direction, each step calling only
// down the layers: the setting's system (grid.Setting.System), the
// numbers that equations give linearly substituted away (solve.Reduce, on
// grids of more than 9 numbers), the basis saturated by the nonzero
// conditions (groebner.SaturateAll), its decomposition into components
// with lifted, verified families (solve.Reduction.Decompose, or
// solve.Solve without substitution), and the Report. The renderers of
// the Report (families/render) and the packages that run many analyses
// (sweep, census, count, members, export, web) build on it; the command
// cmd/families keeps the flags, the wiring of input and output files,
// deadlines and progress, and the exit codes.
package families
