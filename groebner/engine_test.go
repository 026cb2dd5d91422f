package groebner

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// basisPlain is Basis with the plain exact engine only: the reference the
// trace algorithm is tested against.
func basisPlain(ctx context.Context, F []*poly.Poly, lim Limits) ([]*poly.Poly, error) {
	r, err := ringOfAll(F)
	if err != nil {
		return nil, err
	}
	l, cancel := newLimits(ctx, lim)
	defer cancel()
	input := nonzeroSorted(r, F)
	if len(input) == 0 {
		return nil, nil
	}
	e := newEngine(r, newMonoOps(r), &l)
	G, err := e.buchberger(input)
	if err != nil {
		return nil, err
	}
	return e.output(G), nil
}

// basisTrace is Basis with the trace algorithm only (no plain run first, no
// fallback): ok is false when it gave up.
func basisTrace(ctx context.Context, F []*poly.Poly, lim Limits) (G []*poly.Poly, ok bool, err error) {
	r, err := ringOfAll(F)
	if err != nil {
		return nil, false, err
	}
	l, cancel := newLimits(ctx, lim)
	defer cancel()
	input := nonzeroSorted(r, F)
	if len(input) == 0 {
		return nil, true, nil
	}
	ops := newMonoOps(r)
	g, ok, err := traceBasis(r, ops, &l, input, nil)
	if err != nil || !ok {
		return nil, ok, err
	}
	return newEngine(r, ops, &l).output(g), true, nil
}

// engRandomIdeal returns k random dense polynomials of degree <= deg in r
// with small integer and some rational coefficients.
func engRandomIdeal(rng *rand.Rand, r *poly.Ring, k, deg int) []*poly.Poly {
	n := r.NumVars()
	var F []*poly.Poly
	for range k {
		var cs []*big.Rat
		var ms []poly.Monomial
		var walk func(v, left int, exps []int)
		walk = func(v, left int, exps []int) {
			if v == n {
				if rng.IntN(2) == 0 {
					return
				}
				c := big.NewRat(int64(rng.IntN(19)-9), int64(1+rng.IntN(3)*rng.IntN(2)))
				cs = append(cs, c)
				ms = append(ms, r.NewMonomial(exps...))
				return
			}
			for e := 0; e <= left; e++ {
				exps[v] = e
				walk(v+1, left-e, exps)
			}
			exps[v] = 0
		}
		walk(0, deg, make([]int, n))
		if f := r.FromTerms(cs, ms); !f.IsZero() {
			F = append(F, f)
		}
	}
	return F
}

// checkReducedBasis checks with poly's own arithmetic (independent of the
// engines) that G is the reduced Gröbner basis of <F>: monic, sorted by
// decreasing leading monomial, no term divisible by another leading
// monomial, every S-polynomial and every input reducing to zero.
func checkReducedBasis(t *testing.T, F, G []*poly.Poly) {
	t.Helper()
	if len(G) == 0 {
		t.Fatal("empty basis: the zero ideal's is [0]")
	}
	if len(G) == 1 && G[0].IsZero() {
		for _, f := range F {
			if !f.IsZero() {
				t.Fatal("the zero basis for a nonzero ideal")
			}
		}
		return
	}
	r := G[0].Ring()
	for i, g := range G {
		if g.LeadCoef().Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("element %d is not monic: %v", i, g)
		}
		if i > 0 && r.Cmp(G[i-1].LeadMonomial(), g.LeadMonomial()) <= 0 {
			t.Fatalf("elements %d and %d are not by decreasing leading monomial", i-1, i)
		}
		for j, h := range G {
			if i == j {
				continue
			}
			for k := 0; k < g.Len(); k++ {
				if h.LeadMonomial().Divides(g.Monomial(k)) {
					t.Fatalf("term %d of element %d is divisible by the leading monomial of element %d", k, i, j)
				}
			}
		}
	}
	// poly.DivMod is simple and slow: beyond small bases with small
	// coefficients the certificate of the engine checks the same facts.
	bits := 0
	for _, g := range G {
		for k := 0; k < g.Len(); k++ {
			bits += g.Coef(k).Num().BitLen() + g.Coef(k).Denom().BitLen()
		}
	}
	if len(G) > 12 || bits > 3000 {
		ops := newMonoOps(r)
		l, cancel := newLimits(context.Background(), Limits{})
		defer cancel()
		e := newEngine(r, ops, &l)
		var gg, ff []*gpoly
		for i := len(G) - 1; i >= 0; i-- {
			gg = append(gg, e.fromPoly(G[i]))
		}
		for _, f := range F {
			if !f.IsZero() {
				ff = append(ff, e.fromPoly(f))
			}
		}
		if ok, err := e.certify(gg, ff); !ok || err != nil {
			t.Fatalf("not a Gröbner basis of the input (err %v)", err)
		}
		return
	}
	for i := range G {
		for j := i + 1; j < len(G); j++ {
			if G[i].LeadMonomial().Coprime(G[j].LeadMonomial()) {
				continue // Buchberger's first criterion
			}
			if _, rem := poly.DivMod(sPoly(G[i], G[j]), G); !rem.IsZero() {
				t.Fatalf("S(%d,%d) does not reduce to zero: %v", i, j, rem)
			}
		}
	}
	for _, f := range F {
		if _, rem := poly.DivMod(f, G); !rem.IsZero() {
			t.Fatalf("input %v does not reduce to zero", f)
		}
	}
}

// TestEngineRandomAgreesWithPlain checks on seeded random ideals that the
// trace algorithm and Basis give exactly the basis of the plain exact
// engine, and that it is the reduced Gröbner basis.
func TestEngineRandomAgreesWithPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	orders := []poly.Order{poly.Grevlex, poly.Lex, poly.Grlex, poly.Block(1)}
	done, traced := 0, 0
	for trial := range 120 {
		n := 2 + trial%3
		vars := []string{"x", "y", "z", "w"}[:n]
		ord := orders[trial%len(orders)]
		r := poly.MustRing(ord, vars...)
		F := engRandomIdeal(rng, r, 1+rng.IntN(n), 1+rng.IntN(3))
		name := fmt.Sprintf("trial%d-%s-%dvars", trial, ord, n)
		ctx := context.Background()
		want, err := basisPlain(ctx, F, Limits{Timeout: time.Second})
		if IsLimit(err) {
			continue // too hard for the plain engine in this order
		}
		if err != nil {
			t.Fatalf("%s: plain: %v", name, err)
		}
		got, err := Basis(ctx, F, Limits{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		same := func(what string, got []*poly.Poly) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("%s: %s has %d elements, plain engine %d", name, what, len(got), len(want))
			}
			for i := range got {
				if !got[i].Equal(want[i]) {
					t.Fatalf("%s: %s element %d is %v, plain engine %v", name, what, i, got[i], want[i])
				}
			}
		}
		same("Basis", got)
		tr, ok, err := basisTrace(ctx, F, Limits{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatalf("%s: trace: %v", name, err)
		}
		if ok {
			same("trace algorithm", tr)
			traced++
		}
		checkReducedBasis(t, F, got)
		done++
	}
	t.Logf("%d of 120 random ideals finished, %d by the trace algorithm too", done, traced)
	if done < 100 || traced < done*9/10 {
		t.Errorf("too few finished")
	}
}

// TestEngineGolden compares with Singular's bases of the benchmark systems,
// by Basis and by the trace algorithm alone.
func TestEngineGolden(t *testing.T) {
	systems := map[string]string{"cyclic4": cyclic(4), "cyclic5": cyclic(5), "cyclic6": cyclic(6),
		"katsura4": katsura(4), "katsura5": katsura(5), "katsura6": katsura(6)}
	for name, sys := range systems {
		data, err := os.ReadFile("../testdata/groebner/" + name + ".grevlex")
		if err != nil {
			t.Logf("%s: no golden file", name)
			continue
		}
		r, F, err := poly.ParseSystem(sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		G, err := Basis(context.Background(), F, Limits{Timeout: time.Minute})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		T, ok, err := basisTrace(context.Background(), F, Limits{Timeout: time.Minute})
		if err != nil || !ok {
			t.Fatalf("%s: trace algorithm: ok %v, err %v", name, ok, err)
		}
		if len(T) != len(G) {
			t.Fatalf("%s: trace algorithm gives %d elements, Basis %d", name, len(T), len(G))
		}
		for i := range T {
			if !T[i].Equal(G[i]) {
				t.Fatalf("%s: trace algorithm and Basis differ at element %d", name, i)
			}
		}
		_, list, _ := strings.Cut(string(data), "basis:\n")
		want := map[string]bool{}
		for _, line := range strings.Fields(list) {
			p, err := r.Parse(line)
			if err != nil {
				t.Fatalf("%s: golden %q: %v", name, line, err)
			}
			want[p.Monic().String()] = true
		}
		if len(G) != len(want) {
			t.Fatalf("%s: %d elements, Singular %d", name, len(G), len(want))
		}
		for _, g := range G {
			if !want[g.String()] {
				t.Fatalf("%s: %v is not in Singular's basis", name, g)
			}
		}
	}
}

// TestEngineUnluckyPrimes uses the first modulus p in the input, so that
// the modular run mod p is wrong (x - y, x - (1+p)y - 1 is inconsistent mod
// p but not over Q) or impossible (1/p): the answer must still be exact.
func TestEngineUnluckyPrimes(t *testing.T) {
	p := fmt.Sprint(primes[0])
	r := poly.MustRing(poly.Grevlex, "x", "y")
	for _, tc := range []struct{ in, want []string }{
		{[]string{"x - y", "x - (1+" + p + ")*y - 1"}, []string{"x + 1/" + p, "y + 1/" + p}},
		{[]string{"x - y/" + p, "y^2 - 1"}, []string{"y^2 - 1", "x - y/" + p}},
	} {
		var F []*poly.Poly
		for _, s := range tc.in {
			F = append(F, r.MustParse(s))
		}
		G, err := Basis(context.Background(), F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(G) != len(tc.want) {
			t.Fatalf("%v: got %v", tc.in, G)
		}
		for i, w := range tc.want {
			if !G[i].Equal(r.MustParse(w)) {
				t.Fatalf("%v: got %v, want %v", tc.in, G, tc.want)
			}
		}
	}
}

// TestEngineCertifyRejects checks that the certificate refuses a set that
// is not a Gröbner basis and one that misses an input.
func TestEngineCertifyRejects(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	ops := newMonoOps(r)
	l, cancel := newLimits(context.Background(), Limits{})
	defer cancel()
	e := newEngine(r, ops, &l)
	conv := func(ss ...string) []*gpoly {
		var out []*gpoly
		for _, s := range ss {
			out = append(out, e.fromPoly(r.MustParse(s)))
		}
		return out
	}
	if ok, err := e.certify(conv("x*y - 1", "x^2 - y"), conv("x*y - 1")); ok || err != nil {
		t.Errorf("certified a non-Gröbner basis (err %v)", err)
	}
	if ok, err := e.certify(conv("y - 1", "x - 1"), conv("x - 2")); ok || err != nil {
		t.Errorf("certified a basis that misses an input (err %v)", err)
	}
	if ok, err := e.certify(conv("y - 1", "x - 1"), conv("x*y - 1", "x - y")); !ok || err != nil {
		t.Errorf("refused a correct basis (err %v)", err)
	}
}

// A pollCtx is a context whose deadline passes at its k-th poll: Err
// returns nil before and context.DeadlineExceeded from then on, and Done
// is closed then. It makes "the engine stops promptly" a count of polls,
// independent of the machine's speed and load.
type pollCtx struct {
	context.Context
	k     int64
	polls atomic.Int64
	once  sync.Once
	done  chan struct{}
}

func newPollCtx(k int64) *pollCtx {
	return &pollCtx{Context: context.Background(), k: k, done: make(chan struct{})}
}

func (c *pollCtx) Done() <-chan struct{} { return c.done }

func (c *pollCtx) Err() error {
	if c.polls.Add(1) < c.k {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.DeadlineExceeded
}

// TestEngineLimits checks that every limit stops a hard computation with a
// *LimitError of its kind. Promptness is counted in polls of the context,
// not in wall time (which failed under -race on a loaded machine): once
// the deadline has passed, the engine stops within a few polls, and it
// reaches its k-th poll at all, so it polls during the long computations.
func TestEngineLimits(t *testing.T) {
	_, c7, _ := poly.ParseSystem(cyclic(7), poly.Grevlex)
	_, k6, _ := poly.ParseSystem(katsura(6), poly.Grevlex)
	_, k5lex, _ := poly.ParseSystem(katsura(5), poly.Lex)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	// maxAfter bounds the polls after the deadline: the certificate's
	// goroutines (one per CPU) may each poll a few times before they see it.
	maxAfter := int64(8 * (runtime.GOMAXPROCS(0) + 4))
	for _, tc := range []struct {
		name string
		ctx  context.Context
		F    []*poly.Poly
		lim  Limits
		kind LimitKind
	}{
		{"deadline-first-poll", newPollCtx(1), c7, Limits{}, LimitTime},
		{"deadline-poll-50", newPollCtx(50), c7, Limits{}, LimitTime},
		{"deadline-poll-500", newPollCtx(500), c7, Limits{}, LimitTime},
		{"deadline-lex-swell", newPollCtx(200), k5lex, Limits{}, LimitTime},
		{"timeout", context.Background(), c7, Limits{Timeout: 200 * time.Millisecond}, LimitTime},
		{"canceled", canceled, c7, Limits{}, LimitCanceled},
		{"basis", context.Background(), c7, Limits{MaxBasis: 30}, LimitBasisSize},
		{"bits", context.Background(), k6, Limits{MaxCoeffBits: 40}, LimitCoeffBits},
	} {
		_, err := Basis(tc.ctx, tc.F, tc.lim)
		le, ok := err.(*LimitError)
		if !ok || le.Limit != tc.kind || !IsLimit(err) {
			t.Errorf("%s: got %v, want a %q limit", tc.name, err, tc.kind)
		}
		if pc, ok := tc.ctx.(*pollCtx); ok {
			if after := pc.polls.Load() - pc.k; after > maxAfter {
				t.Errorf("%s: %d polls after the deadline, want at most %d", tc.name, after, maxAfter)
			} else {
				t.Logf("%s: %d polls after the deadline", tc.name, after)
			}
		}
	}
}

func TestModpPrimes(t *testing.T) {
	for _, p := range primes {
		if p >= 1<<31 || !new(big.Int).SetUint64(p).ProbablyPrime(20) {
			t.Errorf("%d is not a prime below 2^31", p)
		}
		for _, a := range []uint64{1, 2, 12345, p - 1} {
			if a*modInv(a, p)%p != 1 {
				t.Errorf("inverse of %d mod %d", a, p)
			}
		}
		e := newModEngine(newMonoOps(poly.MustRing(poly.Grevlex, "x")), p, nil)
		rng := rand.New(rand.NewPCG(p, 7))
		for _, x := range []uint64{0, 1, p - 1, p, p + 1, 2*p - 1, (p-1)*(p-1) + p - 1, 1<<64 - 1} {
			if e.mod(x) != x%p {
				t.Errorf("%d mod %d = %d", x, p, e.mod(x))
			}
		}
		for range 100000 {
			if x := rng.Uint64(); e.mod(x) != x%p {
				t.Fatalf("%d mod %d = %d", x, p, e.mod(x))
			}
		}
	}
}

// TestZint compares the small/big integer arithmetic with math/big around
// the int64 and 2^31 boundaries.
func TestZint(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	edges := []int64{0, 1, -1, 2, 1<<31 - 1, -1 << 31, 1 << 31, 1<<62 + 5, -(1 << 62), 1<<63 - 1, -(1<<63 - 1)}
	val := func() *big.Int {
		switch rng.IntN(4) {
		case 0:
			return big.NewInt(edges[rng.IntN(len(edges))])
		case 1:
			return big.NewInt(rng.Int64N(1<<40) - 1<<39)
		case 2:
			x := new(big.Int).Lsh(big.NewInt(rng.Int64()), uint(rng.IntN(320)))
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			return x
		}
		return big.NewInt(rng.Int64N(100) - 50)
	}
	var z zarith
	for k := range 20000 {
		if k%100 == 0 {
			z.reset()
		}
		a, x, b, y := val(), val(), val(), val()
		za, zx, zb, zy := zbig(new(big.Int).Set(a)), zbig(new(big.Int).Set(x)), zbig(new(big.Int).Set(b)), zbig(new(big.Int).Set(y))
		want := new(big.Int).Sub(new(big.Int).Mul(a, x), new(big.Int).Mul(b, y))
		if got := z.mulSub(za, zx, zb, zy); got.toBig().Cmp(want) != 0 || got.b != nil && got.b.IsInt64() && got.b.Int64() != -1<<63 {
			t.Fatalf("%v*%v - %v*%v = %v, want %v", a, x, b, y, got.toBig(), want)
		}
		if got := z.mul(za, zx); got.toBig().Cmp(new(big.Int).Mul(a, x)) != 0 {
			t.Fatalf("%v*%v = %v", a, x, got.toBig())
		}
		g := z.gcd(za, zx)
		if wg := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(x)); g.toBig().Cmp(wg) != 0 {
			t.Fatalf("gcd(%v, %v) = %v, want %v", a, x, g.toBig(), wg)
		}
		if g.sign() > 0 {
			if q := z.quoExact(za, g); q.toBig().Cmp(new(big.Int).Quo(a, g.toBig())) != 0 {
				t.Fatalf("%v / %v = %v", a, g.toBig(), q.toBig())
			}
		}
		if z.neg(za).toBig().Cmp(new(big.Int).Neg(a)) != 0 || za.sign() != a.Sign() || za.bitLen() != a.BitLen() {
			t.Fatalf("neg/sign/bitLen of %v", a)
		}
	}
}

// TestModpAgreesWithExact checks the modular engine on its own: its
// reduced basis must be the exact one reduced mod p (the benchmark systems
// have no unlucky primes among ours).
func TestModpAgreesWithExact(t *testing.T) {
	for _, sys := range []string{cyclic(5), katsura(5), katsura(4)} {
		r, F, err := poly.ParseSystem(sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		G, err := Basis(context.Background(), F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range primes[:3] {
			ops := newMonoOps(r)
			me := newModEngine(ops, p, nil)
			if ok, err := me.run(nonzeroSorted(r, F)); !ok || err != nil {
				t.Fatalf("mod %d: ok %v, err %v", p, ok, err)
			}
			Gp := me.finish()
			if len(Gp) != len(G) {
				t.Fatalf("mod %d: %d elements, exact %d", p, len(Gp), len(G))
			}
			for i, g := range G {
				h := Gp[len(Gp)-1-i] // finish sorts by increasing leading monomial
				if g.Len() != len(h.c) {
					t.Fatalf("mod %d: element %d has %d terms, exact %d", p, i, len(h.c), g.Len())
				}
				for k := 0; k < g.Len(); k++ {
					c, _ := ratMod(g.Coef(k), p)
					if c != uint64(h.c[k]) || !monoEqual(g.Monomial(k), h.m[k*ops.stride:(k+1)*ops.stride]) {
						t.Fatalf("mod %d: element %d differs at term %d", p, i, k)
					}
				}
			}
		}
	}
}

// TestTraceCertificate checks the certificate from the trace's skipped
// reductions (checkSkipped): it accepts the replays of the standard systems,
// with the same basis as certify, and refuses a replay whose prime made
// an S-polynomial and an input vanish that do not vanish over Q.
func TestTraceCertificate(t *testing.T) {
	p := primes[0]
	// The S-polynomial z*(x*y + p) - y*(x*z) = p*z, and the input
	// x*y + p*z less x*y, vanish mod p only.
	unluckyPair := fmt.Sprintf("vars: x y z\nx*y + %d\nx*z", p)
	unluckyInput := fmt.Sprintf("vars: x y z\nx*y\nx*y + %d*z", p)
	for _, tc := range []struct {
		name, sys string
		orders    []poly.Order
		want      bool
	}{
		{"cyclic5", cyclic(5), []poly.Order{poly.Grevlex}, true},
		{"katsura5", katsura(5), []poly.Order{poly.Grevlex}, true},
		{"cyclic4", cyclic(4), []poly.Order{poly.Lex, poly.Block(2)}, true},
		{"katsura3", katsura(3), []poly.Order{poly.Lex, poly.Block(2)}, true},
		{"unlucky pair", unluckyPair, []poly.Order{poly.Grevlex, poly.Lex}, false},
		{"unlucky input", unluckyInput, []poly.Order{poly.Grevlex, poly.Lex}, false},
	} {
		for _, ord := range tc.orders {
			r, F, err := poly.ParseSystem(tc.sys, ord)
			if err != nil {
				t.Fatal(err)
			}
			F = nonzeroSorted(r, F)
			l, cancel := newLimits(context.Background(), Limits{})
			ops := newMonoOps(r)
			e := newEngine(r, ops, &l)
			in := make([]*gpoly, len(F))
			for k, f := range F {
				in[k] = e.fromPoly(f)
			}
			me := newModEngine(ops, p, &l)
			if ok, err := me.run(F); !ok || err != nil {
				t.Fatalf("%s %v: modular run ok=%v err=%v", tc.name, ord, ok, err)
			}
			G, ok, err := e.replay(nonzeroEvents(me.trace), in)
			if !ok || err != nil {
				t.Fatalf("%s %v: replay ok=%v err=%v", tc.name, ord, ok, err)
			}
			var zero []traceEvent
			for _, ev := range me.trace {
				if ev.lm == nil {
					zero = append(zero, ev)
				}
			}
			got, err := e.checkSkipped(G, zero, in)
			if err != nil || got != tc.want {
				t.Errorf("%s %v: %d skipped reductions checked: %v (err %v), want %v", tc.name, ord, len(zero), got, err, tc.want)
			}
			if byPairs, err := e.certify(G, in); err != nil || byPairs != got {
				t.Errorf("%s %v: certify says %v (err %v), the trace's check %v", tc.name, ord, byPairs, err, got)
			}
			cancel()
		}
	}
}
