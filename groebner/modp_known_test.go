package groebner

import (
	"context"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestKnownBasisKeepsTrace checks that a modular run told the leading
// monomials of the basis by F4 records the same trace as the full run,
// while performing fewer reduction steps.
func TestKnownBasisKeepsTrace(t *testing.T) {
	for name, sys := range map[string]string{
		"katsura5": katsura(5), "cyclic5": cyclic(5), "katsura6": katsura(6),
	} {
		r, F, err := poly.ParseSystem(sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		F = nonzeroSorted(r, F)
		ops := newMonoOps(r)
		l, cancel := newLimits(context.Background(), Limits{})
		full := newModEngine(ops, primes[0], &l)
		if ok, err := full.run(F); !ok || err != nil {
			t.Fatalf("%s: full run ok=%v err=%v", name, ok, err)
		}
		f4 := newModEngine(ops, primes[0], &l)
		if ok, err := f4.runF4(F); !ok || err != nil {
			t.Fatalf("%s: F4 ok=%v err=%v", name, ok, err)
		}
		lms := f4.leadingMonomials()
		told := newModEngine(ops, primes[0], &l)
		told.known.Store(&lms)
		if ok, err := told.run(F); !ok || err != nil {
			t.Fatalf("%s: run with the known basis ok=%v err=%v", name, ok, err)
		}
		cancel()
		same := slices.EqualFunc(full.trace, told.trace, func(a, b traceEvent) bool {
			return a.i == b.i && a.j == b.j && slices.Equal(a.lm, b.lm)
		})
		if !same {
			t.Errorf("%s: the traces differ (%d and %d events)", name, len(full.trace), len(told.trace))
		}
		if told.steps >= full.steps {
			t.Errorf("%s: %d reduction steps with the known basis, %d without: nothing skipped", name, told.steps, full.steps)
		}
	}
}
