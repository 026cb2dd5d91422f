package groebner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// TestF4MatchesBuchbergerModP checks runF4 against the Buchberger engine
// on the systems of testdata and the classic ones, in the graded orders,
// homogenized and not: the reduced basis mod p is unique, so the two must
// give the same.
func TestF4MatchesBuchbergerModP(t *testing.T) {
	systems := map[string]string{"cyclic5": cyclic(5), "katsura4": katsura(4), "katsura5": katsura(5)}
	files, _ := filepath.Glob("../testdata/systems/*.sys")
	if len(files) == 0 {
		t.Fatal("no systems under testdata/systems")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		systems[filepath.Base(f)] = string(data)
	}
	// runF4 leaves the other orders to run (see there).
	orders := []poly.Order{poly.Grevlex, poly.Grlex}
	if testing.Short() {
		orders = orders[:1]
	}
	compared := 0
	for name, sys := range systems {
		for _, ord := range orders {
			r, F, err := poly.ParseSystem(sys, ord)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rings := []*poly.Ring{r}
			inputs := [][]*poly.Poly{F}
			if ord.Equal(poly.Grevlex) {
				rh, Fh, err := homogenize(r, F)
				if err != nil {
					t.Fatal(err)
				}
				rings, inputs = append(rings, rh), append(inputs, Fh)
			}
			for k, r := range rings {
				F := nonzeroSorted(r, inputs[k])
				ops := newMonoOps(r)
				lim := &limits{}
				want := newModEngine(ops, primes[0], lim)
				got := newModEngine(ops, primes[0], lim)
				okW, errW := want.run(F)
				okG, errG := got.runF4(F)
				if errW != nil || errG != nil || okW != okG {
					t.Fatalf("%s %v: Buchberger ok=%v err=%v, F4 ok=%v err=%v", name, ord, okW, errW, okG, errG)
				}
				if !okW {
					continue
				}
				a, b := reducedModP(want), reducedModP(got)
				if !slices.EqualFunc(a, b, mpolyEqual) {
					t.Errorf("%s %v (homogenized %v): F4 basis mod p (%d elements) differs from Buchberger's (%d)", name, ord, k == 1, len(b), len(a))
				}
				compared++
			}
		}
	}
	t.Logf("%d bases compared", compared)
}

func reducedModP(e *modEngine) []*mpoly {
	if e.unit() {
		return e.basis
	}
	return e.finish()
}

func mpolyEqual(a, b *mpoly) bool { return slices.Equal(a.c, b.c) && slices.Equal(a.m, b.m) }

// TestF4HonoursLimits checks that a deadline and a basis-size limit stop
// runF4 with a *LimitError of the right kind.
func TestF4HonoursLimits(t *testing.T) {
	data, err := os.ReadFile("../testdata/systems/large/nzd4x4.sys")
	if err != nil {
		t.Fatal(err)
	}
	r, F, err := poly.ParseSystem(string(data), poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	F = nonzeroSorted(r, F)
	ops := newMonoOps(r)
	for _, tc := range []struct {
		lim  Limits
		kind LimitKind
	}{
		{Limits{Timeout: 20 * time.Millisecond}, LimitTime},
		{Limits{MaxBasis: 30}, LimitBasisSize},
	} {
		l, cancel := newLimits(context.Background(), tc.lim)
		_, err := newModEngine(ops, primes[0], &l).runF4(F)
		cancel()
		var le *LimitError
		if !errors.As(err, &le) || le.Limit != tc.kind {
			t.Errorf("limits %+v: err = %v, want a %v limit", tc.lim, err, tc.kind)
		}
	}
}
