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
			r, F, _ := loadSystem(b, "../bench/systems/"+name+".sys")
			rh, Fh, err := homogenize(r, nonzeroSorted(r, F))
			if err != nil {
				b.Fatal(err)
			}
			opsh := newMonoOps(rh)
			Fh = nonzeroSorted(rh, Fh)
			l, cancel := newLimits(context.Background(), Limits{})
			defer cancel()
			G, _, ok, err := modularCandidate(rh, opsh, &l, Fh)
			if err != nil || !ok {
				b.Fatal(ok, err)
			}
			e := newEngine(rh, opsh, &l)
			gh := make([]*gpoly, len(G))
			for k, g := range G {
				gh[k] = e.fromPoly(g)
			}
			in := make([]*gpoly, len(Fh))
			for k, f := range Fh {
				in[k] = e.fromPoly(f)
			}
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
