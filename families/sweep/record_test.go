package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// TestTransportMatchesDirect: a record renamed from its orbit's leader says
// what solving the setting on its own says: the same lines, equations,
// class, dimension, degree, reduced basis and independent set, the same
// solutions, families with the same prime components, and members that
// check against the setting.
func TestTransportMatchesDirect(t *testing.T) {
	tests := []struct {
		ops    string
		filter Filter
	}{
		{"+=|+.+.+|+=|=====|+=", Filter{}},               // positive-dimensional orbits (transposes)
		{"+-|-----|..|+-x-.|..", Filter{Positive: true}}, // finite and inconsistent orbits
		{"..|--.--|/-|+-..+|+-", Filter{Positive: true}}, // finite ones with members
	}
	ctx := context.Background()
	for _, tc := range tests {
		opt := Options{Filter: tc.filter, Members: 3}
		out, _, _ := runPlan(t, tc.ops, opt)
		moved := 0
		for line := range bytes.Lines(out) {
			var got struct {
				Record
				Members []map[string]*big.Int `json:"members"`
			}
			if err := json.Unmarshal(line, &got); err != nil {
				t.Fatal(err)
			}
			if got.Representative == "" {
				continue
			}
			moved++
			s := grid.MustParseOps(got.Ops, z3)
			want, err := families.Analyze(ctx, s, opt.Analysis)
			if err != nil {
				t.Fatal(err)
			}
			compareReports(t, got.Report, want)
			for _, m := range got.Members {
				vals := make([]*big.Rat, z3.Numbers())
				for i, name := range z3.Names() {
					vals[i] = new(big.Rat).SetInt(m[name])
				}
				if res, err := s.Check(vals, 0, grid.Precedence); err != nil || !res.OK {
					t.Errorf("%s: member %v fails: %v %v", got.Ops, m, res, err)
				}
			}
		}
		if moved == 0 {
			t.Errorf("%s: no record was renamed from another", tc.ops)
		}
	}
}

func compareReports(t *testing.T, got, want *families.Report) {
	t.Helper()
	eq := func(what string, a, b any) {
		t.Helper()
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s: %s is %s, solving it directly gives %s", want.Ops, what, ja, jb)
		}
	}
	eq("ops", got.Ops, want.Ops)
	eq("line equations", got.LineTexts, want.LineTexts)
	eq("equations", got.Equations, want.Equations)
	eq("nonzero", got.Nonzero, want.Nonzero)
	eq("class", got.Class, want.Class)
	eq("dimension", got.Dimension, want.Dimension)
	eq("degree", got.Degree, want.Degree)
	eq("basis", got.Basis, want.Basis)
	eq("independent", got.Independent, want.Independent)
	eq("solutions", sortedJSON(got.Solutions), sortedJSON(want.Solutions))
	var gb, wb []string
	for _, f := range got.Families {
		gb = append(gb, f.Kind+" "+strings.Join(f.Basis, ", "))
	}
	for _, f := range want.Families {
		wb = append(wb, f.Kind+" "+strings.Join(f.Basis, ", "))
	}
	slices.Sort(gb)
	slices.Sort(wb)
	eq("families (kind and component)", gb, wb)
}

func sortedJSON[T any](xs []T) []string {
	var out []string
	for _, x := range xs {
		b, _ := json.Marshal(x)
		out = append(out, string(b))
	}
	slices.Sort(out)
	return out
}

// TestTimedOutLeaderIsNotCopied: when an orbit's leader hit its time
// limit, the other settings of the orbit are solved on their own instead
// of inheriting a timeout that says nothing of them.
func TestTimedOutLeaderIsNotCopied(t *testing.T) {
	ctx := context.Background()
	p := grid.MustParseOps(small, z3)
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	plan, err := NewPlan(ctx, p, opt)
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the plan with a time limit of 1ns shares its orbits: the
	// leaders it solves time out, as a slow system does.
	slow := *plan
	slow.opt.Analysis.Limits.Timeout = time.Nanosecond
	checked := 0
	done := map[*leader]bool{}
	for _, it := range plan.items {
		l := it.lead
		if l.it == it || done[l] || checked == 5 {
			continue
		}
		done[l] = true
		line, err := slow.record(ctx, l.it)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := parseRecord(line); v.Class != families.ClassTimeout {
			t.Fatalf("%s: class %s with a time limit of 1ns", l.it.s, v.Class)
		}
		line, err = plan.record(ctx, it)
		if err != nil {
			t.Fatal(err)
		}
		var got Record
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatal(err)
		}
		if got.Class == families.ClassTimeout || got.Representative != "" {
			t.Errorf("%s: class %s, representative %q: the leader's timeout was copied", it.s, got.Class, got.Representative)
		}
		want, err := families.Analyze(ctx, it.s, opt.Analysis)
		if err != nil {
			t.Fatal(err)
		}
		compareReports(t, got.Report, want)
		checked++
	}
	if checked == 0 {
		t.Fatal("no orbit with two settings")
	}
}

// TestMembersAllOpsPerSetting: with MemberFilter.AllOps a setting has
// members only when its own lines use + - x and /, which settings of one
// orbit need not share (a - b / c and a x c - b state the same equation).
// Each record's members are those the setting gets on its own.
func TestMembersAllOpsPerSetting(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 2, MemberFilter: members.Filter{AllOps: true}}
	out, _, plan := runPlan(t, ".=|.-+.-|+=|=====|.=", opt)
	byOps := map[string]*item{}
	for _, it := range plan.items {
		byOps[it.s.String()] = it
	}
	differ, withMembers := 0, 0
	for line := range bytes.Lines(out) {
		var got struct {
			Ops     string          `json:"ops"`
			Members json.RawMessage `json:"members"`
		}
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatal(err)
		}
		it := byOps[got.Ops]
		mine, _ := plan.usesAllOps(it.s)
		theirs, _ := plan.usesAllOps(it.lead.it.s)
		if mine == theirs {
			continue
		}
		differ++
		want := plan.analyze(context.Background(), it)
		if len(want.Members) > 0 {
			withMembers++
		}
		wm, _ := json.Marshal(want.Members)
		if len(want.Members) == 0 {
			wm = nil // omitted
		}
		if !bytes.Equal(got.Members, wm) {
			t.Errorf("%s (lines with all operators: %v; leader %s: %v): members %s, on its own %s", got.Ops, mine, it.lead.it.s, theirs, got.Members, wm)
		}
	}
	if differ == 0 || withMembers == 0 {
		t.Errorf("%d settings whose lines differ from their leader's in the operators, %d of them with members: the test needs some of both", differ, withMembers)
	}
}
