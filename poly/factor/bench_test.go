package factor

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time. The machines these
// benchmarks run on are shared, so CPU time compares with Singular's
// timer (also CPU time) more reliably than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchGroup maps input categories to the groups of scripts/factor/bench.sh.
var benchGroup = map[string]string{
	"sd": "sd", "multi": "multi", "grid": "multi", "hard": "multi", "wide": "multi",
	"uni": "uni", "cyclo": "uni",
}

// benchSet factors every golden input of group g once per iteration, so
// ns/op is one pass over the group, as printed by scripts/factor/bench.sh
// for Singular.
func benchSet(b *testing.B, g string) {
	var cs []goldenCase
	for _, c := range loadGolden(b) {
		if benchGroup[c.cat] == g {
			cs = append(cs, c)
		}
	}
	ctx := context.Background()
	b.ResetTimer()
	t0 := cpuTime()
	for b.Loop() {
		for _, c := range cs {
			if _, err := Factor(ctx, c.p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkFactorSDSet: the Swinnerton-Dyer polynomials S_2..S_5 and two
// products (hard recombination).
func BenchmarkFactorSDSet(b *testing.B) { benchSet(b, "sd") }

// BenchmarkFactorMultivariateSet: the multivariate inputs (random products
// in 2-6 variables, grid-system shapes, classic hard cases, 7-12 variables).
func BenchmarkFactorMultivariateSet(b *testing.B) { benchSet(b, "multi") }

// BenchmarkFactorUnivariateSet: the other univariate inputs (random
// products up to degree 40, cyclotomic products).
func BenchmarkFactorUnivariateSet(b *testing.B) { benchSet(b, "uni") }

// BenchmarkFactorSD times each Swinnerton-Dyer polynomial separately.
func BenchmarkFactorSD(b *testing.B) {
	for _, c := range loadGolden(b) {
		if c.cat != "sd" {
			continue
		}
		b.Run(c.src[:min(len(c.src), 12)], func(b *testing.B) {
			for b.Loop() {
				if _, err := Factor(context.Background(), c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
