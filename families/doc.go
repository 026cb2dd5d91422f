// Package families turns operator grids into polynomial systems and solves
// them for their families of solutions: the layer between the grid model
// (families/grid) and the algebra (groebner, poly). The command
// cmd/families drives it and the packages beside it under families/ (flags,
// input and output files, deadlines, progress and exit codes) and prints
// their results.
package families
