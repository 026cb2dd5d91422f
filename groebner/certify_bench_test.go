package groebner

import (
	"context"
	"testing"
)

// BenchmarkCertify times the exact proof of the multi-modular path alone,
// on the reduced basis of the homogenized system (its S-pairs left by the
// Gebauer–Möller criteria and the inputs reduced to zero over Z), the cost
// that dominates Basis on these systems (docs/engine.md): "pairs" reduces
// each S-polynomial on its own (reduceEach), "degrees" the pairs of each
// degree in one matrix (certifyByDegree, what certify does). The candidate is computed
// once, outside the timed loops. Run one system at a time:
//
//	go test -run '^$' -bench 'Certify/katsura8/' -benchtime 1x ./groebner
func BenchmarkCertify(b *testing.B) {
	for _, name := range []string{"katsura8", "cyclic7", "eco10", "noon6"} {
		b.Run(name, func(b *testing.B) {
			e, gh, in := homogCandidate(b, "../bench/systems/"+name+".sys")
			for _, way := range []struct {
				name string
				run  func(G, in []*gpoly) (bool, error)
			}{{"pairs", func(G, in []*gpoly) (bool, error) { return e.reduceEach(G, e.certifyPairs(G), in) }}, {"degrees", e.certifyByDegree}} {
				b.Run(way.name, func(b *testing.B) {
					c0 := cpuSeconds()
					for b.Loop() {
						if ok, err := way.run(gh, in); err != nil || !ok {
							b.Fatal(ok, err)
						}
					}
					b.ReportMetric((cpuSeconds()-c0)/float64(b.N), "cpu-s/op")
				})
			}
		})
	}
}

// BenchmarkPhases times the two phases of the multi-modular path of
// Basis on the homogenized system, one after the other: the candidate
// (F4 modulo word-size primes, Chinese remaindering and rational
// reconstruction: what giac's gbasis and msolve compute and return) and
// the exact proof (the certificate over Z), as CPU seconds of the process
// (cand-cpu-s/op, cert-cpu-s/op). bench/giac.sh runs it with PHASES=1 to
// set our candidate beside giac's whole run. One system at a time:
//
//	go test -run '^$' -bench 'Phases/katsura9$' -benchtime 1x ./groebner
func BenchmarkPhases(b *testing.B) {
	for _, name := range []string{"katsura8", "katsura9", "katsura10", "cyclic7", "cyclic8", "eco10", "noon6", "reimer5", "reimer6"} {
		b.Run(name, func(b *testing.B) {
			rh, opsh, Fh := homogSystem(b, "../bench/systems/"+name+".sys")
			var cand, cert float64
			for b.Loop() {
				l, cancel := newLimits(context.Background(), Limits{})
				c0 := cpuSeconds()
				G, _, ok, err := modularCandidate(rh, opsh, &l, Fh)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
				c1 := cpuSeconds()
				e := newEngine(rh, opsh, &l)
				if ok, err := e.certify(e.fromPolys(G), e.fromPolys(Fh)); err != nil || !ok {
					b.Fatal(ok, err)
				}
				cand += c1 - c0
				cert += cpuSeconds() - c1
				cancel()
			}
			b.ReportMetric(cand/float64(b.N), "cand-cpu-s/op")
			b.ReportMetric(cert/float64(b.N), "cert-cpu-s/op")
		})
	}
}
