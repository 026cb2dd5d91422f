package groebner

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestSwellWork checks the swell guard of the trace algorithm, which
// counts the replay's work against its modular run's: katsura-5 with one
// equation scaled past 16-bit coefficients (so that the trace, not the
// multi-modular method, comes first) replays within the default bound,
// and swells (errSwell) when the bound is lowered to nothing; Basis then
// takes the multi-modular path and gives the same basis. A guard by the
// clock would pass the first half only on a fast machine.
func TestSwellWork(t *testing.T) {
	r, F, err := poly.ParseSystem(katsura(5), poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	F[1] = new(poly.Poly).Scale(F[1], big.NewRat(1_000_003, 1))
	F = nonzeroSorted(r, F)
	ops := newMonoOps(r)
	run := func() error {
		l, cancel := newLimits(context.Background(), Limits{})
		defer cancel()
		guarded := l
		guarded.maxBits = swellBits(F)
		guarded.swellGuard = true
		_, _, err := tracePrimes(r, ops, &guarded, F, nil)
		return err
	}
	if err := run(); err != nil {
		t.Fatalf("within the default bound: %v", err)
	}
	want, err := Basis(context.Background(), F, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer func(a, b int64) { swellPerTerm, swellFloor = a, b }(swellPerTerm, swellFloor)
	swellPerTerm, swellFloor = 0, 1
	if err := run(); !errors.Is(err, errSwell) {
		t.Fatalf("bound lowered to nothing: err = %v, want errSwell", err)
	}
	got, err := Basis(context.Background(), F, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
		t.Fatal("the basis after a swell differs from the one without")
	}
}
