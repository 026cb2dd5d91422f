package groebner

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// Benchmarks of the exact side: a basis whose trace swells (reimer-5, the
// multi-modular method with its proof), an elimination (katsura-5, u1..u4
// eliminated) and saturations of 4x4 grid systems by the product of their
// nonzero conditions. BENCHMARKS.md has them beside Singular (go run
// ./bench/exact).

func BenchmarkReimer5(b *testing.B) {
	_, F, _ := loadSystem(b, "../testdata/systems/reimer5.sys")
	for b.Loop() {
		if _, err := Basis(context.Background(), F, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEliminateKatsura5(b *testing.B) {
	_, F, _ := loadSystem(b, "../testdata/systems/katsura5.sys")
	for b.Loop() {
		if _, _, err := Eliminate(context.Background(), F, []string{"u1", "u2", "u3", "u4"}, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSaturateGrid44(b *testing.B) {
	for _, name := range []string{"grid44_1", "grid44_2", "grid44_3", "large/grid4x4"} {
		path := "../testdata/systems/" + name + ".sys"
		r, F, _ := loadSystem(b, path)
		prod := r.One()
		for _, h := range nonzeroPolys(b, r, path) {
			prod = new(poly.Poly).Mul(prod, h)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Saturate(context.Background(), F, prod, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
