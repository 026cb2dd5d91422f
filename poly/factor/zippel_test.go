package factor

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// sparseCase draws g, f1, f2 in vars variables and returns the images mod
// p of a = g*f1 and b = g*f2 and their gcd by Brown's dense algorithm
// alone (careful mode never takes sparse images).
func sparseCase(rng *rand.Rand, vars int, p uint64) (a, b, ref ppoly, vs []int) {
	g := randM(rng, vars, 3+rng.IntN(10), 50)
	for len(mvars(g)) < 2 {
		g = randM(rng, vars, 3+rng.IntN(10), 50)
	}
	f1 := randM(rng, vars, 2+rng.IntN(8), 50)
	f2 := randM(rng, vars, 2+rng.IntN(8), 50)
	a, b = pfromM(mmul(g, f1), p), pfromM(mmul(g, f2), p)
	vs = unionVars(mmul(g, f1), mmul(g, f2))
	ref = pgcd(context.Background(), a, b, vs, p, true)
	return a, b, ref, vs
}

// TestSparseImageMatchesBrown gives sparseImage the true image's support
// as its skeleton: whenever it answers, the answer must be Brown's, and it
// must answer on most random gcds (it declines only on a content free of
// every candidate main variable, or on an unlucky point).
func TestSparseImageMatchesBrown(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	p := bigPrime(0)
	answered, cases := 0, 0
	for k := range 300 {
		a, b, ref, vs := sparseCase(rng, 2+rng.IntN(4), p)
		if len(ref) < 2 || len(vs) < 2 {
			continue
		}
		cases++
		h, ok := sparseImage(context.Background(), a, b, vs, ref, p, uint64(k))
		if !ok {
			continue
		}
		answered++
		if !slices.Equal(h, ref) {
			t.Fatalf("case %d: sparse image %v, Brown's gcd %v", k, h, ref)
		}
	}
	if answered < cases*9/10 {
		t.Errorf("sparse images answered %d of %d cases, want at least 90%%", answered, cases)
	}
	t.Logf("%d of %d answered", answered, cases)
}

// TestPgcdSparseSameAsDense checks the gcd with sparse images (the default)
// against Brown's dense recursion on the same inputs.
func TestPgcdSparseSameAsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	p := bigPrime(1)
	for k := range 100 {
		a, b, ref, vs := sparseCase(rng, 3+rng.IntN(3), p)
		got := pgcd(context.Background(), a, b, vs, p, false)
		if !slices.Equal(got, ref) {
			t.Fatalf("case %d: pgcd with sparse images %v, dense %v", k, got, ref)
		}
	}
}

// TestSparseImageRejectsWrongSkeleton drops a term from the skeleton: the
// images then contradict it, and sparseImage must decline rather than
// return a polynomial that is not the gcd.
func TestSparseImageRejectsWrongSkeleton(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	p := bigPrime(0)
	tried := 0
	for k := range 300 {
		a, b, ref, vs := sparseCase(rng, 3+rng.IntN(3), p)
		if len(ref) < 3 {
			continue
		}
		tried++
		skel := slices.Delete(slices.Clone(ref), 1+k%(len(ref)-1), 2+k%(len(ref)-1))
		if h, ok := sparseImage(context.Background(), a, b, vs, skel, p, uint64(k)); ok {
			t.Fatalf("case %d: skeleton without a term gave %v; gcd %v", k, h, ref)
		}
	}
	if tried < 50 {
		t.Fatalf("only %d cases with a skeleton of 3 terms or more", tried)
	}
}

// TestSparseImageContent: a gcd (y+1)(x+z) has a content in x and in z;
// the images in either cannot see it. sparseImage may decline or answer,
// but an answer must be the gcd.
func TestSparseImageContent(t *testing.T) {
	p := bigPrime(0)
	x, y, z := mvar(0), mvar(1), mvar(2)
	one := mconst(big.NewInt(1))
	g := mmul(mmerge(y, one, false), mmerge(x, z, false))
	f1 := mmerge(mmul(x, x), mmul(y, z), false)
	f2 := mmerge(mmul(z, z), mmul(x, y), true)
	a, b := pfromM(mmul(g, f1), p), pfromM(mmul(g, f2), p)
	vs := []int{0, 1, 2}
	ref := pgcd(context.Background(), a, b, vs, p, true)
	for seed := range uint64(20) {
		if h, ok := sparseImage(context.Background(), a, b, vs, ref, p, seed); ok && !slices.Equal(h, ref) {
			t.Fatalf("seed %d: %v, want %v", seed, h, ref)
		}
	}
}
