package factor

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/families-project/families/internal/crosscheck"
	"github.com/families-project/families/poly"
)

// gridGCDCase reads testdata/gcd_grid5x5.txt: a gcd in 13 variables that
// Brown's dense algorithm took 89 s for and sparse images take a tenth of
// a second.
func gridGCDCase(tb testing.TB) (r *poly.Ring, a, b *poly.Poly) {
	tb.Helper()
	data, err := os.ReadFile("testdata/gcd_grid5x5.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 3 {
		tb.Fatalf("want variables, a and b; got %d lines", len(lines))
	}
	r = poly.MustRing(poly.Lex, strings.Split(lines[0], ",")...)
	return r, r.MustParse(lines[1]), r.MustParse(lines[2])
}

// TestGCDGrid5x5 checks the gcd of the grid case: it divides both inputs
// with coprime cofactors, has Singular's size (80 terms, degree 16), and
// equals Singular's gcd when Singular is installed.
func TestGCDGrid5x5(t *testing.T) {
	r, a, b := gridGCDCase(t)
	g, err := GCDContext(context.Background(), a, b)
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() != 80 || g.TotalDegree() != 16 {
		t.Fatalf("gcd has %d terms of degree %d, want 80 of degree 16", g.Len(), g.TotalDegree())
	}
	qa, ra := poly.DivMod(a, []*poly.Poly{g})
	qb, rb := poly.DivMod(b, []*poly.Poly{g})
	if !ra.IsZero() || !rb.IsZero() {
		t.Fatal("the gcd does not divide both inputs")
	}
	if c, err := GCDContext(context.Background(), qa[0], qb[0]); err != nil || !c.IsConst() {
		t.Fatalf("cofactors not coprime: gcd %v, %v", c, err)
	}
	if testing.Short() {
		return
	}
	bin := crosscheck.LookPath(t, "apt-get install singular", "Singular")
	var names []string
	for v := range r.NumVars() {
		names = append(names, r.VarName(v))
	}
	script := fmt.Sprintf("ring R_ = 0, (%s), lp;\nshort = 0;\npoly a_ = %s;\npoly b_ = %s;\nprint(gcd(a_, b_));\nquit;\n",
		strings.Join(names, ","), a, b)
	cmd := exec.Command(bin, "-q", "--no-rc")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("Singular: %v", err)
	}
	want, err := r.Parse(strings.Join(strings.Fields(string(out)), ""))
	if err != nil {
		t.Fatalf("Singular's answer %q: %v", out, err)
	}
	if !g.Monic().Equal(want.Monic()) {
		t.Errorf("gcd differs from Singular's:\n ours %v\n Singular %v", g, want)
	}
}

// BenchmarkGCDGrid5x5 is the grid case: about 0.1 s against 89 s by the
// dense recursion before sparse images (Singular 4.3.1: 0.02 s).
func BenchmarkGCDGrid5x5(b *testing.B) {
	_, f, g := gridGCDCase(b)
	for b.Loop() {
		if _, err := GCDContext(context.Background(), f, g); err != nil {
			b.Fatal(err)
		}
	}
}
