package groebner

import (
	"math/big"
	randv1 "math/rand"
	"math/rand/v2"
	"testing"
)

// TestWitnessReconstruct checks the witness short cut of reconstruction
// against reconstructAll: the same rationals once enough primes are
// folded in, nil before, and the witness on the coefficient that failed.
func TestWitnessReconstruct(t *testing.T) {
	want := [][]*big.Rat{
		{big.NewRat(1, 1), big.NewRat(-3, 7), big.NewRat(5, 2)},
		{big.NewRat(1, 1), big.NewRat(123456789, 1000003), big.NewRat(-987654321987, 12345678901)},
	}
	var w witness
	for n := 1; n <= 6; n++ {
		// residues of want modulo the first n primes
		lens := make([]int, len(want))
		for k, row := range want {
			lens[k] = len(row)
		}
		res := newResidues(lens)
		for i := range n {
			p := fglmPrime(i)
			var col []uint32
			for _, row := range want {
				for _, q := range row {
					v, ok := ratMod(q, p)
					if !ok {
						t.Fatalf("%v has no residue mod %d", q, p)
					}
					col = append(col, uint32(v))
				}
			}
			res.add(col, p)
		}
		M := res.M
		full := reconstructAll(res)
		got := w.reconstruct(res)
		if (got == nil) != (full == nil) {
			t.Fatalf("%d primes: witness gives %v, reconstructAll %v", n, got != nil, full != nil)
		}
		if full == nil {
			// The witness is a coefficient that has no reconstruction yet.
			bound := new(big.Int).Sqrt(new(big.Int).Rsh(M, 1))
			if w.k == 0 || want[w.k][w.j].Denom().Cmp(bound) <= 0 && new(big.Int).Abs(want[w.k][w.j].Num()).Cmp(bound) <= 0 {
				t.Errorf("%d primes: witness at (%d, %d), %v, which fits the bound", n, w.k, w.j, want[w.k][w.j])
			}
			continue
		}
		rats := got.rats()
		for k, row := range want {
			for j, q := range row {
				if rats[k][j].Cmp(q) != 0 {
					t.Errorf("%d primes: coefficient (%d, %d) = %v, want %v", n, k, j, rats[k][j], q)
				}
			}
		}
		// The next prime's basis agrees with the candidate, and a basis
		// with one coefficient changed does not.
		p := fglmPrime(n)
		b := modBasis{p: p}
		for _, row := range want {
			g := &mpoly{}
			for _, q := range row {
				v, _ := ratMod(q, p)
				g.c = append(g.c, uint32(v))
			}
			b.g = append(b.g, g)
		}
		if !agrees(got, b) {
			t.Errorf("%d primes: the candidate disagrees with its own residues mod %d", n, p)
		}
		b.g[1].c[2] = (b.g[1].c[2] + 1) % uint32(p)
		if agrees(got, b) {
			t.Errorf("%d primes: the candidate agrees with a changed residue", n)
		}
		if n < 3 {
			t.Errorf("%d primes (%d bits) reconstruct a %d-bit coefficient", n, M.BitLen(), 74)
		}
		return
	}
	t.Fatal("6 primes did not reconstruct")
}

// TestResidues checks the mixed-radix store against math/big: integers
// of up to 40 words (and the edge values 0 and M-1) folded in modulo up
// to 50 primes come back as themselves mod M, the product of the primes.
func TestResidues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	xs := []*big.Int{new(big.Int), big.NewInt(1)}
	for n := range 40 {
		words := make([]big.Word, n+1)
		for i := range words {
			words[i] = big.Word(rng.Uint64())
		}
		xs = append(xs, new(big.Int).SetBits(words))
	}
	for _, nprimes := range []int{1, 2, 3, 7, 20, 50} {
		M := big.NewInt(1)
		for i := range nprimes {
			M.Mul(M, new(big.Int).SetUint64(fglmPrime(i)))
		}
		xs[1].Sub(M, big.NewInt(1)) // the largest residue
		res := newResidues([]int{len(xs) - 10, 10, 0})
		for i := range nprimes {
			p := fglmPrime(i)
			P := new(big.Int).SetUint64(p)
			col := make([]uint32, len(xs))
			for n, x := range xs {
				col[n] = uint32(new(big.Int).Mod(x, P).Uint64())
			}
			res.add(col, p)
		}
		if res.M.Cmp(M) != 0 {
			t.Fatalf("%d primes: M = %v, want %v", nprimes, res.M, M)
		}
		z := new(big.Int)
		for n, x := range xs {
			want := new(big.Int).Mod(x, M)
			if got := res.value(n, z); got.Cmp(want) != 0 {
				t.Errorf("%d primes: value %d = %v, want %v", nprimes, n, got, want)
			}
		}
	}
}

// plainReconstruct is ratReconstruct without Lehmer's steps: the extended
// Euclidean algorithm one big division at a time, the reference of
// TestLehmerReconstruct.
func plainReconstruct(a, M, bound *big.Int) (*big.Rat, bool) {
	r0, r1 := new(big.Int).Set(M), new(big.Int).Set(a)
	t0, t1 := new(big.Int), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.CmpAbs(bound) > 0 {
		q.QuoRem(r0, r1, tmp)
		r0, r1, tmp = r1, tmp, r0
		tmp.Mul(q, t1)
		tmp.Sub(t0, tmp)
		t0, t1, tmp = t1, tmp, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, false
	}
	if q.GCD(nil, nil, r1, t1).Cmp(big.NewInt(1)) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(r1, t1), true
}

// TestLehmerReconstruct checks ratReconstruct (Lehmer's steps) against the
// plain extended Euclid on residues of fractions of every size up to
// past the bound, on random residues (which mostly have none), and on
// moduli from one prime to 40: the same verdict and the same fraction.
func TestLehmerReconstruct(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 28))
	randInt := func(bits int) *big.Int {
		x := new(big.Int)
		for x.BitLen() < bits {
			x.Lsh(x, 32).Or(x, big.NewInt(int64(rng.Uint32())))
		}
		return x.Rsh(x, uint(x.BitLen()-bits))
	}
	lehmerUsed := 0
	for _, primes := range []int{1, 2, 5, 12, 25, 40} {
		M := big.NewInt(1)
		for i := range primes {
			M.Mul(M, new(big.Int).SetUint64(fglmPrime(i)))
		}
		bound := new(big.Int).Sqrt(new(big.Int).Rsh(M, 1))
		for trial := range 400 {
			var a *big.Int
			if trial%4 == 3 {
				a = new(big.Int).Rand(rng2(rng), M) // no small preimage, mostly
			} else {
				nb := 1 + rng.IntN(bound.BitLen()+8)
				db := 1 + rng.IntN(bound.BitLen()+8)
				num, den := randInt(nb), randInt(db)
				if den.Sign() == 0 {
					den.SetInt64(1)
				}
				if rng.IntN(2) == 0 {
					num.Neg(num)
				}
				inv := new(big.Int).ModInverse(den, M)
				if inv == nil {
					continue
				}
				a = inv.Mul(inv, num).Mod(inv, M)
			}
			st := newEuclid(M, a)
			for st.r1.BitLen() > bound.BitLen()+64 {
				if st.lehmerStep(bound) == lehmerTaken {
					lehmerUsed++
				} else {
					st.step()
				}
			}
			want, wok := plainReconstruct(a, M, bound)
			got, gok := ratReconstruct(a, M, bound)
			if wok != gok || (wok && want.Cmp(got) != 0) {
				t.Fatalf("%d primes, a = %v: got %v %v, want %v %v", primes, a, got, gok, want, wok)
			}
		}
	}
	if lehmerUsed < 2000 {
		t.Fatalf("only %d of Lehmer's steps taken", lehmerUsed)
	}
}

// rng2 adapts a math/rand/v2 source to big.Int.Rand's math/rand source.
func rng2(r *rand.Rand) *randv1.Rand { return randv1.New(randv1.NewSource(int64(r.Uint64()))) }

// TestLehmerStepStopsAtBound checks that Lehmer's steps never pass the
// bound: with the bound a few bits below r1 a batch of steps would go
// past it, and lehmerStep must leave the state as it was.
func TestLehmerStepStopsAtBound(t *testing.T) {
	M := big.NewInt(1)
	for i := range 12 {
		M.Mul(M, new(big.Int).SetUint64(fglmPrime(i)))
	}
	a, _ := new(big.Int).SetString("98765432109876543210987654321098765432109876543210987654321098765432109876543210987654321", 10)
	a.Mod(a.Mul(a, a), M)
	for _, below := range []uint{4, 12, 20} {
		st := newEuclid(M, a)
		bound := new(big.Int).Rsh(st.r1, below)
		r0, r1 := new(big.Int).Set(st.r0), new(big.Int).Set(st.r1)
		if got := st.lehmerStep(bound); got != lehmerPast {
			t.Fatalf("bound %d bits below r1: outcome %d, want lehmerPast", below, got)
		}
		if st.r0.Cmp(r0) != 0 || st.r1.Cmp(r1) != 0 || st.t0.Sign() != 0 || st.t1.Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("bound %d bits below r1: the state changed", below)
		}
	}
}

// BenchmarkRatReconstruct times one reconstruction of a fraction of two
// 280-bit integers from its residue modulo 20 primes (600 bits; the size
// of katsura-9's coefficients), with Lehmer's steps and without.
func BenchmarkRatReconstruct(b *testing.B) {
	M := big.NewInt(1)
	for i := range 20 {
		M.Mul(M, new(big.Int).SetUint64(fglmPrime(i)))
	}
	bound := new(big.Int).Sqrt(new(big.Int).Rsh(M, 1))
	num := new(big.Int).Lsh(big.NewInt(987654321), 250)
	num.Add(num, big.NewInt(123456789))
	den := new(big.Int).Lsh(big.NewInt(123456789), 250)
	den.Add(den, big.NewInt(1))
	a := new(big.Int).ModInverse(den, M)
	a.Mul(a, num).Mod(a, M)
	for _, way := range []struct {
		name string
		f    func(a, M, bound *big.Int) (*big.Rat, bool)
	}{{"lehmer", ratReconstruct}, {"plain", plainReconstruct}} {
		b.Run(way.name, func(b *testing.B) {
			for b.Loop() {
				if _, ok := way.f(a, M, bound); !ok {
					b.Fatal("no reconstruction")
				}
			}
		})
	}
}
