package groebner

import (
	"context"
	"testing"
)

// BenchmarkEngine times the systems of bench/giac.sh (bench/systems) by
// parts: the whole Basis, the multi-modular F4 path with its proof
// (modularBasis), its candidate alone (the primes, Chinese remaindering
// and reconstruction of the homogenized basis, without the proof), and one
// F4 run mod p of the homogenized input, the unit that the first prime
// costs. They take seconds; run one at a time:
//
//	go test -run '^$' -bench 'Engine/katsura8/' -benchtime 1x ./groebner
func BenchmarkEngine(b *testing.B) {
	for _, name := range []string{"katsura8", "cyclic7", "eco10", "noon6", "reimer6", "katsura9", "quad5", "henrion5", "reimer5"} {
		r, F, _ := loadSystem(b, "../bench/systems/"+name+".sys")
		in := nonzeroSorted(r, F)
		b.Run(name+"/basis", func(b *testing.B) {
			for b.Loop() {
				if _, err := Basis(context.Background(), F, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/modular", func(b *testing.B) {
			for b.Loop() {
				l, cancel := newLimits(context.Background(), Limits{})
				if _, ok, err := modularBasis(r, newMonoOps(r), &l, in); err != nil || !ok {
					b.Fatal(ok, err)
				}
				cancel()
			}
		})
		b.Run(name+"/candidate", func(b *testing.B) {
			rh, Fh, err := homogenize(r, in)
			if err != nil {
				b.Fatal(err)
			}
			opsh := newMonoOps(rh)
			Fh = nonzeroSorted(rh, Fh)
			c0 := cpuSeconds()
			for b.Loop() {
				l, cancel := newLimits(context.Background(), Limits{})
				if _, _, ok, err := modularCandidate(rh, opsh, &l, Fh); err != nil || !ok {
					b.Fatal(ok, err)
				}
				cancel()
			}
			b.ReportMetric((cpuSeconds()-c0)/float64(b.N), "cpu-s/op")
		})
		b.Run(name+"/f4-one-prime", func(b *testing.B) {
			rh, Fh, err := homogenize(r, in)
			if err != nil {
				b.Fatal(err)
			}
			opsh := newMonoOps(rh)
			Fh = nonzeroSorted(rh, Fh)
			for b.Loop() {
				l, cancel := newLimits(context.Background(), Limits{})
				if _, err := newModEngine(opsh, primes[0], &l).runF4(Fh); err != nil {
					b.Fatal(err)
				}
				cancel()
			}
		})
	}
}
