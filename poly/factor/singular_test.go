package factor

import (
	"context"
	"fmt"
	"github.com/families-project/families/internal/crosscheck"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// singularFactorize runs Singular's factorize on each polynomial (all in
// ring r) in one process and returns its normalized answers.
func singularFactorize(t *testing.T, r *poly.Ring, ps []*poly.Poly) []normalized {
	t.Helper()
	var vars []string
	for i := 0; i < r.NumVars(); i++ {
		vars = append(vars, r.Var(i).String())
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "ring R_ = 0, (%s), dp;\nshort = 0;\nint k_;\nlist L_;\nstring S_;\n", strings.Join(vars, ","))
	for _, p := range ps {
		fmt.Fprintf(&sb, "L_ = factorize(%s);\nS_ = \"\";\n", p)
		sb.WriteString("for (k_ = 1; k_ <= size(L_[1]); k_++) { S_ = S_ + \"|\" + string(L_[2][k_]) + \":\" + string(L_[1][k_]); }\nprint(S_);\n")
	}
	sb.WriteString("quit;\n")
	f, err := os.CreateTemp("", "factor*.sing")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
	f.WriteString(sb.String())
	f.Close()
	out, err := exec.Command("Singular", "-q", "--no-warn", f.Name()).Output()
	if err != nil {
		t.Fatalf("Singular: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(ps) {
		t.Fatalf("Singular printed %d lines for %d inputs", len(lines), len(ps))
	}
	var res []normalized
	for _, l := range lines {
		c := goldenCase{ring: r, single: strings.Split(strings.TrimPrefix(strings.TrimSpace(l), "|"), "|")}
		res = append(res, singularNormalized(t, c))
	}
	return res
}

// TestSingularRandom compares Factor with a live Singular on random
// products whose factors have non-constant leading coefficients in every
// variable, the hard case for Wang's algorithm. It needs Singular on PATH
// and skips otherwise; FACTOR_RANDOM_N sets the number of products.
func TestSingularRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("live Singular comparison skipped in -short mode")
	}
	crosscheck.LookPath(t, "apt-get install singular; the golden test covers the committed cases", "Singular")
	n := 40
	if s := os.Getenv("FACTOR_RANDOM_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	seed := uint64(1)
	if s := os.Getenv("FACTOR_RANDOM_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	names := []string{"x", "y", "z", "u", "v", "w", "a", "b", "c", "d", "g", "h"}
	// Small rings get denser factors of higher degree, wide rings sparse
	// ones like those of grid systems.
	shapes := []struct{ nv, deg, terms, maxDeg int }{
		{2, 4, 6, 16}, {3, 4, 6, 16}, {4, 4, 6, 16}, {5, 4, 6, 16},
		{3, 5, 9, 14}, {4, 5, 9, 14},
		{8, 3, 5, 12}, {12, 3, 5, 12},
	}
	for _, sh := range shapes {
		nv := sh.nv
		r := poly.MustRing(poly.Grevlex, names[:nv]...)
		all := make([]int, nv)
		for i := range all {
			all[i] = i
		}
		var ps []*poly.Poly
		for len(ps) < n/len(shapes)+1 {
			p := r.One()
			for k := 0; k < 2+rng.IntN(2); k++ {
				f := randSparse(rng, r, all, 1+rng.IntN(sh.deg), 2+rng.IntN(sh.terms-1), 12)
				if f.IsConst() {
					continue
				}
				p = new(poly.Poly).Mul(p, f)
			}
			if rng.IntN(5) == 0 {
				p = new(poly.Poly).Mul(p, p)
			}
			if p.IsConst() || p.TotalDegree() > sh.maxDeg {
				continue
			}
			ps = append(ps, p)
		}
		want := singularFactorize(t, r, ps)
		for i, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			got, err := Factor(ctx, p)
			cancel()
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			if h := oursNormalized(r, got); h.String() != want[i].String() {
				t.Errorf("%s\n got  %s\n want %s", p, h, want[i])
			}
		}
	}
}
