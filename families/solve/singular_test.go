package solve_test

import (
	"bufio"
	"context"
	"fmt"
	"github.com/families-project/families/internal/crosscheck"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// singularPrimes returns, per system, the minimal associated primes of the
// saturated ideal that Singular's minAssGTZ finds, each as its reduced
// monic grevlex basis; one Singular process does them all.
func singularPrimes(t *testing.T, systems []*grid.System) [][][]*poly.Poly {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "primes.txt")
	var sb strings.Builder
	sb.WriteString("LIB \"primdec.lib\"; option(redSB); short = 0; int GK; int GL;\n")
	for i, sys := range systems {
		fmt.Fprintf(&sb, "ring GR = 0, (%s), dp; short = 0;\n", strings.Join(sys.Ring.Vars(), ","))
		var eqs []string
		for _, e := range sys.Equations {
			eqs = append(eqs, e.Poly.String())
		}
		fmt.Fprintf(&sb, "ideal GJ = std(ideal(%s)); ideal GJ2; poly GQ;\n", strings.Join(eqs, ", "))
		for _, h := range sys.Nonzero {
			fmt.Fprintf(&sb, "GQ = %s; GJ2 = std(quotient(GJ, GQ));\n", h)
			sb.WriteString("while (size(reduce(GJ2, GJ)) != 0) { GJ = GJ2; GJ2 = std(quotient(GJ, GQ)); }\n")
		}
		fmt.Fprintf(&sb, "write(\":a %s\", \"SYSTEM %d\");\n", out, i)
		sb.WriteString("list GP; if (dim(GJ) >= 0) { GP = minAssGTZ(GJ); }\n")
		sb.WriteString("for (GK = 1; GK <= size(GP); GK++) {\n")
		fmt.Fprintf(&sb, "  ideal GS = simplify(std(GP[GK]), 1); write(\":a %s\", \"PRIME\");\n", out)
		fmt.Fprintf(&sb, "  for (GL = 1; GL <= ncols(GS); GL++) { write(\":a %s\", string(GS[GL])); }\n", out)
		sb.WriteString("  kill GS;\n}\nkill GR;\n")
	}
	sb.WriteString("quit;\n")
	script := filepath.Join(dir, "primes.sing")
	if err := os.WriteFile(script, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Singular", "-q", "--no-warn", "--no-rc", script)
	log, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(log), "? ") {
		t.Fatalf("Singular: %v\n%s", err, log)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res := make([][][]*poly.Poly, len(systems))
	cur := -1
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "SYSTEM "):
			cur, _ = strconv.Atoi(strings.TrimPrefix(line, "SYSTEM "))
		case line == "PRIME":
			res[cur] = append(res[cur], nil)
		case line != "":
			p, err := systems[cur].Ring.Parse(line)
			if err != nil {
				t.Fatalf("Singular's %q: %v", line, err)
			}
			last := len(res[cur]) - 1
			res[cur][last] = append(res[cur][last], p)
		}
	}
	return res
}

// TestComponentsAgainstSingular checks the decomposition against
// Singular's minAssGTZ on the saturated ideal: the same primes, compared
// as reduced monic bases.
func TestComponentsAgainstSingular(t *testing.T) {
	crosscheck.LookPath(t, "apt-get install singular", "Singular")
	ops := []string{
		"+=|x-++-|+=|=====|/=", "-=|-xx/+|x=|=====|x=", "x=|+x//-|x=|=====|x=", "--|-----|-/|x-+--|+-",
		"/+|--+--|/+|+-/-+|+/", "/+|+-/-x|/+|+-+--|+-", "++|--+-+|++|+-+-/|x+", "-=|x/x+/|/=|=====|/=",
	}
	golden, err := readGoldenOps(filepath.Join("..", "..", "testdata", "solve", "pattern_eq.golden"))
	if err != nil {
		t.Fatal(err)
	}
	n := 60
	if testing.Short() {
		n = 10
	}
	ops = append(ops, golden[:n]...)
	var systems []*grid.System
	for _, o := range ops {
		s := grid.MustParseOps(o, grid.Size{Rows: 3, Cols: 3})
		sys, err := s.System(0, grid.Precedence, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, sys)
	}
	want := singularPrimes(t, systems)
	for i, sys := range systems {
		res, err := solve.Solve(context.Background(), sys.Polys(), sys.Nonzero, solve.Options{})
		if err != nil {
			t.Errorf("%s: %v", ops[i], err)
			continue
		}
		var got [][]*poly.Poly
		for _, c := range res.Components {
			got = append(got, c.Basis)
		}
		if !samePrimes(got, want[i]) {
			t.Errorf("%s: %d components, Singular's minAssGTZ %d:\n got %v\nwant %v", ops[i], len(got), len(want[i]), got, want[i])
		}
	}
}

// samePrimes compares two lists of reduced monic bases as sets of sets.
func samePrimes(a, b [][]*poly.Poly) bool {
	key := func(G []*poly.Poly) string {
		var s []string
		for _, g := range G {
			s = append(s, g.Monic().String())
		}
		slices.Sort(s)
		return strings.Join(s, "; ")
	}
	var ka, kb []string
	for _, G := range a {
		ka = append(ka, key(G))
	}
	for _, G := range b {
		kb = append(kb, key(G))
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// readGoldenOps returns the OPS column of a golden table of testdata/solve.
func readGoldenOps(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ops []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			ops = append(ops, f[0])
		}
	}
	return ops, nil
}
