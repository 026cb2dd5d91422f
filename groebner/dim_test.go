package groebner

import (
	"context"
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

// TestZeroIdealBasis: the basis of the zero ideal is [0] in its ring, as
// Singular's std(0) gives, and Dimension of it is the number of variables
// (it returned no basis, whose dimension came out as 0).
func TestZeroIdealBasis(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y", "z"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	for _, F := range [][]*poly.Poly{{r.Zero()}, {r.Zero(), r.Zero()}} {
		G, err := Basis(context.Background(), F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(G) != 1 || !G[0].IsZero() || G[0].Ring() != r {
			t.Fatalf("Basis(%v) = %v, want [0] in %s", F, G, r)
		}
		if dim, indep := Dimension(G); dim != 3 || !slices.Equal(indep, []int{0, 1, 2}) {
			t.Errorf("Dimension of the zero ideal = %d %v, want 3 [0 1 2]", dim, indep)
		}
		if _, err := FGLM(context.Background(), G, r, Limits{}); err == nil {
			t.Error("FGLM of the zero ideal: no error")
		}
	}
}
