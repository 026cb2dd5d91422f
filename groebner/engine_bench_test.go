package groebner

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// The benchmark systems. bench/compare times them beside Singular's std
// (with option(redSB)) and SymPy's groebner in one run; the figures, with
// the versions (Singular 4.3.1, SymPy 1.11.1) and the machine, are in
// BENCHMARKS.md, "Gröbner bases vs Singular and SymPy".

func benchBasis(b *testing.B, sys string, ord poly.Order) {
	_, F, err := poly.ParseSystem(sys, ord)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Basis(context.Background(), F, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCyclic5(b *testing.B)    { benchBasis(b, cyclic(5), poly.Grevlex) }
func BenchmarkCyclic6(b *testing.B)    { benchBasis(b, cyclic(6), poly.Grevlex) }
func BenchmarkKatsura5(b *testing.B)   { benchBasis(b, katsura(5), poly.Grevlex) }
func BenchmarkKatsura6(b *testing.B)   { benchBasis(b, katsura(6), poly.Grevlex) }
func BenchmarkCyclic5Lex(b *testing.B) { benchBasis(b, cyclic(5), poly.Lex) }

// Katsura-5 in lex is left out: its basis has 425-digit coefficients and
// Buchberger's algorithm over Q meets far larger intermediate ones (Singular's
// std in lp does not finish in minutes either); FGLM from the grevlex basis
// is the way to it.

// BenchmarkModular times the modular run alone, the guide of the trace
// algorithm.
func BenchmarkModular(b *testing.B) {
	for _, tc := range []struct {
		name string
		sys  string
	}{{"cyclic6", cyclic(6)}, {"katsura6", katsura(6)}} {
		b.Run(tc.name, func(b *testing.B) {
			r, F, _ := poly.ParseSystem(tc.sys, poly.Grevlex)
			F = nonzeroSorted(r, F)
			ops := newMonoOps(r)
			for b.Loop() {
				l, cancel := newLimits(context.Background(), Limits{})
				if _, err := newModEngine(ops, primes[0], &l).run(F); err != nil {
					b.Fatal(err)
				}
				cancel()
			}
		})
	}
}

// BenchmarkGridSystems times the reduced grevlex bases of the four grid
// example systems of the README (the golden files' inputs): sub-millisecond work,
// where fixed costs per call rather than the algorithm set the pace.
func BenchmarkGridSystems(b *testing.B) {
	for _, name := range []string{"grid_oneparam", "grid_twoparam", "grid_p1", "grid_allzero"} {
		b.Run(name, func(b *testing.B) {
			_, F, _ := loadSystem(b, "../testdata/systems/"+name+".sys")
			for b.Loop() {
				if _, err := Basis(context.Background(), F, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
