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

// TestF4HomogeneousReduced checks the claim that lets finish skip the
// tail reduction: after runF4 on homogeneous inputs the live elements are
// the reduced basis already, equal to what the tail reduction gives, and
// the skip is taken only there (not for the inhomogeneous systems).
func TestF4HomogeneousReduced(t *testing.T) {
	files, _ := filepath.Glob("../testdata/systems/*.sys")
	skipped := 0
	for _, f := range files {
		r, F, _ := loadSystem(t, f)
		rh, Fh, err := homogenize(r, F)
		if err != nil {
			t.Fatal(err)
		}
		for k, sys := range []struct {
			r *poly.Ring
			F []*poly.Poly
		}{{r, F}, {rh, Fh}} {
			F := nonzeroSorted(sys.r, sys.F)
			me := newModEngine(newMonoOps(sys.r), primes[0], &limits{})
			if ok, err := me.runF4(F); err != nil || !ok || me.unit() {
				continue
			}
			if me.reducedByF4 && !me.ops.tail {
				t.Fatalf("%s: reducedByF4 outside F4", f)
			}
			if k == 1 && me.ops.tail && !me.reducedByF4 {
				t.Errorf("%s homogenized: runF4 did not see homogeneous inputs", f)
			}
			if !me.reducedByF4 {
				continue
			}
			skipped++
			got := me.finish()
			me.reducedByF4 = false
			if want := me.finish(); !slices.EqualFunc(got, want, mpolyEqual) {
				t.Errorf("%s (homogenized %v): the basis after F4 is not reduced", f, k == 1)
			}
		}
	}
	if skipped == 0 {
		t.Fatal("no homogeneous run")
	}
	t.Logf("%d homogeneous runs compared", skipped)
}
