package families_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

// TestProveComplete asks for the proof of completeness on a setting of
// each kind: the key complete is true and in the JSON, and absent unless
// asked for. A substituted system's rational families then carry their
// grevlex prime, not their basis over the parameters.
func TestProveComplete(t *testing.T) {
	tests := []struct {
		name, ops string
		size      grid.Size
		class     string
	}{
		{"Wolf's grid, a curve", "x=|-+x-/|+=|=====|-=", grid.Size{Rows: 3, Cols: 3}, families.ClassPositiveDim},
		{"finite", "+-|-----|-+|--+-/|/-", grid.Size{Rows: 3, Cols: 3}, families.ClassFinite},
		{"inconsistent", "+=|+-x+-|-=|=====|/=", grid.Size{Rows: 3, Cols: 3}, families.ClassInconsistent},
		{"3x4, substituted, dimension 5", "++=|--+/+--|x-=|=======|-/=", grid.Size{Rows: 3, Cols: 4}, families.ClassPositiveDim},
	}
	for _, tt := range tests {
		s := grid.MustParseOps(tt.ops, tt.size)
		plain, err := families.Analyze(context.Background(), s, families.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Complete != nil {
			t.Errorf("%s: complete set without ProveComplete", tt.name)
		}
		if data, _ := json.Marshal(plain); strings.Contains(string(data), `"complete"`) {
			t.Errorf("%s: JSON has the key complete without ProveComplete", tt.name)
		}
		rep, err := families.Analyze(context.Background(), s, families.Options{ProveComplete: true})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Class != tt.class {
			t.Fatalf("%s: class %s, want %s (%s)", tt.name, rep.Class, tt.class, rep.Error)
		}
		if rep.Complete == nil || !*rep.Complete {
			t.Errorf("%s: not proved complete (%s)", tt.name, rep.CompleteReason)
		}
		if data, _ := json.Marshal(rep); !strings.Contains(string(data), `"complete":true`) {
			t.Errorf("%s: JSON lacks \"complete\":true", tt.name)
		}
		if len(plain.Substituted) > 0 && (len(plain.Families) == 0 || !plain.Families[0].BasisOverParameters) {
			t.Errorf("%s: a substituted rational family without the proof should have its basis over the parameters", tt.name)
		}
		if len(rep.Families) != len(plain.Families) {
			t.Errorf("%s: %d families with the proof, %d without", tt.name, len(rep.Families), len(plain.Families))
		}
		for i, f := range rep.Families {
			if f.BasisOverParameters {
				t.Errorf("%s: family %d keeps its basis over the parameters after the proof", tt.name, i+1)
			}
			if len(rep.Substituted) > 0 && len(rep.Basis) > 0 && len(f.Basis) == 0 {
				t.Errorf("%s: family %d has no basis", tt.name, i+1)
			}
			if f.Solution == nil || plain.Families[i].Solution == nil {
				continue
			}
			for k, v := range f.Solution {
				if plain.Families[i].Solution[k] != v {
					t.Errorf("%s: family %d: %s = %s with the proof, %s without", tt.name, i+1, k, v, plain.Families[i].Solution[k])
				}
			}
		}
	}
}
