package groebner

import (
	"context"
	"os"
	"testing"
)

func BenchmarkZZCand(b *testing.B) {
	rh, opsh, Fh := homogSystem(b, "../bench/systems/"+os.Getenv("SYS")+".sys")
	for b.Loop() {
		l, cancel := newLimits(context.Background(), Limits{})
		modularCandidate(rh, opsh, &l, Fh)
		cancel()
	}
}
