package census

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/families-project/families/families/grid"
)

// formKey is Wolf's standard-form key (grid.StandardKey) of a grid of
// numbers alone, smallest first, the triangle flag 1 or 0.
func formKey(z grid.Size, v []int64) []int64 {
	return grid.StandardKey(z,
		func(r, c int) int64 { return v[r*z.Cols+c] },
		func(a, b, c int64) int64 { return a + b + c },
		cmp.Compare[int64],
		func(lowerBelow bool) int64 {
			if lowerBelow {
				return 1
			}
			return 0
		})
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
