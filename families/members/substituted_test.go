package members_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// The settings of grids of more than 9 numbers from issue 32, whose
// analysis substitutes numbers and so has no saturated basis in all
// numbers.
var largeSettings = []struct {
	size  grid.Size
	ops   string
	lines grid.LineSet
}{
	{grid.Size{Rows: 5, Cols: 4}, "--=|xxx/-xx|/-=|---x/-+|++=|-///x/x|-x=|=======|--=", 0},
	{grid.Size{Rows: 4, Cols: 5}, "/+-=|/x-++x-x-|+-x=|+--+/+++/|-+/=|=========|xxx=", 0},
	{grid.Size{Rows: 5, Cols: 4}, "-+=|-+++x-x|++=|--x/+/+|-x=|+-x+/xx|-x=|=======|++=", 0},
	{grid.Size{Rows: 4, Cols: 5}, "+--=|///-/xx+/|xx/=|+-x/x-x//|+++=|=========|//-=", 0},
	{grid.Size{Rows: 5, Cols: 5}, "x+-=|+-xx--//-|/xx=|//+-x//x-|/-x=|-/-/xx/xx|-xx=|=========|xx/=", grid.Rows | grid.Cols},
}

func analyzeLarge(t *testing.T, i int) (*members.Source, *families.Report) {
	t.Helper()
	ls := largeSettings[i]
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	s := grid.MustParseOps(ls.ops, ls.size)
	opt := families.Options{Lines: ls.lines}
	rep, err := families.Analyze(ctx, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	src, err := members.FromReport(ctx, rep, opt)
	if err != nil {
		t.Fatal(err)
	}
	return src, rep
}

// TestSubstitutedMembers checks the members of settings whose analysis
// substituted numbers (no basis in all numbers) against a brute force
// written apart from the member search: every tuple of the family's
// parameters in order of its sum, each number evaluated from the
// formulas in rationals, the grid checked by the grid package's own
// evaluation of its lines, and members that are images of one listed
// before under a symmetry that maps the setting onto itself
// (grid.Setting.Transform) left out. Before the deduplication was fixed,
// the search listed the first member only.
func TestSubstitutedMembers(t *testing.T) {
	for i, ls := range largeSettings {
		t.Run(ls.size.String(), func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("short mode: the first setting only")
			}
			src, rep := analyzeLarge(t, i)
			if len(rep.Substituted) == 0 || rep.BasisPolys() != nil {
				t.Fatalf("the analysis did not substitute (substituted %q)", rep.Substituted)
			}
			if len(src.Families) != 1 {
				t.Fatalf("%d families, want 1", len(src.Families))
			}
			fam := src.Families[0]
			want, sums, bound := bruteForce(t, src.Setting, ls.lines, fam, 12, 5000)
			if len(want) < 2 {
				// The parameters the analysis chooses decide how far the
				// members lie; the first setting must always be tested.
				msg := fmt.Sprintf("the brute force finds %d members up to parameter sum %d: too few to test", len(want), bound)
				if i == 0 {
					t.Fatal(msg)
				}
				t.Skip(msg)
			}
			t.Logf("%d members up to parameter sum %d", len(want), bound)
			var got []string
			var gotSums []int64
			err := src.EachMember(context.Background(), members.Filter{}, func(m *members.Member) bool {
				sum := paramSum(src, fam, m)
				if sum > bound {
					return false
				}
				got = append(got, m.String())
				gotSums = append(gotSums, sum)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%d members up to parameter sum %d, the brute force %d", len(got), bound, len(want))
				for k := range max(len(got), len(want)) {
					var g, w string
					if k < len(got) {
						g = got[k]
					}
					if k < len(want) {
						w = want[k]
					}
					if g != w {
						t.Errorf("member %d: %q, brute force %q", k+1, g, w)
						break
					}
				}
			}
			if !slices.Equal(gotSums, sums) {
				t.Errorf("parameter sums %v, brute force %v", gotSums[:min(len(gotSums), 20)], sums[:min(len(sums), 20)])
			}
		})
	}
}

// paramSum returns the sum of the family's parameters at the member m.
func paramSum(src *members.Source, fam *members.Family, m *members.Member) int64 {
	var s int64
	for _, v := range fam.Params {
		s += m.Values[src.NumberIndex(v)].Int64()
	}
	return s
}

// bruteForce lists the members of the family in order of their parameter
// sum, as the member search orders them, deduplicated by the symmetries
// that map the setting onto itself; it shares no code with the search. It
// stops after the first sum (bound) by which it has found enough members
// or tried more than maxTuples tuples, so that the test does not depend on
// which parameters the analysis chooses.
func bruteForce(t *testing.T, s *grid.Setting, sel grid.LineSet, fam *members.Family, enough, maxTuples int) (out []string, sums []int64, bound int64) {
	t.Helper()
	z := s.Size()
	r := fam.Ring
	pos := make([]int, r.NumVars()) // ring variable -> row-major position
	for v := range pos {
		pos[v] = slices.Index(z.Names(), r.VarName(v))
	}
	// The symmetries of the setting, as permutations of the positions.
	var perms [][]int
	for _, g := range grid.Symmetries(z) {
		img, _, err := s.Transform(g, nil, sel, grid.Precedence)
		if err != nil || !img.Equal(s) {
			continue
		}
		p := make([]int, z.Numbers())
		for i := range p {
			p[g.MapNumber(z, i)] = i
		}
		perms = append(perms, p)
	}
	seen := map[string]bool{}
	d := len(fam.Params)
	x := make([]*big.Rat, r.NumVars())
	tuple := make([]int64, d)
	// rec fills tuple[k:] with positive integers of sum rest, the first
	// entries smallest first.
	tuples := 0
	var rec func(k int, rest int64, sum int64)
	rec = func(k int, rest int64, sum int64) {
		if k == d-1 {
			tuples++
			tuple[k] = rest
			vals := make([]*big.Rat, z.Numbers())
			for v := range x {
				x[v] = new(big.Rat)
			}
			for j, v := range fam.Params {
				x[v] = big.NewRat(tuple[j], 1)
			}
			for v := range x {
				den := fam.Den[v].Eval(x)
				if den.Sign() == 0 {
					return
				}
				val := new(big.Rat).Quo(fam.Num[v].Eval(x), den)
				if !val.IsInt() || val.Sign() <= 0 {
					return
				}
				vals[pos[v]] = val
			}
			res, err := s.Check(vals, sel, grid.Precedence)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK {
				t.Fatalf("the family's numbers %v fail the grid: %s", vals, res)
			}
			text := func(p []int) string {
				var b strings.Builder
				for j := range p {
					if j > 0 {
						b.WriteByte(',')
					}
					b.WriteString(vals[p[j]].RatString())
				}
				return b.String()
			}
			for _, p := range perms {
				if seen[text(p)] {
					return
				}
			}
			seen[text(perms[0])] = true
			m := &members.Member{Size: z, Values: make([]*big.Int, z.Numbers())}
			for i, v := range vals {
				m.Values[i] = new(big.Int).Set(v.Num())
			}
			out = append(out, m.String())
			sums = append(sums, sum)
			return
		}
		for v := int64(1); v <= rest-int64(d-1-k); v++ {
			tuple[k] = v
			rec(k+1, rest-v, sum)
		}
	}
	for bound = int64(d); len(out) < enough && tuples <= maxTuples; bound++ {
		rec(0, bound, bound)
	}
	return out, sums, bound - 1
}

// TestForcedSubstitution analyzes 3x3 settings twice, with the saturated
// basis in all numbers and with numbers substituted (no such basis), and
// checks that the source finds the same symmetries and lists the same
// members either way: Wolf's three families and settings that a symmetry
// maps onto itself, and one ("x=|-xxxx|x=|=====|/=", without positive
// members) whose symmetry is found from the families, the permuted
// equations being other equations of the ideal. Before the fix, the
// substituted analysis listed one member.
func TestForcedSubstitution(t *testing.T) {
	z := grid.Size{Rows: 3, Cols: 3}
	tests := []struct {
		ops     string
		sel     grid.LineSet
		autos   int
		members int // at least this many members with Min 2
	}{
		{"+=|x-++-|+=|=====|/=", 0, 1, 8},
		{"-=|-xx/+|x=|=====|x=", 0, 1, 8},
		{"x=|+x//-|x=|=====|x=", 0, 1, 8},
		{"x=|-xxxx|x=|=====|/=", 0, 2, 0},
		{"+=|+++++|+=|=====|+=", grid.Rows | grid.Cols, 2, 8},
		{"x=|xxxxx|x=|=====|x=", grid.Rows | grid.Cols, 2, 8},
	}
	for _, tc := range tests {
		t.Run(tc.ops, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s := grid.MustParseOps(tc.ops, z)
			var lists [2][]string
			for k, sub := range []families.Substitute{families.SubstituteNever, families.SubstituteAlways} {
				opt := families.Options{Lines: tc.sel, Substitute: sub}
				rep, err := families.Analyze(ctx, s, opt)
				if err != nil {
					t.Fatal(err)
				}
				if (rep.BasisPolys() == nil) != (sub == families.SubstituteAlways) {
					t.Fatalf("substitute %v: basis %v, substituted %q", sub, rep.BasisPolys(), rep.Substituted)
				}
				src, err := members.FromReport(ctx, rep, opt)
				if err != nil {
					t.Fatal(err)
				}
				if n := members.NumAutomorphisms(src); n != tc.autos {
					t.Errorf("substitute %v: %d symmetries, want %d", sub, n, tc.autos)
				}
				ms, err := src.Members(ctx, members.Filter{Min: 2}, 8)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range ms {
					lists[k] = append(lists[k], m.String())
				}
			}
			if len(lists[0]) < tc.members || !slices.Equal(lists[0], lists[1]) {
				t.Errorf("members with the basis %q, substituted %q", lists[0], lists[1])
			}
		})
	}
}
