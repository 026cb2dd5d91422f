package families

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

// TestFamilyReportIrreducible checks that the JSON of a family says so when
// its component was not proved prime, and says nothing when it was: a
// family that may be a union of several must not read as one.
func TestFamilyReportIrreducible(t *testing.T) {
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	rep, err := Analyze(context.Background(), s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Families) == 0 || rep.result == nil || len(rep.result.Components) == 0 {
		t.Fatalf("no family for %s", s)
	}
	c := rep.result.Components[0]
	if c.Family == nil {
		t.Fatalf("first component of %s has no family", s)
	}
	for _, tc := range []struct {
		irreducible bool
		want        bool
	}{{true, false}, {false, true}} {
		c.Irreducible = tc.irreducible
		out, err := json.Marshal(familyReport(context.Background(), c))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(out), `"not_proved_irreducible":true`)
		if got != tc.want {
			t.Errorf("Irreducible=%v: JSON %s; want not_proved_irreducible %v", tc.irreducible, out, tc.want)
		}
	}
}
