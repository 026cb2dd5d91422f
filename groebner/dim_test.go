package groebner

import (
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestDimensionEdges checks Dimension and Degree at the ends of the range:
// the unit ideal, the zero ideal given as the zero polynomial of its ring
// (which used to panic on its missing leading monomial), zero polynomials
// beside others, and the empty basis, which has no ring.
func TestDimensionEdges(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y", "z"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		G      []*poly.Poly
		dim    int
		indep  []int
		degree int // -1: not zero-dimensional
	}{
		{"unit", []*poly.Poly{r.One()}, -1, nil, 0},
		{"zero ideal", []*poly.Poly{r.Zero()}, 3, []int{0, 1, 2}, -1},
		{"zero beside x", []*poly.Poly{r.Zero(), r.MustParse("x")}, 2, []int{1, 2}, -1},
		{"point", []*poly.Poly{r.MustParse("x - 1"), r.Zero(), r.MustParse("y"), r.MustParse("z + 2")}, 0, []int{}, 1},
		{"empty: no ring", nil, 0, nil, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dim, indep := Dimension(tc.G)
			if dim != tc.dim || !slices.Equal(indep, tc.indep) {
				t.Errorf("Dimension = %d %v, want %d %v", dim, indep, tc.dim, tc.indep)
			}
			deg, ok := Degree(tc.G, 100)
			if !ok {
				deg = -1
			}
			if deg != tc.degree {
				t.Errorf("Degree = %d (ok %v), want %d", deg, ok, tc.degree)
			}
		})
	}
}
