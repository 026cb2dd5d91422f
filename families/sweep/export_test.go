package sweep

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/families-project/families/families/grid"
)

// exportSuite exports a sample of seed 000's all-lines-zero sweep (finite
// and inconsistent systems, a member) and settings around its
// one-parameter family (families, members).
func exportSuite(t *testing.T, format string, sample int) (string, int) {
	t.Helper()
	dir := t.TempDir()
	n := 0
	for i, tc := range []struct {
		ops    string
		filter Filter
		sample int
	}{
		{"..|.-.-.|..|.-.-.|..", Filter{Positive: true}, sample},
		{"--|..-.-|-/|x-+..|+-", Filter{Positive: true}, 0},
		{"+=|x-..-|.=|=====|/=", Filter{}, sample},
	} {
		opt := Options{Filter: tc.filter, Sample: tc.sample, Seed: 3, Members: 1, OncePerOrbit: true}
		plan, err := NewPlan(context.Background(), grid.MustParseOps(tc.ops, z3), opt)
		if err != nil {
			t.Fatal(err)
		}
		res, err := plan.Export(context.Background(), format, filepath.Join(dir, fmt.Sprint(i)))
		if err != nil {
			t.Fatal(err)
		}
		n += res.Systems
	}
	return dir, n
}

var tally = regexp.MustCompile(`(\d+) passed, (\d+) failed`)

// runSuite runs one exported runner and returns its counts.
func runSuite(t *testing.T, dir string, name string, args ...string) (passed, failed int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	m := tally.FindSubmatch(out)
	if m == nil {
		t.Fatalf("%s %v in %s: no tally (%v):\n%s", name, args, dir, err, out)
	}
	passed, _ = strconv.Atoi(string(m[1]))
	failed, _ = strconv.Atoi(string(m[2]))
	if failed > 0 {
		t.Errorf("%s: %s", name, out)
	}
	return passed, failed
}

func runAll(t *testing.T, dir, format, name string, args ...string) {
	t.Helper()
	total := 0
	for i := range 3 {
		p, _ := runSuite(t, filepath.Join(dir, fmt.Sprint(i), format), name, args...)
		total += p
	}
	if total == 0 {
		t.Error("no check ran")
	}
	t.Logf("%s: %d checks passed", format, total)
}

// TestExportSingular runs the exported systems through Singular: every
// check must pass.
func TestExportSingular(t *testing.T) {
	if _, err := exec.LookPath("Singular"); err != nil {
		t.Skip("Singular is not installed (apt-get install singular): the Singular export is not checked")
	}
	dir, n := exportSuite(t, "singular", 40)
	t.Logf("%d systems", n)
	runAll(t, dir, "singular", "Singular", "-q", "run.sing")
}

// sympyPython returns a Python with SymPy, preferring the system's.
func sympyPython(t *testing.T) string {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if path, err := exec.LookPath(py); err == nil && exec.Command(path, "-c", "import sympy").Run() == nil {
			return path
		}
	}
	t.Skip("no python3 with SymPy (apt-get install python3-sympy): the SymPy export is not checked")
	return ""
}

// TestExportSymPy does the same with SymPy, on fewer systems: its
// Gröbner bases are much slower.
func TestExportSymPy(t *testing.T) {
	py := sympyPython(t)
	dir, _ := exportSuite(t, "sympy", 4)
	runAll(t, dir, "sympy", py, "run.py", "systems.json")
}

// TestExportJSON checks the JSON export with exact arithmetic in plain
// Python.
func TestExportJSON(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the JSON export is not checked")
	}
	dir, _ := exportSuite(t, "json", 20)
	runAll(t, dir, "json", py, "check.py", "systems.json")
}

// TestExportScripts: the Macaulay2 and Maple exports (neither system is
// installed here) have a file per system and a runner, and run when the
// system is there.
func TestExportScripts(t *testing.T) {
	for _, tc := range []struct{ format, ext, tool, runner string }{
		{"m2", ".m2", "M2", "run.m2"},
		{"maple", ".mpl", "maple", "run.mpl"},
	} {
		dir, n := exportSuite(t, tc.format, 5)
		files, _ := filepath.Glob(filepath.Join(dir, "*", tc.format, "systems", "*"+tc.ext))
		if len(files) != n || n == 0 {
			t.Errorf("%s: %d system files for %d systems", tc.format, len(files), n)
		}
		for i := range 3 {
			if _, err := os.Stat(filepath.Join(dir, fmt.Sprint(i), tc.format, "run.sh")); err != nil {
				t.Error(err)
			}
		}
		if _, err := exec.LookPath(tc.tool); err == nil {
			args := map[string][]string{"M2": {"--script", "run.m2"}, "maple": {"-q", "run.mpl"}}[tc.tool]
			runAll(t, dir, tc.format, tc.tool, args...)
		} else {
			t.Logf("%s is not installed: the %s export was written but not run", tc.tool, tc.format)
		}
	}
}
