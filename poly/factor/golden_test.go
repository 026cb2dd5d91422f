package factor

import (
	"bufio"
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// goldenCase is one line of testdata/factor/inputs.txt with Singular's
// answer from golden.txt.
type goldenCase struct {
	cat    string
	ring   *poly.Ring
	p      *poly.Poly
	src    string
	single []string // Singular's entries "mult:factor"
}

func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "factor")
	in := readLines(t, filepath.Join(dir, "inputs.txt"))
	gold := readLines(t, filepath.Join(dir, "golden.txt"))
	if len(in) != len(gold) {
		t.Fatalf("inputs.txt has %d lines, golden.txt %d: rerun scripts/factor/singular_golden.sh", len(in), len(gold))
	}
	var cs []goldenCase
	for i, line := range in {
		parts := strings.SplitN(line, "|", 3)
		r, err := poly.NewRing(strings.Split(parts[1], ","), poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		p, err := r.Parse(parts[2])
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		g := strings.Split(gold[i], "|")
		if g[0] != fmt.Sprint(i) {
			t.Fatalf("golden line %d is for input %s", i, g[0])
		}
		cs = append(cs, goldenCase{cat: parts[0], ring: r, p: p, src: parts[2], single: g[1:]})
	}
	return cs
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			out = append(out, s)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// normalized is a factorization in canonical form: the constant and the
// sorted list "mult:primitive factor".
type normalized struct {
	c  *big.Rat
	fs []string
}

func normalize(r *poly.Ring, c *big.Rat, fs []*poly.Poly, ms []int) normalized {
	k := new(big.Rat).Set(c)
	count := map[string]int{}
	for i, f := range fs {
		if f.IsConst() {
			x := new(big.Rat).Set(f.LeadCoef())
			for j := 0; j < ms[i]; j++ {
				k.Mul(k, x)
			}
			continue
		}
		cont := f.Content()
		for j := 0; j < ms[i]; j++ {
			k.Mul(k, cont)
		}
		count[f.PrimitivePart().String()] += ms[i]
	}
	var out []string
	for s, m := range count {
		out = append(out, fmt.Sprintf("%d:%s", m, s))
	}
	slices.Sort(out)
	return normalized{k, out}
}

func (n normalized) String() string { return n.c.RatString() + " " + strings.Join(n.fs, " ") }

func singularNormalized(t testing.TB, c goldenCase) normalized {
	var fs []*poly.Poly
	var ms []int
	for _, e := range c.single {
		m, s, _ := strings.Cut(e, ":")
		var k int
		fmt.Sscan(m, &k)
		f, err := c.ring.Parse(s)
		if err != nil {
			t.Fatalf("golden factor %q: %v", s, err)
		}
		fs = append(fs, f)
		ms = append(ms, k)
	}
	return normalize(c.ring, big.NewRat(1, 1), fs, ms)
}

func oursNormalized(r *poly.Ring, f Factorization) normalized {
	var fs []*poly.Poly
	var ms []int
	for _, g := range f.Factors {
		fs = append(fs, g.Poly)
		ms = append(ms, g.Mult)
	}
	return normalize(r, f.Const, fs, ms)
}

// TestGoldenSingular compares Factor with Singular's factorize on every
// input of testdata/factor (the golden file is committed, so Singular is
// not needed here).
func TestGoldenSingular(t *testing.T) {
	for i, c := range loadGolden(t) {
		t.Run(fmt.Sprintf("%03d_%s", i, c.cat), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			got, err := Factor(ctx, c.p)
			if err != nil {
				t.Fatalf("%s: %v", c.src, err)
			}
			for _, g := range got.Factors {
				if g.Poly.LeadCoef().Sign() <= 0 || g.Poly.Content().Cmp(big.NewRat(1, 1)) != 0 {
					t.Errorf("factor %s is not normalized", g.Poly)
				}
			}
			want := singularNormalized(t, c)
			have := oursNormalized(c.ring, got)
			if want.String() != have.String() {
				t.Errorf("%s\n got  %s\n want %s", c.src, have, want)
			}
		})
	}
}
