package groebner

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWordKernels holds addMulVW and subMulVW (assembly on amd64) to the
// generic Go loops and to math/big, on every length up to 19 (the chunks
// of four and the tail), with random words and with all-ones words, which
// make every carry and borrow chain run its whole length.
func TestWordKernels(t *testing.T) { checkWordKernels(t) }

func checkWordKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 28))
	word := func(mode int) big.Word {
		switch mode {
		case 0:
			return big.Word(rng.Uint64())
		case 1:
			return ^big.Word(0)
		default:
			return big.Word(rng.Uint64() >> rng.UintN(64))
		}
	}
	for n := 0; n < 20; n++ {
		for trial := range 200 {
			mode := trial % 3
			x := make([]big.Word, n)
			z := make([]big.Word, n+1)
			for i := range x {
				x[i] = word(mode)
			}
			for i := range z {
				z[i] = word((mode + trial/3) % 3)
			}
			y := uint(word(mode))
			for _, op := range []struct {
				name         string
				fast, simple func(z, x []big.Word, y uint) uint
				sub          bool
			}{
				{"addMulVW", addMulVW, addMulVWGeneric, false},
				{"subMulVW", subMulVW, subMulVWGeneric, true},
			} {
				got, want := slices.Clone(z), slices.Clone(z)
				cg := op.fast(got, x, y)
				cw := op.simple(want, x, y)
				if cg != cw || !slices.Equal(got, want) {
					t.Fatalf("%s n=%d trial %d: got %x carry %x, want %x carry %x", op.name, n, trial, got, cg, want, cw)
				}
				if got[n] != z[n] {
					t.Fatalf("%s n=%d wrote past len(x)", op.name, n)
				}
				// The exact identity: z' + s*carry*2^(64n) = z + s*x*y (s = -1 to subtract).
				lhs := new(big.Int).SetBits(slices.Clone(got[:n]))
				hi := new(big.Int).Lsh(new(big.Int).SetUint64(uint64(cg)), uint(64*n))
				rhs := new(big.Int).Mul(new(big.Int).SetBits(slices.Clone(x)), new(big.Int).SetUint64(uint64(y)))
				z0 := new(big.Int).SetBits(slices.Clone(z[:n]))
				if op.sub {
					lhs.Sub(lhs, hi)
					rhs.Sub(z0, rhs)
				} else {
					lhs.Add(lhs, hi)
					rhs.Add(z0, rhs)
				}
				if lhs.Cmp(rhs) != 0 {
					t.Fatalf("%s n=%d trial %d: %v != %v", op.name, n, trial, lhs, rhs)
				}
			}
		}
	}
}

// BenchmarkSubMulWord times one update e -= q*c of the certificate's
// accumulator at the sizes of katsura-9's (q of 7 words, e of 8), by the
// kernel in use and by the generic Go loop.
func BenchmarkSubMulWord(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 7, 12} {
		q := make([]big.Word, n)
		for i := range q {
			q[i] = big.Word(rng.Uint64())
		}
		e := make([]big.Word, n+1)
		for _, k := range []struct {
			name string
			f    func(z, x []big.Word, y uint) uint
		}{{"kernel", subMulVW}, {"generic", subMulVWGeneric}} {
			b.Run(fmt.Sprintf("%s/%d", k.name, n), func(b *testing.B) {
				c := uint(rng.Uint64())
				for b.Loop() {
					k.f(e, q, c)
				}
			})
		}
	}
}

// TestWordProducts holds addMulWords and subMulWords (one call into
// assembly on amd64 with ADX) to math/big: e ± q*m modulo 2^(64 len(e)),
// for every pair of lengths up to 13 words and the widths the certificate
// allows (len(q)+len(m)-1 words and more), with random and all-ones words.
func TestWordProducts(t *testing.T) { checkWordProducts(t) }

func checkWordProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	words := func(n, mode int) []big.Word {
		v := make([]big.Word, n)
		for i := range v {
			switch mode {
			case 0:
				v[i] = big.Word(rng.Uint64())
			case 1:
				v[i] = ^big.Word(0)
			default:
				v[i] = big.Word(rng.Uint64() >> rng.UintN(64))
			}
		}
		return v
	}
	for nq := 0; nq < 14; nq++ {
		for nm := 1; nm < 6; nm++ {
			for extra := range 3 {
				w := max(nq+nm-1+extra, 1)
				for trial := range 30 {
					mode := trial % 3
					q, m, e := words(nq, mode), words(nm, mode), words(w, (mode+trial/3)%3)
					mod := new(big.Int).Lsh(big.NewInt(1), uint(64*w))
					prod := new(big.Int).Mul(new(big.Int).SetBits(slices.Clone(q)), new(big.Int).SetBits(slices.Clone(m)))
					for _, sub := range []bool{false, true} {
						got := slices.Clone(e)
						want := new(big.Int).SetBits(slices.Clone(e))
						if sub {
							subMulWords(got, q, m)
							want.Sub(want, prod)
						} else {
							addMulWords(got, q, m)
							want.Add(want, prod)
						}
						want.Mod(want, mod)
						if g := new(big.Int).SetBits(got); g.Cmp(want) != 0 {
							t.Fatalf("sub=%v len(q)=%d len(m)=%d len(e)=%d trial %d: got %x, want %x", sub, nq, nm, w, trial, g, want)
						}
					}
				}
			}
		}
	}
}
