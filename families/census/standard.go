package census

import (
	"slices"
	"strconv"
	"strings"

	"github.com/families-project/families/families/grid"
)

// formKey is Wolf's standard-form key (grid.Setting.StandardForm's
// rules 1 to 3) of numbers alone, smallest first: the upper-left corner's
// sum with its two neighbours, the corner, the smaller neighbour; for a
// square grid 1 when the lower triangle (row-major) is below its mirror
// image, else 0; then every number in row-major order.
func formKey(z grid.Size, v []int64) []int64 {
	at := func(r, c int) int64 { return v[r*z.Cols+c] }
	key := []int64{at(0, 0) + at(0, 1) + at(1, 0), at(0, 0), min(at(0, 1), at(1, 0))}
	if z.Square() {
		flag := int64(0)
	rows:
		for r := 1; r < z.Rows; r++ {
			for c := 0; c < r; c++ {
				if a, b := at(r, c), at(c, r); a != b {
					if a < b {
						flag = 1
					}
					break rows
				}
			}
		}
		key = append(key, flag)
	}
	return append(key, v...)
}

// image returns the numbers of the grid v under symmetry s.
func image(z grid.Size, s grid.Symmetry, v []int64) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[s.MapNumber(z, i)] = x
	}
	return out
}

// gridText writes numbers row by row: "12 2 10 / 2 4 2 / 6 2 8".
func gridText(z grid.Size, v []int64) string {
	var b strings.Builder
	for i, x := range v {
		if i > 0 {
			if i%z.Cols == 0 {
				b.WriteString(" / ")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	return b.String()
}

// keyLess orders standard-form keys.
func keyLess(a, b []int64) bool { return slices.Compare(a, b) < 0 }
