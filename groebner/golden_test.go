package groebner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// golden is a basis computed by Singular (scripts/golden/singular_golden.sh).
type golden struct {
	dim    int
	degree int // -1 for null
	basis  []string
}

func readGolden(t *testing.T, path string) (golden, bool) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return golden{}, false
	}
	if err != nil {
		t.Fatal(err)
	}
	g := golden{degree: -1}
	inBasis := false
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch {
		case inBasis:
			g.basis = append(g.basis, line)
		case strings.HasPrefix(line, "dim: "):
			g.dim, _ = strconv.Atoi(strings.TrimPrefix(line, "dim: "))
		case strings.HasPrefix(line, "degree: "):
			if d, err := strconv.Atoi(strings.TrimPrefix(line, "degree: ")); err == nil {
				g.degree = d
			}
		case line == "basis:":
			inBasis = true
		}
	}
	return g, true
}

func loadSystem(t testing.TB, path string) (*poly.Ring, []*poly.Poly, []string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, F, err := poly.ParseSystem(string(data), poly.Grevlex)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var nonzero []string
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "# nonzero:"); ok {
			nonzero = strings.Fields(rest)
		}
	}
	return r, F, nonzero
}

// sameBasis reports whether got equals Singular's basis want as a set
// (both reduced and monic, so equality of ideals is equality of sets).
func sameBasis(t *testing.T, r *poly.Ring, got []*poly.Poly, want []string) bool {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("basis has %d elements, Singular's %d", len(got), len(want))
		return false
	}
	left := map[string]bool{}
	for _, g := range got {
		left[g.String()] = true
	}
	for _, w := range want {
		p, err := r.Parse(w)
		if err != nil {
			t.Fatalf("golden %q: %v", w, err)
		}
		if !left[p.Monic().String()] {
			t.Errorf("Singular's element %s is missing from our basis", p.Monic())
			return false
		}
	}
	return true
}

func checkInvariants(t *testing.T, G []*poly.Poly, want golden) {
	t.Helper()
	dim, _ := Dimension(G)
	if dim != want.dim {
		t.Errorf("dimension %d, Singular says %d", dim, want.dim)
	}
	if want.degree >= 0 {
		if deg, ok := Degree(G, 1<<20); !ok || deg != want.degree {
			t.Errorf("degree %d (ok=%v), Singular says %d", deg, ok, want.degree)
		}
	}
}

// TestGoldenSingular compares our reduced bases in grevlex and lex, their
// dimension and degree, and the saturated grid systems with Singular's.
func TestGoldenSingular(t *testing.T) {
	files, _ := filepath.Glob("../testdata/systems/*.sys")
	if len(files) < 40 {
		t.Fatalf("expected at least 40 golden systems, found %d", len(files))
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".sys")
		t.Run(name, func(t *testing.T) {
			r, F, nonzero := loadSystem(t, path)
			ctx := context.Background()
			lim := Limits{Timeout: 5 * time.Minute}
			G, err := Basis(ctx, F, lim)
			if err != nil {
				t.Fatal(err)
			}
			gw, ok := readGolden(t, "../testdata/groebner/"+name+".grevlex")
			if !ok {
				t.Fatalf("no golden grevlex basis for %s", name)
			}
			sameBasis(t, r, G, gw.basis)
			checkInvariants(t, G, gw)

			if lw, ok := readGolden(t, "../testdata/groebner/"+name+".lex"); ok {
				lr, _ := r.WithOrder(poly.Lex)
				var L []*poly.Poly
				if gw.dim == 0 {
					L, err = FGLM(ctx, G, lr, lim)
				} else {
					L, err = Basis(ctx, mustMove(t, F, lr), lim)
				}
				if err != nil {
					t.Fatal(err)
				}
				sameBasis(t, lr, L, lw.basis)
				checkInvariants(t, L, lw)
			}
			if sw, ok := readGolden(t, "../testdata/groebner/"+name+".sat.grevlex"); ok {
				prod := r.One()
				for _, v := range nonzero {
					c, err := r.Parse(v)
					if err != nil {
						t.Fatal(err)
					}
					prod = new(poly.Poly).Mul(prod, c)
				}
				S, err := Saturate(ctx, F, prod, lim)
				if err != nil {
					t.Fatal(err)
				}
				sameBasis(t, r, S, sw.basis)
				checkInvariants(t, S, sw)
			}
			if ew, ok := readGolden(t, "../testdata/groebner/"+name+".elim.grevlex"); ok {
				small, E, err := Eliminate(ctx, F, commentList(t, path, "eliminate:"), lim)
				if err != nil {
					t.Fatal(err)
				}
				sameBasis(t, small, E, ew.basis)
				checkInvariants(t, E, ew)
			}
		})
	}
}

// commentList returns the words after "# key" in the system file.
func commentList(t *testing.T, path, key string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "# "+key); ok {
			return strings.Fields(rest)
		}
	}
	t.Fatalf("%s: no %q comment", path, key)
	return nil
}

func mustMove(t *testing.T, F []*poly.Poly, to *poly.Ring) []*poly.Poly {
	out, err := poly.ToRingAll(F, to)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
