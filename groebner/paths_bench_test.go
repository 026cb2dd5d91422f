package groebner

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// BenchmarkPaths times Basis on the systems of bench/giac.sh with the path
// of traceBasis forced both ways (trace: the trace algorithm first, the
// multi-modular path only when it swells; modular: the multi-modular path
// first) and as chosen (auto, modularFirst), in grevlex and grlex, one
// after the other in one run, so that the ratios hold under any load. Each
// reports the process's CPU seconds per run (cpu-s/op, user and system,
// all goroutines), the measure of BENCHMARKS.md. Seconds each; run one
// system at a time:
//
//	go test -run '^$' -bench 'Paths/katsura8/' -benchtime 1x ./groebner
func BenchmarkPaths(b *testing.B) {
	orders := []struct {
		name string
		ord  poly.Order
	}{{"grevlex", poly.Grevlex}, {"grlex", poly.Grlex}}
	paths := []struct {
		name string
		path int
	}{{"trace", pathTrace}, {"modular", pathModular}, {"auto", pathAuto}}
	for _, name := range []string{"noon6", "reimer5", "henrion5", "quad5", "katsura8", "eco10", "cyclic7", "reimer6"} {
		for _, o := range orders {
			data, err := os.ReadFile("../bench/systems/" + name + ".sys")
			if err != nil {
				b.Fatal(err)
			}
			_, F, err := poly.ParseSystem(string(data), o.ord)
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range paths {
				b.Run(name+"/"+o.name+"/"+p.name, func(b *testing.B) { benchPath(b, F, p.path) })
			}
		}
	}
}

// benchPath times Basis of F on the path forced, reporting CPU seconds
// per run beside the wall time.
func benchPath(b *testing.B, F []*poly.Poly, path int) {
	defer func(old int) { forcePath = old }(forcePath)
	forcePath = path
	c0 := cpuSeconds()
	for b.Loop() {
		if _, err := Basis(context.Background(), F, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuSeconds()-c0)/float64(b.N), "cpu-s/op")
}

// cpuSeconds returns the user and system CPU time of the process so far.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return (time.Duration(u.Utime.Nano()) + time.Duration(u.Stime.Nano())).Seconds()
}

// BenchmarkLexPaths times Basis in lex both ways in one run: the trace
// algorithm in lex (trace) and, for a zero-dimensional ideal, the grevlex
// basis followed by FGLM (auto, viaFGLM), reporting CPU seconds per run
// as BenchmarkPaths does.
//
//	go test -run '^$' -bench 'LexPaths' -benchtime 1x ./groebner
func BenchmarkLexPaths(b *testing.B) {
	for _, name := range []string{"cyclic5", "katsura4", "grid44_1", "random_07"} {
		data, err := os.ReadFile("../testdata/systems/" + name + ".sys")
		if err != nil {
			b.Fatal(err)
		}
		_, F, err := poly.ParseSystem(string(data), poly.Lex)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range []struct {
			name string
			path int
		}{{"trace", pathTrace}, {"auto", pathAuto}} {
			b.Run(name+"/"+p.name, func(b *testing.B) { benchPath(b, F, p.path) })
		}
	}
}
