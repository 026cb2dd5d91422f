package groebner

import (
	"context"
	"errors"
	"testing"

	"github.com/families-project/families/poly"
)

// TestModWorkBudget checks the work budget of a modular run: a run of
// katsura-5 mod p spends more reducer terms than a budget of 1,000 and
// stops with errWorkBudget, while the same run without a budget ends and
// reports the work it spent (above the budget, so that the first run had
// to stop).
func TestModWorkBudget(t *testing.T) {
	r, F, err := poly.ParseSystem(katsura(5), poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	F = nonzeroSorted(r, F)
	ops := newMonoOps(r)
	l, cancel := newLimits(context.Background(), Limits{})
	defer cancel()
	full := newModEngine(ops, primes[0], &l)
	if _, err := full.run(F); err != nil {
		t.Fatal(err)
	}
	if full.work <= 1000 {
		t.Fatalf("katsura-5 spent %d reducer terms; the test needs more than 1000", full.work)
	}
	cut := newModEngine(ops, primes[0], &l)
	cut.workBudget = 1000
	if _, err := cut.run(F); !errors.Is(err, errWorkBudget) {
		t.Fatalf("run with a budget of 1000: err = %v, want errWorkBudget", err)
	}
	if cut.work > 1000+int64(longestMod(cut.basis)) {
		t.Errorf("stopped after %d reducer terms, more than one step past the budget", cut.work)
	}
}

// longestMod is the most terms of a polynomial of basis.
func longestMod(basis []*mpoly) int {
	n := 0
	for _, b := range basis {
		n = max(n, len(b.c))
	}
	return n
}
