package groebner

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// TestFGLMModularAgreesWithRational compares the modular walk with the
// rational one on random dense zero-dimensional ideals, on ideals not in
// shape position (multiplicities, several points over one coordinate), and
// on the benchmark systems small enough for the rational walk.
func TestFGLMModularAgreesWithRational(t *testing.T) {
	ctx := context.Background()
	type tc struct {
		name string
		r    *poly.Ring
		F    []*poly.Poly
	}
	var cases []tc
	xyz := poly.MustRing(poly.Grevlex, "x", "y", "z")
	for i, sys := range [][]string{
		{"x^2", "y^2", "z^2"},                                                    // one point, multiplicity 8
		{"x^2 - 1", "y^2 - 1", "z^2 - 1"},                                        // a cube: not in shape position
		{"x^3 - x*y", "y^2 - 4", "z - x - y", "x*z - 2"},                         // mixed
		{"x^2 + 123456789/1000*y - 7/3", "y^3 - 2*z", "z^2 - 99999999977*x + 5"}, // large coefficients
		{"x - 1", "y - 2", "z - 3"},
	} {
		var F []*poly.Poly
		for _, s := range sys {
			F = append(F, xyz.MustParse(s))
		}
		cases = append(cases, tc{"fixed" + string(rune('0'+i)), xyz, F})
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; len(cases) < 80 && i < 400; i++ {
		r := poly.MustRing(poly.Grevlex, "a", "b", "c")
		F := engRandomIdeal(rng, r, 3+rng.IntN(2), 2)
		cases = append(cases, tc{"random", r, F})
	}
	for _, name := range []string{"cyclic4", "katsura3", "katsura4"} {
		var sys string
		switch name {
		case "cyclic4":
			sys = cyclic(4)
		case "katsura3":
			sys = katsura(3)
		default:
			sys = katsura(4)
		}
		r, F, err := poly.ParseSystem(sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc{name, r, F})
	}
	compared := 0
	for _, c := range cases {
		G, err := Basis(ctx, c.F, Limits{Timeout: time.Minute})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d, _ := Dimension(G); d != 0 {
			continue
		}
		lex, _ := c.r.WithOrder(poly.Lex)
		want, err := fglm(ctx, G, lex, Limits{Timeout: time.Minute}, true)
		if err != nil {
			t.Fatalf("%s: rational walk: %v", c.name, err)
		}
		got, err := fglm(ctx, G, lex, Limits{Timeout: time.Minute}, false)
		if err != nil {
			t.Fatalf("%s: modular walk: %v", c.name, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: modular walk gives %d elements, rational %d", c.name, len(got), len(want))
		}
		for i := range got {
			if !got[i].Equal(want[i]) {
				t.Fatalf("%s: element %d: modular %v, rational %v", c.name, i, got[i], want[i])
			}
		}
		compared++
	}
	if compared < 40 {
		t.Errorf("only %d zero-dimensional cases compared", compared)
	}
}

// TestProveFGLMRejects makes sure the exact proof is a proof: a candidate
// with one coefficient changed is refused.
func TestProveFGLMRejects(t *testing.T) {
	r, F, err := poly.ParseSystem(katsura(3), poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	G, err := Basis(ctx, F, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	B, _ := StandardMonomials(G, 100)
	l, cancel := newLimits(ctx, Limits{})
	defer cancel()
	q, _ := newQuotient(r, G, B, &l)
	lex, _ := r.WithOrder(poly.Lex)
	perm := make([]int, r.NumVars())
	for i := range perm {
		perm[i] = i
	}
	mm, err := newMulMatrices(q)
	if err != nil {
		t.Fatal(err)
	}
	mp, _ := mm.reduce(fglmPrime(0))
	w, err := walkMod(mp, lex, perm, len(B), &l)
	if err != nil {
		t.Fatal(err)
	}
	// The true coefficients, from the rational walk's basis.
	want, err := fglm(ctx, G, lex, Limits{}, true)
	if err != nil {
		t.Fatal(err)
	}
	cand := make([][]*big.Rat, len(w.lead))
	for k, lm := range w.lead {
		var g *poly.Poly
		for _, h := range want {
			if h.LeadMonomial().Equal(lm) {
				g = h
			}
		}
		if g == nil {
			t.Fatalf("no element with leading monomial %s", lex.MonomialString(lm))
		}
		cand[k] = make([]*big.Rat, len(w.coef[k]))
		for j := range cand[k] {
			cand[k][j] = new(big.Rat)
			for i := 0; i < g.Len(); i++ {
				if g.Monomial(i).Equal(w.stair[j]) {
					cand[k][j].Neg(g.Coef(i))
				}
			}
		}
	}
	if _, ok, err := proveFGLM(mm, w, cand, lex, perm, &l); !ok || err != nil {
		t.Fatalf("the true basis is not proved: ok %v, err %v", ok, err)
	}
	last := len(cand) - 1
	cand[last][0].Add(cand[last][0], big.NewRat(1, 1000003))
	if _, ok, _ := proveFGLM(mm, w, cand, lex, perm, &l); ok {
		t.Fatal("a wrong candidate is proved")
	}
}

func TestRatReconstruct(t *testing.T) {
	M := new(big.Int).SetUint64(fglmPrime(0))
	M.Mul(M, new(big.Int).SetUint64(fglmPrime(1)))
	M.Mul(M, new(big.Int).SetUint64(fglmPrime(2)))
	bound := new(big.Int).Sqrt(new(big.Int).Rsh(M, 1))
	for _, s := range []string{"0", "1", "-1", "355/113", "-123456789/987654", "1/1000003", "70368744177663/3"} {
		x, _ := new(big.Rat).SetString(s)
		// a = num * den^-1 mod M
		a := new(big.Int).ModInverse(x.Denom(), M)
		a.Mul(a, x.Num())
		a.Mod(a, M)
		got, ok := ratReconstruct(a, M, bound)
		if !ok || got.Cmp(x) != 0 {
			t.Errorf("%s: got %v, %v", s, got, ok)
		}
	}
	// A residue with no small preimage fails.
	a := new(big.Int).Rsh(M, 1)
	a.Add(a, big.NewInt(12345))
	if c, ok := ratReconstruct(a, M, new(big.Int).SetInt64(1000)); ok {
		t.Errorf("reconstructed %v below 1000", c)
	}
}

func TestIsPrime32(t *testing.T) {
	// Compare with a sieve below 10^5 and with big.Int near 2^31.
	const n = 100000
	composite := make([]bool, n)
	for i := 2; i < n; i++ {
		if !composite[i] {
			for j := 2 * i; j < n; j += i {
				composite[j] = true
			}
		}
		if isPrime32(uint64(i)) == composite[i] {
			t.Fatalf("isPrime32(%d) = %v", i, !composite[i])
		}
	}
	for c := uint64(1<<31 - 1000); c < 1<<31; c++ {
		if isPrime32(c) != new(big.Int).SetUint64(c).ProbablyPrime(20) {
			t.Fatalf("isPrime32(%d) wrong", c)
		}
	}
	if p := fglmPrime(0); p != 2147483647 {
		t.Errorf("first prime %d", p)
	}
}

// modularStats runs the modular walk from the grevlex basis of F to the
// ring to and returns its result and statistics.
func modularStats(t *testing.T, F []*poly.Poly, to *poly.Ring) ([]*poly.Poly, fglmStats) {
	t.Helper()
	ctx := context.Background()
	G, err := Basis(ctx, F, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	from := G[0].Ring()
	B, ok := StandardMonomials(G, 1000)
	if !ok {
		t.Fatal("not zero-dimensional")
	}
	l, cancel := newLimits(ctx, Limits{Timeout: time.Minute})
	defer cancel()
	q, _ := newQuotient(from, G, B, &l)
	perm := make([]int, to.NumVars())
	for v := range perm {
		perm[v], _ = from.VarIndex(to.VarName(v))
	}
	L, st, err := fglmModular(q, to, perm, &l)
	if err != nil {
		t.Fatal(err)
	}
	return L, st
}

// TestFGLMPermutedTarget converts to lex rings whose variables come in
// another order than the source's: the walk and the exact proof must
// both map the target's variables to the source's.
func TestFGLMPermutedTarget(t *testing.T) {
	src := poly.MustRing(poly.Grevlex, "x", "y", "z")
	for _, sys := range [][]string{
		{"x^2 + y^2 - 5", "x*y - 2", "z^2 - x"},
		{"x^2 - 2", "y^2 - 3", "z - x*y"},
		{"x + y + z - 6", "x*y + y*z + z*x - 11", "x*y*z - 6"},
	} {
		var F []*poly.Poly
		for _, s := range sys {
			F = append(F, src.MustParse(s))
		}
		for _, vars := range [][]string{{"z", "y", "x"}, {"y", "x", "z"}, {"z", "x", "y"}} {
			to := poly.MustRing(poly.Lex, vars...)
			got, st := modularStats(t, F, to)
			if st.fellBack || st.failedProofs > 0 {
				t.Errorf("%v to %v: %+v", sys, vars, st)
			}
			want, err := Basis(context.Background(), mustMove(t, F, to), Limits{Timeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%v to %v: %v, lex Buchberger %v", sys, vars, got, want)
			}
			for i := range got {
				if !got[i].Equal(want[i]) {
					t.Fatalf("%v to %v: %v, lex Buchberger %v", sys, vars, got, want)
				}
			}
		}
	}
}

// TestFGLMUnluckyPrime uses a coefficient equal to the first prime, 2^31 -
// 1: modulo it the vector of y vanishes, the walk finds the staircase
// {1, x} instead of {1, y}, and the next prime's smaller staircase must
// replace it without any refuted candidate.
func TestFGLMUnluckyPrime(t *testing.T) {
	src := poly.MustRing(poly.Grevlex, "y", "x")
	F := []*poly.Poly{src.MustParse("x^2 - 1"), src.MustParse("y - 2147483647*x")}
	to := poly.MustRing(poly.Lex, "x", "y")
	got, st := modularStats(t, F, to)
	if st.unlucky == 0 || st.failedProofs > 0 || st.fellBack {
		t.Errorf("stats %+v: want an unlucky prime and no refuted candidate", st)
	}
	want := []*poly.Poly{to.MustParse("x - 1/2147483647*y"), to.MustParse("y^2 - 4611686014132420609")}
	if len(got) != 2 || !got[0].Equal(want[0]) || !got[1].Equal(want[1]) {
		t.Errorf("got %v, want %v", got, want)
	}
}
