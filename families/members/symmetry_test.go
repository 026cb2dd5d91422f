package members

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
)

// TestAutomorphismsWithoutBasis compares the two tests of findAutomorphisms
// on 3x3 settings analyzed in all numbers: the exact one with the saturated
// basis, and the one without it (the system's equations permuted onto
// themselves, or the permuted equations vanishing on every family). Where
// the families and rational points are the whole solution set, both must
// accept the same symmetries; elsewhere the test without the basis may
// miss a symmetry but never accept one the exact test refutes. The
// settings are symmetric ones, Wolf's, and a fixed sample of a pattern.
func TestAutomorphismsWithoutBasis(t *testing.T) {
	z := grid.Size{Rows: 3, Cols: 3}
	type setting struct {
		ops string
		sel grid.LineSet
	}
	settings := []setting{
		{"+=|+++++|+=|=====|+=", grid.Rows | grid.Cols},
		{"+=|+++++|+=|=====|+=", 0},
		{"x=|xxxxx|x=|=====|x=", grid.Rows | grid.Cols},
		{"-=|-----|-=|=====|-=", grid.Rows | grid.Cols},
		{"+=|x-++-|+=|=====|/=", 0},
		{"-=|-xx/+|x=|=====|x=", 0},
		{"x=|+x//-|x=|=====|x=", 0},
		{"--|-----|-/|x-+--|+-", 0},
		{"+-|-+-+-|-+|+-+-+|-+", grid.Rows | grid.Cols},
	}
	pattern := grid.MustParseOps(".=|.....|.=|=====|.=", z)
	count := pattern.Count().Int64()
	n := 40
	if testing.Short() {
		n = 8
	}
	for i := range n {
		s, err := pattern.Nth(big.NewInt(int64(i) * 7919 % count))
		if err != nil {
			t.Fatal(err)
		}
		settings = append(settings, setting{s.String(), 0})
	}
	nontrivial := 0
	for _, st := range settings {
		t.Run(fmt.Sprintf("%s/%s", st.ops, st.sel), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s := grid.MustParseOps(st.ops, z)
			rep, err := families.Analyze(ctx, s, families.Options{Lines: st.sel, Substitute: families.SubstituteNever})
			if err != nil {
				t.Fatal(err)
			}
			res := rep.Result()
			if rep.Error != "" || res == nil {
				t.Skipf("class %s", rep.Class)
			}
			sys := rep.System()
			fams, err := FromSolve(sys.Ring, res)
			if err != nil {
				t.Fatal(err)
			}
			exact, err := findAutomorphisms(ctx, s, sys, rep.BasisPolys(), fams)
			if err != nil {
				t.Fatal(err)
			}
			without, err := findAutomorphisms(ctx, s, sys, nil, fams)
			if err != nil {
				t.Fatal(err)
			}
			if len(exact) == 0 || len(without) == 0 || !isIdentity(exact[0]) || !isIdentity(without[0]) {
				t.Fatalf("the identity is not first: %v, %v", exact, without)
			}
			if len(exact) > 1 {
				nontrivial++
			}
			for _, p := range without {
				if !slices.ContainsFunc(exact, func(q []int) bool { return slices.Equal(p, q) }) {
					t.Errorf("the symmetry %v is found without the basis but fails with it (%v)", p, exact)
				}
			}
			if covers(res) && len(without) != len(exact) {
				t.Errorf("without the basis %d symmetries %v, with it %d %v", len(without), without, len(exact), exact)
			}
		})
	}
	if nontrivial < 3 {
		t.Errorf("only %d settings have a symmetry besides the identity: the test compares too little", nontrivial)
	}
}

func isIdentity(p []int) bool {
	for j, i := range p {
		if i != j {
			return false
		}
	}
	return true
}

// covers reports whether FromSolve's families and points are every
// solution: every component a rational family or rational points.
func covers(res *solve.Result) bool {
	for _, c := range res.Components {
		if f := c.Family; f != nil && f.Kind != solve.Rational {
			return false
		}
		for _, p := range c.Points {
			if p.Class != solve.ClassRational {
				return false
			}
		}
	}
	return true
}

// TestLargestGroup checks the cut to a group: a set of permutations of 3
// points that is not closed under composition loses what breaks closure.
func TestLargestGroup(t *testing.T) {
	id, swap01, swap12, cyc := []int{0, 1, 2}, []int{1, 0, 2}, []int{0, 2, 1}, []int{1, 2, 0}
	tests := []struct {
		in, want [][]int
	}{
		{[][]int{id}, [][]int{id}},
		{[][]int{id, swap01}, [][]int{id, swap01}},
		{[][]int{id, swap01, swap12}, [][]int{id, swap01}},
		{[][]int{id, cyc}, [][]int{id}},
		{[][]int{id, swap01, cyc, {2, 0, 1}}, [][]int{id, cyc, {2, 0, 1}}},
	}
	for _, tc := range tests {
		if got := largestGroup(tc.in); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("largestGroup(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
