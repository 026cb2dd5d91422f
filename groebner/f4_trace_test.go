package groebner

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

// traceSystems are the inputs of the F4 trace tests: affine and
// homogenized, in grevlex.
func traceSystems(t *testing.T) map[string][]*poly.Poly {
	t.Helper()
	out := map[string][]*poly.Poly{}
	for name, sys := range map[string]string{"cyclic5": cyclic(5), "katsura5": katsura(5), "cyclic6": cyclic(6)} {
		r, F, err := poly.ParseSystem(sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = nonzeroSorted(r, F)
		rh, Fh, err := homogenize(r, F)
		if err != nil {
			t.Fatal(err)
		}
		out[name+"h"] = nonzeroSorted(rh, Fh)
	}
	return out
}

// TestF4FollowMatchesFullRun checks that a run following the first
// prime's trace gives, mod each other prime, the reduced basis that a full
// F4 run gives, while building fewer rows.
func TestF4FollowMatchesFullRun(t *testing.T) {
	for name, F := range traceSystems(t) {
		ops := newMonoOps(F[0].Ring())
		lim := &limits{}
		rec := &f4Trace{}
		first := newModEngine(ops, fglmPrime(0), lim)
		first.f4 = &f4Tracer{rec: rec}
		if ok, err := first.runF4(F); !ok || err != nil {
			t.Fatalf("%s: first run ok=%v err=%v", name, ok, err)
		}
		kept, all := 0, 0
		for _, st := range rec.steps {
			all += st.total
			kept += len(st.ks)
		}
		if kept >= all {
			t.Errorf("%s: the trace keeps every one of %d pair rows", name, all)
		}
		for i := 1; i <= 3; i++ {
			p := fglmPrime(i)
			full := newModEngine(ops, p, lim)
			if ok, err := full.runF4(F); !ok || err != nil {
				t.Fatalf("%s mod %d: full run ok=%v err=%v", name, p, ok, err)
			}
			follow := newModEngine(ops, p, lim)
			follow.f4 = &f4Tracer{follow: rec}
			if ok, err := follow.runF4(F); !ok || err != nil {
				t.Fatalf("%s mod %d: following run ok=%v err=%v", name, p, ok, err)
			}
			a, b := reducedModP(full), reducedModP(follow)
			if !slices.EqualFunc(a, b, mpolyEqual) {
				t.Errorf("%s mod %d: the following run's basis (%d elements) differs from the full run's (%d)", name, p, len(b), len(a))
			}
		}
	}
}

// TestF4FollowRefusesOtherRuns checks that a run following a trace that
// is not its own reports the prime as unsuitable instead of returning a
// basis: another system's trace, and its own trace with one leading
// monomial changed.
func TestF4FollowRefusesOtherRuns(t *testing.T) {
	sys := traceSystems(t)
	record := func(F []*poly.Poly) *f4Trace {
		rec := &f4Trace{}
		e := newModEngine(newMonoOps(F[0].Ring()), fglmPrime(0), &limits{})
		e.f4 = &f4Tracer{rec: rec}
		if ok, err := e.runF4(F); !ok || err != nil {
			t.Fatal(ok, err)
		}
		return rec
	}
	tampered := record(sys["katsura5"])
	for k := range tampered.steps {
		if st := &tampered.steps[k]; len(st.leads) > 0 {
			st.leads[1]++ // the first new element's leading monomial
			break
		}
	}
	lacking := record(sys["katsura5"])
	for k := range lacking.steps {
		if st := &lacking.steps[k]; len(st.ks) > 0 {
			st.ks[0] = 1 << 20
			break
		}
	}
	for _, tc := range []struct {
		name string
		F    []*poly.Poly
		rec  *f4Trace
	}{
		{"cyclic5 after katsura5's trace", sys["cyclic5"], record(sys["katsura5"])},
		{"cyclic6 after cyclic5's trace", sys["cyclic6"], record(sys["cyclic5"])},
		{"katsura5 after a changed leading monomial", sys["katsura5"], tampered},
		{"katsura5 after an empty trace", sys["katsura5"], &f4Trace{}},
		{"katsura5h after katsura5's trace", sys["katsura5h"], record(sys["katsura5"])},
		{"katsura5 after a half of an element it lacks", sys["katsura5"], lacking},
	} {
		e := newModEngine(newMonoOps(tc.F[0].Ring()), fglmPrime(1), &limits{})
		e.f4 = &f4Tracer{follow: tc.rec}
		ok, err := e.runF4(tc.F)
		if ok || err != nil {
			t.Errorf("%s: ok=%v err=%v, want a refusal", tc.name, ok, err)
		}
	}
}

// TestModularCandidateSameOnAnyCores checks that the multi-modular
// candidate, whose primes run in parallel, is the same list of
// polynomials, byte for byte, on one core and on several.
func TestModularCandidateSameOnAnyCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, name := range []string{"katsura5h", "cyclic6"} {
		F := traceSystems(t)[name]
		var outs []string
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			l, cancel := newLimits(context.Background(), Limits{})
			G, unit, ok, err := modularCandidate(F[0].Ring(), newMonoOps(F[0].Ring()), &l, F)
			cancel()
			if err != nil || !ok || unit {
				t.Fatalf("%s on %d cores: ok=%v unit=%v err=%v", name, procs, ok, unit, err)
			}
			var b strings.Builder
			for _, g := range G {
				b.WriteString(g.String())
				b.WriteByte('\n')
			}
			outs = append(outs, b.String())
		}
		for k := 1; k < len(outs); k++ {
			if outs[k] != outs[0] {
				t.Errorf("%s: the candidate differs between core counts", name)
			}
		}
	}
}
