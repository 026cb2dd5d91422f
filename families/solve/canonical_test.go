package solve_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// canonicalText writes a canonical decomposition as the report would
// show it: each component's basis and family formulas, in order.
func canonicalText(res *solve.Result) string {
	var sb strings.Builder
	for _, c := range res.Components {
		fmt.Fprintf(&sb, "dim %d degree %d over parameters %v\n", c.Dimension, c.Degree, c.BasisOverParameters)
		for _, g := range c.Basis {
			fmt.Fprintf(&sb, "  %s\n", g)
		}
		if f := c.Family; f != nil {
			fmt.Fprintf(&sb, "  %s %v\n", f.Kind, f.Parameters)
			for _, v := range f.Values {
				fmt.Fprintf(&sb, "    %s = %s\n", v.Name, v.Format(solve.Singular))
			}
		}
		for _, p := range c.Points {
			fmt.Fprintf(&sb, "  point %v\n", p)
		}
	}
	return sb.String()
}

// primeKeys returns the primes in all numbers of a substituted canonical
// decomposition (Reduction.PrimeInAll), each as its sorted monic basis.
func primeKeys(t *testing.T, red *solve.Reduction, res *solve.Result, nonzero []*poly.Poly) []string {
	t.Helper()
	var out []string
	for _, c := range res.Components {
		P, err := red.PrimeInAll(context.Background(), c, nonzero, groebner.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, basisText(P))
	}
	slices.Sort(out)
	return out
}

func basisText(G []*poly.Poly) string {
	var ps []string
	for _, g := range G {
		ps = append(ps, g.Monic().String())
	}
	slices.Sort(ps)
	return strings.Join(ps, "; ")
}

// TestStrategiesCanonical runs each strategy of SolveCases on its own (the
// split strategy also without any case basis first, so that small systems
// take the splits that 4x4 grids take) and raced, on the substituted
// systems of 3x3 and 3x4 golden settings. Their canonical forms must be
// the same text, and their primes in all numbers those of Solve on the
// whole system: each strategy is complete and minimal on its own, and
// which one wins cannot change the answer.
func TestStrategiesCanonical(t *testing.T) {
	tables := []struct {
		file string
		size grid.Size
		step int
	}{
		{"pattern_eq.golden", grid.Size{Rows: 3, Cols: 3}, 6},
		{"ltr_eq.golden", grid.Size{Rows: 3, Cols: 3}, 10},
		{"grid_3x4.golden", grid.Size{Rows: 3, Cols: 4}, 8},
		{"eqs_3x4.golden", grid.Size{Rows: 3, Cols: 4}, 8},
	}
	if testing.Short() {
		for i := range tables {
			tables[i].step *= 4
		}
	}
	strategies := []struct {
		name string
		s    int
	}{{"raced", solve.BothStrategies}, {"basis first", solve.BasisFirstOnly}, {"split", solve.SplitOnly}, {"split always", solve.SplitAlways}}
	ctx := context.Background()
	checked, unsplit := 0, 0
	for _, tab := range tables {
		ops, err := readGoldenOps(filepath.Join("..", "..", "testdata", "solve", tab.file))
		if err != nil {
			t.Fatal(err)
		}
		eval := grid.Precedence
		if strings.HasPrefix(tab.file, "ltr") {
			eval = grid.LeftToRight
		}
		for i := 0; i < len(ops); i += tab.step {
			s := grid.MustParseOps(ops[i], tab.size)
			sys, err := s.System(0, eval, poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			red, err := solve.Reduce(ctx, sys.Polys(), sys.Nonzero)
			if err != nil {
				t.Fatal(err)
			}
			if red.Inconsistent || len(red.F) == 0 {
				continue
			}
			G, err := groebner.SaturateAll(ctx, red.F, red.Nonzero, groebner.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if dim, _ := groebner.Dimension(G); dim <= 0 {
				continue // finite and inconsistent systems are solved in all numbers
			}
			whole, err := solve.Solve(ctx, sys.Polys(), sys.Nonzero, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, c := range whole.Components {
				want = append(want, basisText(c.Basis))
			}
			slices.Sort(want)
			first := ""
			for _, st := range strategies {
				res, err := solve.SolveCasesWith(ctx, red.F, red.Nonzero, G, solve.Options{}, st.s)
				var le *groebner.LimitError
				if st.s == solve.SplitAlways && errors.As(err, &le) && le.Limit == solve.LimitCases {
					// Without any case basis some systems split past the
					// bound: the strategy is not meant to run alone.
					unsplit++
					continue
				}
				if err != nil {
					t.Fatalf("%s, %s: %v", ops[i], st.name, err)
				}
				canon, err := red.Canonical(ctx, res, G, sys.Polys(), sys.Nonzero, solve.Options{})
				if err != nil {
					t.Fatalf("%s, %s: %v", ops[i], st.name, err)
				}
				text := canonicalText(canon)
				if first == "" {
					first = text
				} else if text != first {
					t.Errorf("%s: %s gives\n%s\nraced gives\n%s", ops[i], st.name, text, first)
				}
				if got := primeKeys(t, red, canon, sys.Nonzero); !slices.Equal(got, want) {
					t.Errorf("%s, %s: primes\n%v\nSolve's\n%v", ops[i], st.name, got, want)
				}
				// Every strategy's answer is proved complete on its own: a
				// case a strategy loses (a factor not split on, a q = 0
				// case skipped without proof) fails here.
				var primes [][]*poly.Poly
				for _, c := range canon.Components {
					P, err := red.PrimeInRemaining(ctx, c, G, solve.ProofLimits)
					if err != nil {
						t.Fatalf("%s, %s: %v", ops[i], st.name, err)
					}
					primes = append(primes, P)
				}
				if c, err := solve.ProveComplete(ctx, G, primes, solve.ProofLimits); err != nil || !c.Proved {
					t.Errorf("%s, %s: not proved complete: %v %s", ops[i], st.name, err, c.Reason)
				}
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d systems checked", checked)
	}
	t.Logf("%d systems; %d past the case bound with every split and no case basis", checked, unsplit)
}
