// Package memberstest holds the families of T. Wolf's calcrostics
// ("Calcrostics - a marathon test for the algebraic solution of
// polynomial systems", 2010 talk) written by hand, and the checks that the
// tests of families/members and families/puzzle share.
package memberstest

import (
	"context"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/poly"
)

// A SeedFamily is a family of the talk written by hand: the setting and
// every number as numerator and denominator in the parameters.
type SeedFamily struct {
	Name   string
	Ops    string
	Params []string
	Num    map[string]string
	Den    map[string]string // missing: 1
}

// SeedFamilies are the families of the talk: the one-parameter family, the
// two-parameter family (its slide's formulas in b and h rewritten with the
// numbers b and h as parameters) and the family of puzzle P1 (solution S1
// at k = 2, h = 48).
var SeedFamilies = []SeedFamily{
	{
		Name: "one-parameter", Ops: "+=|x-++-|+=|=====|/=", Params: []string{"k"},
		Num: map[string]string{"a": "k", "b": "2", "c": "k + 2", "d": "2", "f": "k - 2", "g": "k", "h": "2*k", "k": "k", "m": "2"},
	},
	{
		Name: "two-parameter", Ops: "-=|-xx/+|x=|=====|x=", Params: []string{"b", "h"},
		Num: map[string]string{"a": "b*h", "b": "b", "c": "b*h - b", "d": "b*h - h", "f": "b*h - b",
			"g": "(b - 1)*(h - 1)*b", "h": "h", "k": "b^2*h - b^2", "m": "b^2*h - b^2"},
		Den: map[string]string{"f": "h", "k": "h"},
	},
	{
		Name: "P1", Ops: "x=|+x//-|x=|=====|x=", Params: []string{"h", "k"},
		Num: map[string]string{"a": "h", "b": "k^3", "c": "h*k^2", "d": "h*k - h", "f": "k^2", "g": "h*k^2 - h*k", "h": "h", "k": "k", "m": "h*k"},
		Den: map[string]string{"a": "k", "d": "k"},
	},
}

// Source analyzes the setting of sf and attaches its family. Cost: one
// families.Analyze without family decomposition.
func (sf SeedFamily) Source(t testing.TB) *members.Source {
	t.Helper()
	s := grid.MustParseOps(sf.Ops, grid.Size{Rows: 3, Cols: 3})
	rep, err := families.Analyze(context.Background(), s, families.Options{NoFamilies: true})
	if err != nil {
		t.Fatal(err)
	}
	fam := sf.Family(t, rep.System().Ring)
	src, err := members.NewSource(s, 0, grid.Precedence, rep.System(), rep.BasisPolys(), []*members.Family{fam})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// Family parses the formulas of sf in the ring r.
func (sf SeedFamily) Family(t testing.TB, r *poly.Ring) *members.Family {
	t.Helper()
	num := make([]*poly.Poly, r.NumVars())
	den := make([]*poly.Poly, r.NumVars())
	for v := range num {
		name := r.VarName(v)
		num[v] = r.MustParse(sf.Num[name])
		if d, ok := sf.Den[name]; ok {
			den[v] = r.MustParse(d)
		}
	}
	f, err := members.NewFamily(r, sf.Params, num, den)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// CheckMember checks a member against its setting with the grid package's
// exact evaluation, independently of the families.
func CheckMember(t testing.TB, src *members.Source, m *members.Member) {
	t.Helper()
	res, err := src.Setting.Check(m.Rats(), src.Lines, src.Eval)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK {
		t.Errorf("member %s fails: %s", m, res)
	}
}

// AllZeroSource is the talk's all-lines-zero setting with the solver's
// points. Cost: one families.Analyze with its decomposition.
func AllZeroSource(t testing.TB) *members.Source {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s := grid.MustParseOps("--|-----|-/|x-+--|+-", grid.Size{Rows: 3, Cols: 3})
	src, err := members.Analyze(ctx, s, families.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return src
}
