package puzzle

import (
	"context"
	"encoding/json"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// TestQuestions makes "find the numbers" questions for Wolf's
// families and re-checks each proof independently: the revealed values
// substituted into the system and its nonzero conditions leave a system
// whose saturated basis is exactly x - value for every hidden number. It
// also checks that no smaller set of revealed numbers forces the member.
func TestQuestions(t *testing.T) {
	tests := []struct {
		family   int
		revealed []string // of the first question
		text     string   // of the first question
	}{
		{0, []string{"a"}, "4  +  ?  =  ?\nx  -  +  +  -\n?  +  ?  =  ?\n=  =  =  =  =\n?  /  ?  =  ?\n"},
		{1, []string{"a", "b"}, "9  -  3  =  ?\n-  x  x  /  +\n?  x  ?  =  ?\n=  =  =  =  =\n?  x  ?  =  ?\n"},
		{2, []string{"a", "d"}, "2  x  ?  =  ?\n+  x  /  /  -\n2  x  ?  =  ?\n=  =  =  =  =\n?  x  ?  =  ?\n"},
	}
	ctx := context.Background()
	for _, tc := range tests {
		sf := memberstest.SeedFamilies[tc.family]
		t.Run(sf.Name, func(t *testing.T) {
			src := sf.Source(t)
			qs, err := Questions(ctx, src, members.Filter{Min: 2}, 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) != 3 {
				t.Fatalf("%d questions, want 3", len(qs))
			}
			if !slices.Equal(qs[0].Revealed, tc.revealed) || qs[0].Text() != tc.text {
				t.Errorf("first question reveals %v:\n%s\nwant %v:\n%s", qs[0].Revealed, qs[0].Text(), tc.revealed, tc.text)
			}
			for _, q := range qs {
				memberstest.CheckMember(t, src, q.Solution)
				if !forces(t, src, q.Solution, q.Revealed) {
					t.Errorf("question %v of %s: the revealed numbers do not force the member", q.Revealed, q.Solution)
				}
			}
			// Minimality, without the Jacobian test the search uses.
			q := qs[0]
			r := src.System.Ring
			combinations(r.NumVars(), len(q.Revealed)-1, func(sub []int) bool {
				var names []string
				for _, v := range sub {
					names = append(names, r.VarName(v))
				}
				if forces(t, src, q.Solution, names) {
					t.Errorf("revealing %v already forces %s", names, q.Solution)
				}
				return true
			})
		})
	}
}

// forces reports whether the system with the named numbers of m
// substituted has the hidden numbers of m as its only solution: the
// reduced basis after saturation is {x - value} for the hidden x.
func forces(t *testing.T, src *members.Source, m *members.Member, revealed []string) bool {
	t.Helper()
	return forcesIn(t, src.System, m, revealed)
}

// forcesAsShown is forces for the system that a reader of the question's
// grid finds: the grid read back by grid.FromTokens, with its default
// lines, as `families solve` and FromGrid read a grid.
func forcesAsShown(t *testing.T, q *Question, ev grid.Eval) bool {
	t.Helper()
	s, _, err := grid.FromTokens(q.Grid)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := s.System(s.DefaultLines(), ev, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	return forcesIn(t, sys, q.Solution, q.Revealed)
}

// forcesIn is forces for the system sys.
func forcesIn(t *testing.T, sys *grid.System, m *members.Member, revealed []string) bool {
	t.Helper()
	r := sys.Ring
	vals := m.Map()
	val := func(v int) *big.Rat { return new(big.Rat).SetInt(vals[r.VarName(v)]) }
	subst := func(p *poly.Poly) *poly.Poly {
		for _, name := range revealed {
			v, _ := r.VarIndex(name)
			p = p.Subst(v, r.Const(val(v)))
		}
		return p
	}
	var F, nonzero []*poly.Poly
	for _, e := range sys.Equations {
		F = append(F, subst(e.Poly))
	}
	for _, p := range sys.Nonzero {
		q := subst(p)
		if q.IsZero() {
			return false
		}
		if !q.IsConst() {
			nonzero = append(nonzero, q)
		}
	}
	G, err := groebner.SaturateAll(context.Background(), F, nonzero, groebner.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for v := range r.NumVars() {
		if !slices.Contains(revealed, r.VarName(v)) {
			want[new(poly.Poly).Sub(r.Var(v), r.Const(val(v))).String()] = true
		}
	}
	if len(G) != len(want) {
		return false
	}
	for _, g := range G {
		if !want[g.String()] {
			return false
		}
	}
	return true
}

// TestQuestionShownLines makes questions with custom lines and proves each
// again from its grid alone, with the lines a reader finds there: with
// --lines short the kept diagonal operators also show the main diagonals,
// which the system leaves out, so a question proved from the system alone
// was printed for members that break them (2 2 2 / 2 2 2 / 2 2 2, six
// numbers revealed). Members that break a shown line are skipped, and
// Question refuses them.
func TestQuestionShownLines(t *testing.T) {
	tests := []struct {
		name     string
		ops      string
		lines    grid.LineSet
		revealed []string // of the first question
		solution string   // of the first question
		refused  string   // a member Question must refuse, or ""
	}{
		{"default lines", "+=|x-++-|+=|=====|/=", 0, []string{"a"}, "4 2 6 / 2 2 4 / 8 4 2", ""},
		{"short diagonals", "-=/-/-/=++-x--+/", grid.Short, []string{"a", "b", "c", "f"}, "4 2 4 / 2 2 2 / 2 2 2", "2 2 2 / 2 2 2 / 2 2 2"},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := grid.MustParseOps(tc.ops, grid.Size{Rows: 3, Cols: 3})
			src, err := members.Analyze(ctx, s, families.Options{Lines: tc.lines})
			if err != nil {
				t.Fatal(err)
			}
			qs, err := Questions(ctx, src, members.Filter{Min: 2}, 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) == 0 {
				t.Fatal("no questions")
			}
			if !slices.Equal(qs[0].Revealed, tc.revealed) || qs[0].Solution.String() != tc.solution {
				t.Errorf("first question reveals %v of %s, want %v of %s", qs[0].Revealed, qs[0].Solution, tc.revealed, tc.solution)
			}
			for _, q := range qs {
				if !forcesAsShown(t, q, src.Eval) {
					t.Errorf("question %v of %s is not forced by the grid as shown:\n%s", q.Revealed, q.Solution, q.Text())
				}
			}
			if tc.refused == "" {
				return
			}
			ms, err := src.Members(ctx, members.Filter{Min: 2}, 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 1 || ms[0].String() != tc.refused {
				t.Fatalf("first member %v, want %s", ms, tc.refused)
			}
			q, err := NewQuestion(ctx, src, ms[0])
			if err == nil || !strings.Contains(err.Error(), "breaks diagonal") {
				t.Errorf("Question(%s) = %v, %v; want an error: it breaks the diagonal shown", ms[0], q, err)
			}
		})
	}
}

// TestQuestionFinite asks for the numbers of Wolf's all-lines-zero
// grid: its system with the nonzero conditions has exactly one solution,
// so nothing needs to be revealed.
func TestQuestionFinite(t *testing.T) {
	src := memberstest.AllZeroSource(t)
	qs, err := Questions(context.Background(), src, members.Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 1 || qs[0].Solution.String() != "12 2 10 / 2 4 2 / 6 2 8" {
		t.Fatalf("questions %v", qs)
	}
	if !forces(t, src, qs[0].Solution, qs[0].Revealed) {
		t.Errorf("revealing %v does not force the solution", qs[0].Revealed)
	}
	if len(qs[0].Revealed) != 0 {
		t.Errorf("the question reveals %v, but nothing is needed", qs[0].Revealed)
	}
	b, err := json.Marshal(qs[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"revealed":[]`, `"text":"?  -  ?  -  ?\n`, `"solution":{"a":12,"b":2,"c":10,"d":2,"f":4,"g":2,"h":6,"k":2,"m":8}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
}
