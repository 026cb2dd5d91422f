// Package families turns operator grids into polynomial systems and solves
// them for their families of solutions: the layer between the grid model
// (families/grid) and the algebra (groebner, poly). The command
// cmd/families is a thin shell over it.
package families
