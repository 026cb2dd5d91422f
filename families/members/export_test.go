package members

import (
	"context"
	"fmt"
	"math"
)

// NumAutomorphisms returns the number of symmetries the source keys its
// members by, for the external tests.
func NumAutomorphisms(src *Source) int {
	autos, err := src.automorphisms(context.Background())
	if err != nil {
		panic(err)
	}
	return len(autos)
}

// InFamily reports whether the member m of a setting is the member of
// family f (of src, the same setting) at the parameter values m gives.
func InFamily(src *Source, f *Family, m *Member) bool {
	x := make([]int64, len(f.Params))
	for j, v := range f.Params {
		x[j] = m.Values[src.num[v]].Int64()
	}
	vals := f.ev.valuesBig(x)
	if vals == nil {
		return false
	}
	for v, val := range vals {
		if val.Cmp(m.Values[src.num[v]]) != 0 {
			return false
		}
	}
	return true
}

// PlanText describes the search plans of the families, for tests.
func PlanText(src *Source) string {
	var b []byte
	for _, f := range src.Families {
		p := newPlan(f, 1, math.MaxInt64)
		for j, pos := range p.order {
			b = append(b, fmt.Sprintf("depth %d: %s checks", j, f.Ring.VarName(f.Params[pos]))...)
			for _, c := range p.checks {
				if c.at == j {
					b = append(b, fmt.Sprintf(" %s(terms %d/%d, pair %t)", f.Ring.VarName(c.v), len(c.num.coef0), len(c.den.coef0), c.pair)...)
				}
			}
			b = append(b, '\n')
		}
	}
	return string(b)
}
