package groebner

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

// BenchmarkLarge times the grevlex bases of the larger standard systems of
// testdata/systems/large (katsura-7 and -8, cyclic-7, and nzd4x4, the
// ideal of a nonzero-divisor test of a 4x4 grid case) whole, and the
// modular run alone, by Buchberger's algorithm (modp.go, the trace's guide)
// and by F4 (f4.go); bench/modp.sh times the modular runs beside
// Singular's std over the same prime. grid4x4 is the saturation of a 4x4 grid system by each of its
// nonzero conditions in turn, as families.SaturatedBasis does it: long
// polynomials of a positive-dimensional ideal in 17 variables, in a block
// order. They take seconds to minutes: run them one at a time, e.g.
//
//	go test -run '^$' -bench 'Large/katsura7$' -benchtime 1x ./groebner
func BenchmarkLarge(b *testing.B) {
	for _, name := range []string{"katsura7", "katsura8", "cyclic7", "nzd4x4"} {
		r, F, _ := loadSystem(b, "../testdata/systems/large/"+name+".sys")
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Basis(context.Background(), F, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		engines := []struct {
			name string
			run  func(*modEngine, []*poly.Poly) (bool, error)
		}{{"modular-", (*modEngine).run}, {"modular-f4-", (*modEngine).runF4}}
		for _, eng := range engines {
			b.Run(eng.name+name, func(b *testing.B) {
				in := nonzeroSorted(r, F)
				ops := newMonoOps(r)
				for b.Loop() {
					l, cancel := newLimits(context.Background(), Limits{})
					if _, err := eng.run(newModEngine(ops, primes[0], &l), in); err != nil {
						b.Fatal(err)
					}
					cancel()
				}
			})
		}
	}
	b.Run("grid4x4", func(b *testing.B) {
		r, F, _ := loadSystem(b, "../testdata/systems/large/grid4x4.sys")
		H := nonzeroPolys(b, r, "../testdata/systems/large/grid4x4.sys")
		for b.Loop() {
			G, err := Basis(context.Background(), F, Limits{})
			for _, h := range H {
				if err != nil {
					b.Fatal(err)
				}
				G, err = Saturate(context.Background(), G, h, Limits{})
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// nonzeroPolys parses the polynomials of the "# nonzero:" line of a system
// file.
func nonzeroPolys(t testing.TB, r *poly.Ring, path string) []*poly.Poly {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var H []*poly.Poly
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "# nonzero:"); ok {
			for _, f := range strings.Fields(rest) {
				h, err := r.Parse(f)
				if err != nil {
					t.Fatal(err)
				}
				H = append(H, h)
			}
		}
	}
	return H
}
