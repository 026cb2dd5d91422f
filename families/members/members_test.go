package members_test

import (
	"context"
	"fmt"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

// TestSeedMembers lists the first members of Wolf's families with
// Wolf's filter (no number 0 or 1), checked by hand against the
// grids: the one-parameter family at k = 4, 5, 6; the two-parameter family
// where h divides b(h - 1); P1's family, where k divides h.
func TestSeedMembers(t *testing.T) {
	want := map[string][]string{
		"one-parameter": {"4 2 6 / 2 2 4 / 8 4 2", "5 2 7 / 2 3 5 / 10 5 2", "6 2 8 / 2 4 6 / 12 6 2"},
		"two-parameter": {"9 3 6 / 6 2 12 / 3 6 18", "8 4 4 / 6 2 12 / 2 8 16", "16 4 12 / 12 3 36 / 4 12 48"},
		"P1":            {"2 8 16 / 2 4 8 / 4 2 8", "3 8 24 / 3 4 12 / 6 2 12", "2 27 54 / 4 9 36 / 6 3 18"},
	}
	ctx := context.Background()
	for _, sf := range memberstest.SeedFamilies {
		t.Run(sf.Name, func(t *testing.T) {
			src := sf.Source(t)
			ms, err := src.Members(ctx, members.Filter{Min: 2}, len(want[sf.Name]))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.String())
				memberstest.CheckMember(t, src, m)
			}
			if !slices.Equal(got, want[sf.Name]) {
				t.Errorf("members %q, want %q", got, want[sf.Name])
			}
		})
	}
}

// TestS1IsMember finds Wolf's solution S1 among the members of P1's
// family: its parameters h = 48, k = 2 have sum 50, and every member
// before it has a smaller or equal sum.
func TestS1IsMember(t *testing.T) {
	src := memberstest.SeedFamilies[2].Source(t)
	const s1 = "24 8 192 / 24 4 96 / 48 2 96"
	sum := func(m *members.Member) int64 { return m.Values[6].Int64() + m.Values[7].Int64() } // h + k
	var last int64
	found := false
	err := src.EachMember(context.Background(), members.Filter{Min: 2}, func(m *members.Member) bool {
		if s := sum(m); s < last {
			t.Errorf("member %s has parameter sum %d after %d", m, s, last)
		}
		last = sum(m)
		if m.Values[0].Int64()*m.Values[7].Int64() != m.Values[6].Int64() {
			t.Errorf("member %s: a = h/k fails", m)
		}
		found = m.String() == s1
		return !found && last <= 60
	})
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Errorf("S1 %s is not among the members up to parameter sum 60", s1)
	}
}

// TestFilters checks each filter on the one-parameter family, whose
// members k >= 1 are k 2 k+2 / 2 k-2 k / 2k k 2 (positive from k = 3).
func TestFilters(t *testing.T) {
	src := memberstest.SeedFamilies[0].Source(t)
	ks := func(ms []*members.Member) []int64 {
		var out []int64
		for _, m := range ms {
			out = append(out, m.Values[0].Int64())
		}
		return out
	}
	tests := []struct {
		name string
		f    members.Filter
		n    int
		want []int64 // the values of k
	}{
		{"positive", members.Filter{}, 3, []int64{3, 4, 5}},
		{"min 2", members.Filter{Min: 2}, 3, []int64{4, 5, 6}},
		{"min 5", members.Filter{Min: 5}, 2, nil}, // b = 2 always
		{"one digit", members.Filter{MaxDigits: 1}, 0, []int64{3, 4}},
		{"two digits", members.Filter{Min: 2, MaxDigits: 2}, 0, []int64{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49}},
		{"distinct", members.Filter{Distinct: true}, 2, nil}, // b = d = 2 always
		{"all operators", members.Filter{AllOps: true}, 1, []int64{3}},
		// A step is a node or a value tried: k = 1 and 2 are cut at their
		// node (f = k - 2 >= 1 bounds k), k = 3, 4, 5 take two steps each.
		{"budget", members.Filter{Budget: 8}, 0, []int64{3, 4, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if tc.want == nil {
				tc.f.Budget = 1000
			}
			ms, err := src.Members(ctx, tc.f, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if got := ks(ms); !slices.Equal(got, tc.want) {
				t.Errorf("k = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLargeMin lists members with a smallest number near the top of
// int64. The sums used to start at 0 (a hang: 10^18 empty sums before the
// first tuple, and no check of ctx among them) and d*Min overflowed. The
// two-parameter family's first member at Min = M is b = h = M + 1 (f = b -
// b/h). With a one-parameter subfamily (h = b) listed first, whose tuples
// start at M, the budget is shared: its eight steps go to the
// subfamily's sums M (cut at its node, f = b - 1 being below M), M + 1,
// M + 2 and M + 3 (a node and a value each), before the family's tuples
// start at 2M.
func TestLargeMin(t *testing.T) {
	const e18 = 1_000_000_000_000_000_000
	two := memberstest.SeedFamilies[1]
	tests := []struct {
		name     string
		diagonal bool // add the subfamily h = b
		f        members.Filter
		canceled bool
		n        int
		want     []int64 // b of each member
		err      error
	}{
		{"first member", false, members.Filter{Min: e18}, false, 1, []int64{e18 + 1}, nil},
		{"sum beyond int64", false, members.Filter{Min: 5 * e18}, false, 1, nil, nil},
		{"no member", false, members.Filter{Min: e18, Budget: 100}, false, 1, nil, nil},
		{"budget shared by the families", true, members.Filter{Min: e18, Budget: 8}, false, 0, []int64{e18 + 1, e18 + 2, e18 + 3}, nil},
		{"canceled", false, members.Filter{Min: e18}, true, 1, nil, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := two.Source(t)
			if tc.diagonal {
				r := src.System.Ring
				num := map[string]string{"a": "b^2", "b": "b", "c": "b^2 - b", "d": "b^2 - b", "f": "b - 1",
					"g": "(b - 1)^2*b", "h": "b", "k": "b^2 - b", "m": "b^3 - b^2"}
				ps := make([]*poly.Poly, r.NumVars())
				for v := range ps {
					ps[v] = r.MustParse(num[r.VarName(v)])
				}
				sub, err := members.NewFamily(r, []string{"b"}, ps, nil)
				if err != nil {
					t.Fatal(err)
				}
				src.Families = []*members.Family{sub, src.Families[0]}
			}
			if tc.name == "no member" {
				src = memberstest.SeedFamilies[0].Source(t) // b = 2 always
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.canceled {
				cancel()
			}
			type result struct {
				ms  []*members.Member
				err error
			}
			done := make(chan result, 1)
			go func() {
				ms, err := src.Members(ctx, tc.f, tc.n)
				done <- result{ms, err}
			}()
			var res result
			select {
			case res = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Members did not return within 20 s")
			}
			if res.err != tc.err {
				t.Fatalf("error %v, want %v", res.err, tc.err)
			}
			var bs []int64
			for _, m := range res.ms {
				memberstest.CheckMember(t, src, m)
				bs = append(bs, m.Values[1].Int64())
			}
			if !slices.Equal(bs, tc.want) {
				t.Errorf("members have b = %v, want %v", bs, tc.want)
			}
		})
	}
}

// TestMaxDigitsBeyondInt64 filters the two-parameter family's members of
// at least 9 digits, whose first (b = h = 10^8 + 1) has numbers of 25
// digits (g = (b - 1)(h - 1)b), by limits of 19 digits and more, which
// used to mean no limit at all.
func TestMaxDigitsBeyondInt64(t *testing.T) {
	src := memberstest.SeedFamilies[1].Source(t)
	const first = 100_000_001
	tests := []struct {
		maxDigits int
		want      []int64 // b of the first member
	}{
		{0, []int64{first}},
		{19, nil},
		{24, nil},
		{25, []int64{first}},
		{1 << 40, []int64{first}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.maxDigits), func(t *testing.T) {
			ms, err := src.Members(context.Background(), members.Filter{Min: 100_000_000, MaxDigits: tc.maxDigits, Budget: 200}, 1)
			if err != nil {
				t.Fatal(err)
			}
			var bs []int64
			for _, m := range ms {
				bs = append(bs, m.Values[1].Int64())
			}
			if !slices.Equal(bs, tc.want) {
				t.Errorf("members %v, want b = %v", ms, tc.want)
			}
		})
	}
}

// TestAllOpsExcludes checks that a setting without division has no members
// under the all-operators filter, and has them without it.
func TestAllOpsExcludes(t *testing.T) {
	src := linearSource(t, grid.Rows|grid.Cols)
	ctx := context.Background()
	if ms, err := src.Members(ctx, members.Filter{AllOps: true}, 1); err != nil || len(ms) != 0 {
		t.Errorf("all-ops members %v (err %v), want none", ms, err)
	}
	if ms, err := src.Members(ctx, members.Filter{}, 1); err != nil || len(ms) != 1 {
		t.Errorf("members %v (err %v), want one", ms, err)
	}
}

// linearSource is the all-+ setting, whose families are linear, with the
// solver's families.
func linearSource(t *testing.T, sel grid.LineSet) *members.Source {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s := grid.MustParseOps("+=|+++++|+=|=====|+=", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(ctx, s, families.Options{Lines: sel})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Families) == 0 {
		t.Fatal("no families")
	}
	return src
}

// TestSymmetricDuplicates checks the deduplication on a grid that a
// symmetry maps to itself: with rows and columns only, the all-+ grid is
// its own transpose, so a member and its transpose are one calcrostic.
// The members are compared with a plain enumeration of the grids a b c /
// d f g / h k m with a, b, d, f in 1..6, the other numbers their sums.
func TestSymmetricDuplicates(t *testing.T) {
	src := linearSource(t, grid.Rows|grid.Cols)
	if members.NumAutomorphisms(src) != 2 {
		t.Fatalf("%d automorphisms, want 2 (identity and transpose)", members.NumAutomorphisms(src))
	}
	const top = 6
	// class names the calcrostic of a grid: the smaller of its text and
	// its transpose's.
	class := func(g []int64) string {
		tr := []int64{g[0], g[3], g[6], g[1], g[4], g[7], g[2], g[5], g[8]}
		return min(memberText(g), memberText(tr))
	}
	want := map[string]bool{}
	for a := int64(1); a <= top; a++ {
		for b := int64(1); b <= top; b++ {
			for d := int64(1); d <= top; d++ {
				for f := int64(1); f <= top; f++ {
					want[class([]int64{a, b, a + b, d, f, d + f, a + d, b + f, a + b + d + f})] = true
				}
			}
		}
	}
	got := map[string]bool{}
	err := src.EachMember(context.Background(), members.Filter{Budget: 1 << 20}, func(m *members.Member) bool {
		v := make([]int64, len(m.Values))
		for i, x := range m.Values {
			v[i] = x.Int64()
		}
		if v[0] <= top && v[1] <= top && v[3] <= top && v[4] <= top {
			c := class(v)
			if got[c] {
				t.Errorf("member %s repeats the calcrostic %s", m, c)
			}
			got[c] = true
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	// The solver's parameters need not be a, b, d, f, so members within
	// the box can come late; a budget of 2^20 steps covers the box.
	if len(got) != len(want) {
		t.Errorf("%d calcrostics in the box, want %d", len(got), len(want))
	}
}

func memberText(v []int64) string {
	m := &members.Member{Size: grid.Size{Rows: 3, Cols: 3}}
	for _, x := range v {
		m.Values = append(m.Values, big.NewInt(x))
	}
	return m.String()
}

// TestFinitePoints lists the positive-integer solutions of a
// zero-dimensional system: Wolf's all-lines-zero setting has exactly
// one, 12 2 10 / 2 4 2 / 6 2 8, found by the family solver.
func TestFinitePoints(t *testing.T) {
	src := memberstest.AllZeroSource(t)
	ms, err := src.Members(context.Background(), members.Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].String() != "12 2 10 / 2 4 2 / 6 2 8" {
		t.Errorf("members %v, want the one of Wolf (2010)", ms)
	}
}

// TestNewFamilyErrors checks the validation of hand-written families.
func TestNewFamilyErrors(t *testing.T) {
	src := memberstest.SeedFamilies[0].Source(t)
	r := src.System.Ring
	good := func() []string { return []string{"k", "2", "k + 2", "2", "k - 2", "k", "2*k", "k", "2"} }
	tests := []struct {
		name   string
		params []string
		edit   func(num []string)
	}{
		{"unknown parameter", []string{"z"}, func([]string) {}},
		{"uses a non-parameter", []string{"k"}, func(n []string) { n[0] = "a" }},
		{"parameter not itself", []string{"k"}, func(n []string) { n[7] = "k + 1" }},
		{"parameter twice", []string{"k", "k"}, func([]string) {}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			num := good()
			tc.edit(num)
			ps := make([]*poly.Poly, len(num))
			for i, s := range num {
				ps[i] = r.MustParse(s)
			}
			if _, err := members.NewFamily(r, tc.params, ps, nil); err == nil {
				t.Error("no error")
			}
		})
	}
}

// TestSolverFamilies checks the families the family solver finds for the
// Wolf (2010) settings against the hand-written ones: each of the first
// members of a hand-written family is a member of a solver family, at the
// parameter values the member itself gives.
func TestSolverFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	for _, sf := range memberstest.SeedFamilies {
		t.Run(sf.Name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s := grid.MustParseOps(sf.Ops, grid.Size{Rows: 3, Cols: 3})
			solved, err := members.Analyze(ctx, s, families.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ms, err := sf.Source(t).Members(ctx, members.Filter{}, 10)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				found := false
				for _, f := range solved.Families {
					if found = members.InFamily(solved, f, m); found {
						break
					}
				}
				if !found {
					t.Errorf("member %s is in no family of the solver", m)
				}
			}
		})
	}
}

// TestPointsFirst checks that a point, whose one tuple has sum 0, comes
// before every member of a family, wherever it sits in Families (the
// solver lists families before points).
func TestPointsFirst(t *testing.T) {
	src := linearSource(t, grid.Rows|grid.Cols)
	r := src.System.Ring
	// 5 7 12 / 9 11 20 / 14 18 32: rows and columns add up.
	kv := map[string]int64{"a": 5, "b": 7, "c": 12, "d": 9, "f": 11, "g": 20, "h": 14, "k": 18, "m": 32}
	vals := make([]*big.Rat, r.NumVars())
	for v := range vals {
		vals[v] = big.NewRat(kv[r.VarName(v)], 1)
	}
	point, err := members.NewPoint(r, vals)
	if err != nil {
		t.Fatal(err)
	}
	// The family in a, b, d, f, whose first tuple (sum 4) is a member, so
	// that a point tried at the first sum after it would come second.
	formulas := map[string]string{"a": "a", "b": "b", "c": "a + b", "d": "d", "f": "f", "g": "d + f", "h": "a + d", "k": "b + f", "m": "a + b + d + f"}
	num := make([]*poly.Poly, r.NumVars())
	den := make([]*poly.Poly, r.NumVars())
	for v := range num {
		num[v], den[v] = r.MustParse(formulas[r.VarName(v)]), r.One()
	}
	fam, err := members.NewFamily(r, []string{"a", "b", "d", "f"}, num, den)
	if err != nil {
		t.Fatal(err)
	}
	src.Families = []*members.Family{fam, point}
	ms, err := src.Members(context.Background(), members.Filter{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 {
		t.Fatalf("%d members, want 3", len(ms))
	}
	if got, want := ms[0].String(), "5 7 12 / 9 11 20 / 14 18 32"; got != want {
		t.Errorf("first member %s, want the point %s", got, want)
	}
	if ms[1].Family == ms[0].Family {
		t.Errorf("second member %s is from the point too", ms[1])
	}
}
