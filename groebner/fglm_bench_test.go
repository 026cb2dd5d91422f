package groebner

import (
	"context"
	"testing"

	"github.com/families-project/families/poly"
)

// benchFGLM times the lex basis of a zero-dimensional system the way the
// tools compute it: the grevlex basis, then FGLM (Singular's stdfglm).
// rational selects the plain walk over Q for comparison.
func benchFGLM(b *testing.B, sys string, rational bool) {
	r, F, err := poly.ParseSystem(sys, poly.Grevlex)
	if err != nil {
		b.Fatal(err)
	}
	lex, _ := r.WithOrder(poly.Lex)
	ctx := context.Background()
	for b.Loop() {
		G, err := Basis(ctx, F, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := fglm(ctx, G, lex, Limits{}, rational); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCyclic5LexFGLM(b *testing.B)  { benchFGLM(b, cyclic(5), false) }
func BenchmarkCyclic6LexFGLM(b *testing.B)  { benchFGLM(b, cyclic(6), false) }
func BenchmarkKatsura5LexFGLM(b *testing.B) { benchFGLM(b, katsura(5), false) }
func BenchmarkKatsura6LexFGLM(b *testing.B) { benchFGLM(b, katsura(6), false) }

// BenchmarkKatsura5LexRationalWalk is the walk over Q that the modular
// walk replaced (katsura-6 takes minutes that way).
func BenchmarkKatsura5LexRationalWalk(b *testing.B) { benchFGLM(b, katsura(5), true) }
