package puzzle

import (
	"context"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

// A seedFamily is a family of seed 000 written by hand: the setting and
// every number as numerator and denominator in the parameters.
type seedFamily struct {
	name   string
	ops    string
	params []string
	num    map[string]string
	den    map[string]string // missing: 1
}

// The families of seed 000: the one-parameter family, the two-parameter
// family (its slide's formulas in b and h rewritten with the numbers b and
// h as parameters) and the family of puzzle P1 (solution S1 at k = 2,
// h = 48).
var seedFamilies = []seedFamily{
	{
		name: "one-parameter", ops: "+=|x-++-|+=|=====|/=", params: []string{"k"},
		num: map[string]string{"a": "k", "b": "2", "c": "k + 2", "d": "2", "f": "k - 2", "g": "k", "h": "2*k", "k": "k", "m": "2"},
	},
	{
		name: "two-parameter", ops: "-=|-xx/+|x=|=====|x=", params: []string{"b", "h"},
		num: map[string]string{"a": "b*h", "b": "b", "c": "b*h - b", "d": "b*h - h", "f": "b*h - b",
			"g": "(b - 1)*(h - 1)*b", "h": "h", "k": "b^2*h - b^2", "m": "b^2*h - b^2"},
		den: map[string]string{"f": "h", "k": "h"},
	},
	{
		name: "P1", ops: "x=|+x//-|x=|=====|x=", params: []string{"h", "k"},
		num: map[string]string{"a": "h", "b": "k^3", "c": "h*k^2", "d": "h*k - h", "f": "k^2", "g": "h*k^2 - h*k", "h": "h", "k": "k", "m": "h*k"},
		den: map[string]string{"a": "k", "d": "k"},
	},
}

// source analyses the setting of sf and attaches its family.
func (sf seedFamily) source(t testing.TB) *Source {
	t.Helper()
	s := grid.MustParseOps(sf.ops, grid.Size{Rows: 3, Cols: 3})
	rep, err := families.Analyze(context.Background(), s, families.Options{NoFamilies: true})
	if err != nil {
		t.Fatal(err)
	}
	fam := sf.family(t, rep.System().Ring)
	src, err := NewSource(s, 0, grid.Precedence, rep.System(), rep.BasisPolys(), []*Family{fam})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func (sf seedFamily) family(t testing.TB, r *poly.Ring) *Family {
	t.Helper()
	num := make([]*poly.Poly, r.NumVars())
	den := make([]*poly.Poly, r.NumVars())
	for v := range num {
		name := r.VarName(v)
		num[v] = r.MustParse(sf.num[name])
		if d, ok := sf.den[name]; ok {
			den[v] = r.MustParse(d)
		}
	}
	f, err := NewFamily(r, sf.params, num, den)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
