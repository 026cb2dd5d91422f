package groebner

import (
	"context"
	"math/big"
	"testing"

	"github.com/families-project/families/poly"
)

// homogSystem returns the homogenization of the system in path, nonzero
// and sorted, with its ring and monomial code.
func homogSystem(tb testing.TB, path string) (*poly.Ring, *monoOps, []*poly.Poly) {
	tb.Helper()
	r, F, _ := loadSystem(tb, path)
	rh, Fh, err := homogenize(r, nonzeroSorted(r, F))
	if err != nil {
		tb.Fatal(err)
	}
	return rh, newMonoOps(rh), nonzeroSorted(rh, Fh)
}

// homogCandidate returns the engine, the homogenized inputs and the
// multi-modular candidate for the reduced basis of the homogenized system
// in path, in the engine's form.
func homogCandidate(tb testing.TB, path string) (*engine, []*gpoly, []*gpoly) {
	tb.Helper()
	rh, opsh, Fh := homogSystem(tb, path)
	l, cancel := newLimits(context.Background(), Limits{})
	tb.Cleanup(cancel)
	G, _, ok, err := modularCandidate(rh, opsh, &l, Fh)
	if err != nil || !ok {
		tb.Fatalf("%s: no candidate (%v, %v)", path, ok, err)
	}
	e := newEngine(rh, opsh, &l)
	return e, e.fromPolys(G), e.fromPolys(Fh)
}

// TestCertifyHomogeneous checks that the certificate by degree agrees with
// the reductions one at a time: both accept the candidate of each system, and both refuse it
// with one tail coefficient changed (no longer a Gröbner basis, or no
// longer containing the inputs) and with an input that is not in the
// ideal.
func TestCertifyHomogeneous(t *testing.T) {
	for _, name := range []string{"katsura4", "katsura5", "cyclic5", "katsura6h", "random_03", "random_11"} {
		t.Run(name, func(t *testing.T) {
			e, G, in := homogCandidate(t, "../testdata/systems/"+name+".sys")
			want, err := e.certifyEach(G, in)
			if err != nil || !want {
				t.Fatalf("certify: %v, %v", want, err)
			}
			if got, err := e.certifyByDegree(G, in); err != nil || !got {
				t.Fatalf("certifyByDegree refused the candidate: %v, %v", got, err)
			}
			bad := spoilLongest(t, G)
			want, _ = e.certifyEach(bad, in)
			got, err := e.certifyByDegree(bad, in)
			if err != nil || got != want || got {
				t.Errorf("changed candidate: certifyByDegree %v (%v), certify %v; want both false", got, err, want)
			}
			// An input outside the ideal: the product of the variables
			// (in the degree of the first input), plus that input.
			x := &gpoly{c: []zint{zsmall(1)}, m: make([]uint16, e.s), sugar: int(in[0].m[0]), deg: int(in[0].m[0])}
			x.m[0] = in[0].m[0]
			x.m[1] = in[0].m[0]
			if got, err := e.certifyByDegree(G, append([]*gpoly{x}, in...)); err != nil || got {
				// x_1^d is in the ideal only when it reduces to zero.
				if ok, _ := e.certifyEach(G, []*gpoly{x}); got != ok {
					t.Errorf("input x1^%d: certifyByDegree %v (%v), certify %v", x.m[0], got, err, ok)
				}
			}
		})
	}
}

// TestCertifyHomogeneousCanceled checks that a canceled context ends the
// proof with a limit error, not a verdict.
func TestCertifyHomogeneousCanceled(t *testing.T) {
	e, G, in := homogCandidate(t, "../testdata/systems/katsura5.sys")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, done := newLimits(ctx, Limits{})
	defer done()
	e.lim = &l
	if ok, err := e.certifyByDegree(G, in); err == nil {
		t.Fatalf("canceled proof returned %v and no error", ok)
	}
}

// certifyEach is certify one reduction at a time (reduceEach), the
// reference for the matrices by degree.
func (e *engine) certifyEach(G, in []*gpoly) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil
	}
	return e.reduceEach(G, e.certifyPairs(G), in)
}

// TestCertifyByDegreeAffine checks the matrices by degree on reduced bases
// of inhomogeneous systems (the trace algorithm's certificate), where a
// degree's matrix holds the lower-degree terms too: they accept the basis
// and refuse it with one tail coefficient changed, as the reductions one
// at a time do.
func TestCertifyByDegreeAffine(t *testing.T) {
	for _, name := range []string{"katsura5", "cyclic5", "random_03", "random_11", "grid_oneparam"} {
		t.Run(name, func(t *testing.T) {
			r, F, _ := loadSystem(t, "../testdata/systems/"+name+".sys")
			B, err := Basis(context.Background(), F, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			l, cancel := newLimits(context.Background(), Limits{})
			defer cancel()
			e := newEngine(r, newMonoOps(r), &l)
			G := make([]*gpoly, len(B))
			for k, b := range B {
				G[k] = e.fromPoly(b)
			}
			in := make([]*gpoly, len(F))
			for k, f := range nonzeroSorted(r, F) {
				in[k] = e.fromPoly(f)
			}
			in = in[:len(nonzeroSorted(r, F))]
			if got, err := e.certifyByDegree(G, in); err != nil || !got {
				t.Fatalf("certifyByDegree refused the reduced basis: %v, %v", got, err)
			}
			bad := spoilLongest(t, G)
			want, _ := e.certifyEach(bad, in)
			got, err := e.certifyByDegree(bad, in)
			if err != nil || got != want || got {
				t.Errorf("changed basis: certifyByDegree %v (%v), one at a time %v; want both false", got, err, want)
			}
		})
	}
}

// TestCertifyByDegreeFallback forces every degree past the bound on its
// reducer rows (denseTermsPerJob), so that its reductions go one at a
// time: the verdicts stay those of the matrices.
func TestCertifyByDegreeFallback(t *testing.T) {
	defer func(n int) { denseTermsPerJob = n }(denseTermsPerJob)
	denseTermsPerJob = 0
	e, G, in := homogCandidate(t, "../testdata/systems/katsura5.sys")
	if ok, err := e.certifyByDegree(G, in); err != nil || !ok {
		t.Fatalf("fallback refused the candidate: %v, %v", ok, err)
	}
	bad := append([]*gpoly(nil), G...)
	k := len(G) - 1
	g := G[k].clone()
	last := len(g.c) - 1
	g.c[last] = zbig(new(big.Int).Add(g.c[last].big(new(big.Int)), big.NewInt(1)))
	bad[k] = g
	if ok, err := e.certifyByDegree(bad, in); err != nil || ok {
		t.Errorf("fallback accepted a changed candidate: %v, %v", ok, err)
	}
}

// certifyByDegree is certify with every degree in a matrix, whatever the
// number of pairs (certify leaves fewer than denseMinPairs to
// reduceEach).
func (e *engine) certifyByDegree(G, in []*gpoly) (bool, error) {
	if len(G) == 1 && G[0].m[0] == 0 {
		return true, nil
	}
	return e.reduceByDegree(G, e.certifyPairs(G), in)
}

// spoilLongest returns G with the last coefficient of its longest element
// changed by one, a candidate no longer in the ideal; it skips the test
// when no element has a tail.
func spoilLongest(t *testing.T, G []*gpoly) []*gpoly {
	t.Helper()
	k := 0
	for i, g := range G {
		if len(g.c) > len(G[k].c) {
			k = i
		}
	}
	if len(G[k].c) < 2 {
		t.Skip("no element with a tail")
	}
	bad := append([]*gpoly(nil), G...)
	g := G[k].clone()
	last := len(g.c) - 1
	g.c[last] = zbig(new(big.Int).Add(g.c[last].big(new(big.Int)), big.NewInt(1)))
	bad[k] = g
	return bad
}
