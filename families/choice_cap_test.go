package families_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

// TestChoiceBasisCap analyzes a 4x4 setting under left-to-right
// evaluation where one of the 28 choices of parameters has a block basis
// of 60 elements and 647,510 terms (80 s to compute), against at most 13
// elements for the others. That choice is abandoned at the cap on its
// basis (families/solve/family.go), and the families must be those of the
// search without the cap: the digest below was recorded with the cap
// lifted. Without the cap the analysis takes 50-80 s on a 2-core machine.
func TestChoiceBasisCap(t *testing.T) {
	if testing.Short() {
		t.Skip("a 4x4 decomposition; skipped in -short mode")
	}
	const (
		ops  = "xx=|-//x+/+|-+=|x/-+---|/-=|=======|x-="
		want = "33d93dffaf4f88b9"
	)
	s := grid.MustParseOps(ops, grid.Size{Rows: 4, Cols: 4})
	rep, err := families.Analyze(context.Background(), s, families.Options{Eval: grid.LeftToRight})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rep.Families)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:8]); got != want {
		if os.Getenv("PRINT_DIGEST") != "" {
			t.Logf("digest %s", got)
		}
		t.Errorf("%s: %d families with digest %s, want %s", ops, len(rep.Families), got, want)
	}
}
