package grid

import "fmt"

// A Symmetry is one of the 8 symmetries of the square acting on a grid. The
// first four keep the shape of any m x n grid; the other four exchange rows
// and columns and make an n x m grid.
type Symmetry uint8

// The symmetries, as maps of the number at row r, column c (0-based) of an
// m x n grid.
const (
	Identity      Symmetry = iota // (r, c)
	MirrorLR                      // (r, n-1-c): reverse every row (swap the first and last column)
	MirrorTB                      // (m-1-r, c): reverse every column (swap the first and last row)
	Rotate180                     // (m-1-r, n-1-c)
	Transpose                     // (c, r): mirror on the main diagonal
	AntiTranspose                 // (n-1-c, m-1-r): mirror on the anti-diagonal
	Rotate90                      // (c, m-1-r): a quarter turn clockwise
	Rotate270                     // (n-1-c, r): a quarter turn anticlockwise
)

var symmetryNames = [...]string{"identity", "mirror-lr", "mirror-tb", "rotate-180", "transpose", "anti-transpose", "rotate-90", "rotate-270"}

// String returns the name of g, such as "mirror-lr".
func (g Symmetry) String() string {
	if int(g) < len(symmetryNames) {
		return symmetryNames[g]
	}
	return fmt.Sprintf("symmetry(%d)", g)
}

// ParseSymmetry reads a name as String writes it.
func ParseSymmetry(s string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if s == n {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("grid: unknown symmetry %q", s)
}

// Symmetries returns the symmetries that keep the shape of a grid of size z:
// all 8 for a square grid, the first 4 otherwise.
func Symmetries(z Size) []Symmetry {
	if z.Square() {
		return []Symmetry{Identity, MirrorLR, MirrorTB, Rotate180, Transpose, AntiTranspose, Rotate90, Rotate270}
	}
	return []Symmetry{Identity, MirrorLR, MirrorTB, Rotate180}
}

// SwapsAxes reports whether g turns rows into columns.
func (g Symmetry) SwapsAxes() bool { return g >= Transpose }

// Size returns the size of the image of a grid of size z.
func (g Symmetry) Size(z Size) Size {
	if g.SwapsAxes() {
		return Size{z.Cols, z.Rows}
	}
	return z
}

// mapRC maps (r, c) in a rows x cols array; the same formula serves numbers
// (an m x n array) and layout cells (a (2m-1) x (2n-1) array).
func (g Symmetry) mapRC(r, c, rows, cols int) (int, int) {
	switch g {
	case MirrorLR:
		return r, cols - 1 - c
	case MirrorTB:
		return rows - 1 - r, c
	case Rotate180:
		return rows - 1 - r, cols - 1 - c
	case Transpose:
		return c, r
	case AntiTranspose:
		return cols - 1 - c, rows - 1 - r
	case Rotate90:
		return c, rows - 1 - r
	case Rotate270:
		return cols - 1 - c, r
	}
	return r, c
}

// MapPos returns the image of layout cell p of a grid of size z.
func (g Symmetry) MapPos(z Size, p Pos) Pos {
	R, C := g.mapRC(p.R, p.C, z.LayoutRows(), z.LayoutCols())
	return Pos{R, C}
}

// MapNumber returns the row-major index, in the image grid, of the image of
// number i of a grid of size z.
func (g Symmetry) MapNumber(z Size, i int) int {
	r, c := g.mapRC(i/z.Cols, i%z.Cols, z.Rows, z.Cols)
	return r*g.Size(z).Cols + c
}
