package families_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
)

// updateScaleFamilies rewrites testdata/scale/families.golden:
//
//	go test ./families -run TestScaleFamiliesGolden -update-scale-families
//
// Run it on a quiet machine: a setting is recorded only when its families
// come within recordBound, and the test then fails whenever one of them
// does not come within familyBound.
var updateScaleFamilies = flag.Bool("update-scale-families", false, "rewrite testdata/scale/families.golden")

const (
	// recordBound is the time a setting's families must come within to be
	// recorded in the golden file.
	recordBound = 5 * time.Second
	// familyBound is the time a recorded setting gets in the test: twelve
	// times recordBound, for a slow or busy machine. A recorded setting
	// that does not finish within it fails the test, so a setting that
	// finished before cannot quietly start timing out.
	familyBound = 12 * recordBound
)

// scaleFamilies is one line of families.golden: the families of one
// setting of a scale table, by number, dimensions and a digest of their
// JSON (the canonical form is a function of the setting, so the digest is
// too).
type scaleFamilies struct {
	table, ops string
	count      int
	dims       string
	digest     string
	seconds    float64 // the time when recorded, for the reader
}

func (f scaleFamilies) String() string {
	return fmt.Sprintf("%s %s %d %s %s %.2f", f.table, f.ops, f.count, f.dims, f.digest, f.seconds)
}

// familiesOf analyzes one setting of a table with its families and returns
// its line, checking on the way what holds for every decomposition: the
// families reach the system's dimension and their members are true grids.
func familiesOf(t *testing.T, tab scaleTable, name, ops string, bound time.Duration) (scaleFamilies, *families.Report, time.Duration) {
	t.Helper()
	s := grid.MustParseOps(ops, tab.size)
	start := time.Now()
	rep, err := families.Analyze(context.Background(), s, families.Options{Lines: tab.lines, Limits: groebner.Limits{Timeout: bound}})
	took := time.Since(start)
	if err != nil {
		t.Fatalf("%s: %v", ops, err)
	}
	line := scaleFamilies{table: name, ops: ops, count: len(rep.Families), seconds: took.Seconds()}
	if rep.Class == families.ClassTimeout || rep.Error != "" {
		return line, rep, took
	}
	dims := make([]string, len(rep.Families))
	for i, f := range rep.Families {
		dims[i] = strconv.Itoa(f.Dimension)
	}
	line.dims = "[" + strings.Join(dims, ",") + "]"
	data, err := json.Marshal(rep.Families)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	line.digest = hex.EncodeToString(sum[:8])
	return line, rep, took
}

// TestScaleFamiliesGolden decomposes the settings of the scale tables whose
// families are recorded in testdata/scale/families.golden and compares
// them with the record: the same number of families, of the same
// dimensions, with the same canonical JSON. A recorded setting that does
// not finish within familyBound fails. It also checks what every
// decomposition must satisfy: a positive-dimensional system's families
// reach its dimension (a case dropped by mistake would leave every family
// verified but the top component missing), and their rational members are
// true grids. With -short every 10th recorded setting runs.
func TestScaleFamiliesGolden(t *testing.T) {
	path := filepath.Join("..", "testdata", "scale", "families.golden")
	if *updateScaleFamilies {
		writeScaleFamilies(t, path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]scaleTable{}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 6 {
			t.Fatalf("families.golden: bad line %q", line)
		}
		n++
		if testing.Short() && n%10 != 1 {
			continue
		}
		tab, ok := tables[f[0]]
		if !ok {
			tab = readScale(t, f[0])
			tables[f[0]] = tab
		}
		got, rep, _ := familiesOf(t, tab, f[0], f[1], familyBound)
		if rep.Class == families.ClassTimeout {
			t.Errorf("%s %s: families not within %v; recorded in %s s", f[0], f[1], familyBound, f[5])
			continue
		}
		if rep.Error != "" {
			t.Errorf("%s %s: %s: %s", f[0], f[1], rep.Class, rep.Error)
			continue
		}
		if want := strings.Join(f[:5], " "); strings.Join(strings.Fields(got.String())[:5], " ") != want {
			t.Errorf("%s %s: families %d %s %s; recorded %s %s %s", f[0], f[1], got.count, got.dims, got.digest, f[2], f[3], f[4])
		}
		checkTopDimension(t, f[1], rep)
		checkMembers(t, grid.MustParseOps(f[1], tab.size), rep, families.Options{Lines: tab.lines})
	}
	if n < 100 {
		t.Errorf("families.golden has %d settings; the 4x4 table alone has 100", n)
	}
}

// checkTopDimension fails when a positive-dimensional report has no family
// or none of the system's dimension.
func checkTopDimension(t *testing.T, ops string, rep *families.Report) {
	t.Helper()
	if rep.Class != families.ClassPositiveDim {
		return
	}
	top := -1
	for _, f := range rep.Families {
		top = max(top, f.Dimension)
	}
	if top != *rep.Dimension {
		t.Errorf("%s: families up to dimension %d, the system has %d", ops, top, *rep.Dimension)
	}
}

// writeScaleFamilies records the families of every setting of the scale
// tables that has a consistent system and finishes within recordBound.
func writeScaleFamilies(t *testing.T, path string) {
	names := make([]string, 0, len(scaleTables))
	for name := range scaleTables {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# The families of the settings of the scale tables (testdata/scale) whose\n")
	b.WriteString("# decomposition finished within " + recordBound.String() + " when recorded:\n")
	b.WriteString("# table, setting, number of families, their dimensions, the first 8 bytes\n")
	b.WriteString("# of the SHA-256 of the report's families as JSON, seconds when recorded.\n")
	b.WriteString("# Made by: go test ./families -run TestScaleFamiliesGolden -update-scale-families\n")
	skipped := 0
	for _, name := range names {
		tab := readScale(t, name)
		for _, row := range tab.rows {
			if row.class == "inconsistent" {
				continue
			}
			line, rep, took := familiesOf(t, tab, name, row.ops, recordBound)
			if rep.Class == families.ClassTimeout || rep.Error != "" {
				skipped++
				b.WriteString(fmt.Sprintf("# not recorded: %s %s (%s after %.1f s)\n", name, row.ops, rep.Class, took.Seconds()))
				continue
			}
			b.WriteString(line.String() + "\n")
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d settings not recorded)", path, skipped)
}
