package poly

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestParsePrint(t *testing.T) {
	r := MustRing(Grevlex, "x", "y", "z", "x2")
	tests := []struct{ in, want string }{
		{"3/2*x^2*y - z + 1", "3/2*x^2*y - z + 1"},
		{"1 - z + y*x^2*3/2", "3/2*x^2*y - z + 1"},
		{"(x+y)^2", "x^2 + 2*x*y + y^2"},
		{"x2", "x2"},
		{"-x - -y", "-x + y"},
		{"0*x", "0"},
		{"x*y - y*x", "0"},
		{"(x - 1)*(x + 1)", "x^2 - 1"},
		{"2/4*x", "1/2*x"},
		{"x^0", "1"},
		{"+x", "x"},
	}
	for _, tc := range tests {
		p, err := r.Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := p.String(); got != tc.want {
			t.Errorf("Parse(%q) = %q, want %q", tc.in, got, tc.want)
		}
		q, err := r.Parse(p.String())
		if err != nil || !q.Equal(p) {
			t.Errorf("round trip of %q failed: %v %v", tc.in, q, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	r := MustRing(Grevlex, "x", "y")
	tests := []struct{ in, want string }{
		{"", "expected a number"},
		{"x +", "expected a number"},
		{"x y", "expected an operator"},
		{"2x", "write 2*x"},
		{"x/y", "non-constant"},
		{"x/0", "division by zero"},
		{"w", `unknown variable "w"`},
		{"x^y", "exponent"},
		{"x^99999999", "too large"},
		{"(x+44700)^7700", "too large to expand"},
		{"(x", `expected ")"`},
		{"x $ y", "unexpected character"},
		{"x^2^3", "ambiguous"},
		{"1.5*x", "unexpected"},
	}
	for _, tc := range tests {
		_, err := r.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want it to mention %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3/2*x^2*y - z + 1", "(x+y)^3", "-x*-y", "x^", "((", "1/0"} {
		f.Add(s)
	}
	r := MustRing(Grevlex, "x", "y", "z")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		p, err := r.Parse(s)
		if err != nil {
			return
		}
		if p.TotalDegree() > 60 {
			return
		}
		q, err := r.Parse(p.String())
		if err != nil {
			t.Fatalf("printed form %q of %q does not parse: %v", p.String(), s, err)
		}
		if !q.Equal(p) {
			t.Fatalf("round trip %q -> %q -> %q", s, p, q)
		}
	})
}

// randPoly returns a random polynomial with small coefficients, for property tests.
func randPoly(rng *rand.Rand, r *Ring, terms, maxDeg int) *Poly {
	n := r.NumVars()
	c := make([]*big.Rat, terms)
	m := make([]Monomial, terms)
	for i := range c {
		c[i] = big.NewRat(int64(rng.IntN(19)-9), int64(rng.IntN(3)+1))
		e := make([]int, n)
		for d := rng.IntN(maxDeg + 1); d > 0; d-- {
			e[rng.IntN(n)]++
		}
		m[i] = r.NewMonomial(e...)
	}
	return r.FromTerms(c, m)
}

func TestArithmeticProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, ord := range []Order{Lex, Grlex, Grevlex, Block(1), Weighted(1, 2, 3)} {
		r := MustRing(ord, "x", "y", "z")
		for it := 0; it < 50; it++ {
			a, b, c := randPoly(rng, r, 5, 3), randPoly(rng, r, 4, 3), randPoly(rng, r, 3, 2)
			ab := new(Poly).Mul(a, b)
			if !ab.Equal(new(Poly).Mul(b, a)) {
				t.Fatalf("%v: mul not commutative", ord)
			}
			lhs := new(Poly).Mul(a, new(Poly).Add(b, c))
			rhs := new(Poly).Add(ab, new(Poly).Mul(a, c))
			if !lhs.Equal(rhs) {
				t.Fatalf("%v: distributivity fails for %v, %v, %v", ord, a, b, c)
			}
			if !new(Poly).Sub(ab, ab).IsZero() {
				t.Fatal("x - x != 0")
			}
			pt := []*big.Rat{big.NewRat(2, 3), big.NewRat(-5, 1), big.NewRat(7, 2)}
			if ab.Eval(pt).Cmp(new(big.Rat).Mul(a.Eval(pt), b.Eval(pt))) != 0 {
				t.Fatal("eval is not a ring homomorphism")
			}
			q, rem := DivMod(ab, []*Poly{b})
			if !b.IsZero() && (!rem.IsZero() || !q[0].Equal(a)) {
				t.Fatalf("%v: (a*b)/b = %v rem %v, want %v", ord, q[0], rem, a)
			}
			qs, rem2 := DivMod(a, []*Poly{b, c})
			sum := new(Poly).Add(new(Poly).Mul(qs[0], b), new(Poly).Add(new(Poly).Mul(qs[1], c), rem2))
			if !sum.Equal(a) {
				t.Fatal("division identity fails")
			}
			for i := range rem2.Len() {
				for _, d := range []*Poly{b, c} {
					if !d.IsZero() && d.LeadMonomial().Divides(rem2.Monomial(i)) {
						t.Fatalf("%v: remainder %v of %v by %v, %v has a term divisible by %v", ord, rem2, a, b, c, d.LeadMonomial())
					}
				}
			}
			if !new(Poly).Pow(a, 3).Equal(new(Poly).Mul(a, new(Poly).Mul(a, a))) {
				t.Fatal("pow")
			}
			for i := 1; i < ab.Len(); i++ {
				if r.Cmp(ab.Monomial(i-1), ab.Monomial(i)) <= 0 {
					t.Fatal("terms not strictly decreasing")
				}
			}
			s, _ := NewRing([]string{"z", "y", "x"}, Lex)
			moved, err := ab.ToRing(s)
			if err != nil {
				t.Fatal(err)
			}
			back, _ := moved.ToRing(r)
			if !back.Equal(ab) {
				t.Fatal("ToRing round trip")
			}
		}
	}
}

func TestOrders(t *testing.T) {
	// x > y > z; each pair is (bigger, smaller) in the order.
	tests := []struct {
		ord      Order
		big, sml string
	}{
		{Lex, "x", "y^5"},
		{Grlex, "y^2", "x"},
		{Grlex, "x*z", "y^2"},
		{Grevlex, "y^2", "x*z"},
		{Grevlex, "x^2*y", "x*y*z"},
		{Block(1), "x", "y^3*z^4"},
		{Block(2), "y", "z^5"},
		{Weighted(1, 1, 5), "z", "x^4"},
	}
	for _, tc := range tests {
		r := MustRing(tc.ord, "x", "y", "z")
		a, b := r.MustParse(tc.big).LeadMonomial(), r.MustParse(tc.sml).LeadMonomial()
		if r.Cmp(a, b) != 1 || r.Cmp(b, a) != -1 || r.Cmp(a, a) != 0 {
			t.Errorf("%v: want %s > %s", tc.ord, tc.big, tc.sml)
		}
	}
}

func TestParseSystem(t *testing.T) {
	r, ps, err := ParseSystem("# comment\nvars: y x\nx^2 = y # circle-ish\n\nx*y - 1;\n", Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.Vars(), " "); got != "y x" {
		t.Fatalf("vars = %q", got)
	}
	if len(ps) != 2 || ps[0].String() != "x^2 - y" {
		t.Fatalf("got %v", ps)
	}
	r, _, err = ParseSystem("b + a\na*c", Lex)
	if err != nil || strings.Join(r.Vars(), " ") != "b a c" {
		t.Fatalf("first-appearance order: %v %v", r, err)
	}
	_, _, err = ParseSystem("x + 1\ny + \n", Grevlex)
	if err == nil || !strings.HasPrefix(err.Error(), "line 2,") {
		t.Fatalf("want line 2 error, got %v", err)
	}
	_, _, err = ParseSystem("x = y = z\n", Grevlex)
	if err == nil || !strings.Contains(err.Error(), "more than one") {
		t.Fatalf("two =: %v, want an error saying so", err)
	}
	// Equations without a vars: line take their variables from both sides.
	r, ps, err = ParseSystem("x^2 + y^2 = 1\nx*y = z\n", Grevlex)
	if err != nil || strings.Join(r.Vars(), " ") != "x y z" || ps[1].String() != "x*y - z" {
		t.Fatalf("equations without vars: %v %v %v", r, ps, err)
	}
	_, _, err = ParseSystem("x + 1 = y $ 2\n", Grevlex)
	if err == nil || !strings.HasPrefix(err.Error(), "line 1, column 11") {
		t.Fatalf("bad right side: %v, want line 1, column 11", err)
	}
}

func TestContentDerivativeSubst(t *testing.T) {
	r := MustRing(Grevlex, "x", "y")
	p := r.MustParse("-3/4*x^2*y + 3/2*y - 9/8")
	if c := p.Content(); c.Cmp(big.NewRat(-3, 8)) != 0 {
		t.Errorf("content = %v", c)
	}
	if pp := p.PrimitivePart().String(); pp != "2*x^2*y - 4*y + 3" {
		t.Errorf("primitive part = %s", pp)
	}
	if d := p.Derivative(0).String(); d != "-3/2*x*y" {
		t.Errorf("d/dx = %s", d)
	}
	if s := r.MustParse("x^2 + y").Subst(0, r.MustParse("y + 1")).String(); s != "y^2 + 3*y + 1" {
		t.Errorf("subst = %s", s)
	}
}

// TestToRingAll checks that a list moves by variable name, in order, and
// that a variable missing from the target ring is an error, not a drop.
func TestToRingAll(t *testing.T) {
	from := MustRing(Grevlex, "x", "y", "z")
	to := MustRing(Lex, "z", "y", "x")
	ps := []*Poly{from.MustParse("x^2 - y"), from.MustParse("z + 3*x"), from.Zero()}
	moved, err := ToRingAll(ps, to)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"x^2 - y", "z + 3*x", "0"} {
		if moved[i].Ring() != to || !moved[i].Equal(to.MustParse(want)) {
			t.Errorf("moved[%d] = %v in %v, want %s in %v", i, moved[i], moved[i].Ring(), want, to)
		}
	}
	if _, err := ToRingAll(ps, MustRing(Lex, "x", "y")); err == nil {
		t.Error("moving z into a ring without z succeeded")
	}
}

// TestIsPrimitive compares IsPrimitive with PrimitivePart's definition on
// a table that covers fractions after a gcd of 1, big coefficients and
// signs.
func TestIsPrimitive(t *testing.T) {
	r := MustRing(Grevlex, "x", "y")
	tests := []struct {
		p    string
		want bool
	}{
		{"x + 1", true},
		{"2*x + 4", false},
		{"-x + 1", false},
		{"2*x + 3*y + 1/2", false}, // gcd 1 before a fraction
		{"3*x + 6", false},
		{"6*x + 10*y + 15", true},
		{"100000000000000000000*x + 3", true},
		{"100000000000000000000*x + 50000000000000000000", false},
		{"-9223372036854775808*x + 1", false},
		{"9223372036854775808*x + 2*y", false},
		{"9223372036854775808*x + 3*y", true},
		{"0", false},
		{"7", false},
		{"1", true},
	}
	for _, tc := range tests {
		p := r.MustParse(tc.p)
		if got := p.IsPrimitive(); got != tc.want {
			t.Errorf("IsPrimitive(%s) = %v, want %v", tc.p, got, tc.want)
		}
		if !p.IsZero() {
			if def := p.PrimitivePart().Equal(p); def != tc.want {
				t.Errorf("%s: PrimitivePart equals p: %v, table says %v", tc.p, def, tc.want)
			}
		}
	}
}

// TestFromTermsOrders checks that terms given in order, out of order, with
// repeats and with zeros give the same polynomial, so that the sorted fast
// path and the general one agree.
func TestFromTermsOrders(t *testing.T) {
	for _, ord := range []Order{Lex, Grevlex} {
		r := MustRing(ord, "x", "y")
		want := r.MustParse("3*x^2 - 2*x*y + 5*y^2 + 7")
		var c []*big.Rat
		var m []Monomial
		for i := 0; i < want.Len(); i++ {
			c = append(c, want.Coef(i))
			m = append(m, want.Monomial(i))
		}
		rev := func(xs []*big.Rat) []*big.Rat { ys := slices.Clone(xs); slices.Reverse(ys); return ys }
		revM := func(xs []Monomial) []Monomial { ys := slices.Clone(xs); slices.Reverse(ys); return ys }
		half := big.NewRat(1, 2)
		tests := []struct {
			name string
			c    []*big.Rat
			m    []Monomial
		}{
			{"sorted", c, m},
			{"reversed", rev(c), revM(m)},
			{"a zero term", append(slices.Clone(c), new(big.Rat)), append(slices.Clone(m), m[0])},
			{"a repeat", append([]*big.Rat{half, new(big.Rat).Sub(c[0], half)}, c[1:]...), append([]Monomial{m[0], m[0]}, m[1:]...)},
		}
		for _, tc := range tests {
			got := r.FromTerms(tc.c, tc.m)
			if !got.Equal(want) {
				t.Errorf("%v %s: %v, want %v", ord, tc.name, got, want)
			}
			if got.Len() > 0 && got.Coef(0) == tc.c[0] {
				t.Errorf("%v %s: the coefficients are not copied", ord, tc.name)
			}
		}
	}
}

// TestWeightBounds checks that a weighted order refuses weights whose
// weighted degrees could overflow, and that the largest allowed weight
// still orders correctly at the largest exponents.
func TestWeightBounds(t *testing.T) {
	for _, tc := range []struct {
		w  int64
		ok bool
	}{{1, true}, {MaxWeight, true}, {MaxWeight + 1, false}, {1 << 48, false}, {0, false}, {-3, false}} {
		_, err := NewRing([]string{"x", "y"}, Weighted(tc.w, 1))
		if (err == nil) != tc.ok {
			t.Errorf("weight %d: error %v, want ok %v", tc.w, err, tc.ok)
		}
	}
	r := MustRing(Weighted(MaxWeight, 1), "x", "y")
	big, small := r.MustParse("x^10000"), r.MustParse("x^9999*y^10000")
	if r.Cmp(big.Monomial(0), small.Monomial(0)) <= 0 {
		t.Error("x^10000 should exceed x^9999*y^10000 with weights (2^30, 1)")
	}
}

// TestAliasingAndFreshStorage checks the receiver contract of poly/doc.go:
// z may be an operand, and a result shares no coefficient with an operand,
// so changing the result in place leaves the operands alone.
func TestAliasingAndFreshStorage(t *testing.T) {
	r, err := NewRing([]string{"x", "y"}, Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	x := func() *Poly { return r.MustParse("2*x^2 - 3*x*y + 1") }
	y := func() *Poly { return r.MustParse("x*y - 1/2") }
	two := big.NewRat(2, 1)
	for _, tc := range []struct {
		name   string
		binary bool
		op     func(z, a, b *Poly) *Poly
	}{
		{"Add", true, func(z, a, b *Poly) *Poly { return z.Add(a, b) }},
		{"Sub", true, func(z, a, b *Poly) *Poly { return z.Sub(a, b) }},
		{"Mul", true, func(z, a, b *Poly) *Poly { return z.Mul(a, b) }},
		{"Neg", false, func(z, a, _ *Poly) *Poly { return z.Neg(a) }},
		{"Scale", false, func(z, a, _ *Poly) *Poly { return z.Scale(a, two) }},
		{"Pow", false, func(z, a, _ *Poly) *Poly { return z.Pow(a, 3) }},
		{"Set", false, func(z, a, _ *Poly) *Poly { return z.Set(a) }},
	} {
		want := tc.op(new(Poly), x(), y()).String()
		a := x()
		if got := tc.op(a, a, y()).String(); got != want {
			t.Errorf("%s with z = x: %s, want %s", tc.name, got, want)
		}
		b := y()
		if got := tc.op(b, x(), b).String(); tc.binary && got != want {
			t.Errorf("%s with z = y: %s, want %s", tc.name, got, want)
		}
		a, b = x(), y()
		z := tc.op(new(Poly), a, b)
		for i := range z.Len() {
			c := z.Coef(i)
			c.Add(c, big.NewRat(1000, 1)) // Coef returns the stored value
		}
		if a.String() != x().String() || b.String() != y().String() {
			t.Errorf("%s: changing the result changed an operand: %s, %s", tc.name, a, b)
		}
	}
}

// TestSubstComposeEval checks Subst and Compose against evaluation: for
// random p, q and point a, (p with x_v = q)(a) = p(a with a_v = q(a)),
// (p*q)(a) = p(a)*q(a), and Subst agrees with Compose term by term.
func TestSubstComposeEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, ord := range []Order{Grevlex, Lex} {
		r := MustRing(ord, "x", "y", "z")
		randPoly := func(terms, deg int) *Poly {
			p := r.Zero()
			for range terms {
				m := make([]int, 3)
				for v := range m {
					m[v] = rng.IntN(deg + 1)
				}
				c := big.NewRat(int64(rng.IntN(19)-9), int64(rng.IntN(3)+1))
				p = new(Poly).Add(p, new(Poly).MulTerm(r.One(), c, r.NewMonomial(m...)))
			}
			return p
		}
		for range 50 {
			p, q := randPoly(rng.IntN(12), 4), randPoly(rng.IntN(5), 2)
			v := rng.IntN(3)
			a0 := []*big.Rat{big.NewRat(int64(rng.IntN(7)-3), 2), big.NewRat(2, 3), big.NewRat(int64(rng.IntN(5)+1), 1)}
			got := p.Subst(v, q)
			images := make([]*Poly, 3)
			images[v] = q
			viaCompose, err := p.Compose(r, images)
			if err != nil {
				t.Fatal(err)
			}
			if prod := new(Poly).Mul(p, q); prod.Eval(a0).Cmp(new(big.Rat).Mul(p.Eval(a0), q.Eval(a0))) != 0 {
				t.Fatalf("(%v)*(%v) = %v is not the product at %v", p, q, prod, a0)
			}
			if !got.Equal(viaCompose) {
				t.Fatalf("Subst(%d, %v) of %v = %v, Compose gives %v", v, q, p, got, viaCompose)
			}
			a := []*big.Rat{big.NewRat(int64(rng.IntN(7)-3), 2), big.NewRat(int64(rng.IntN(7)-3), 1), big.NewRat(1, int64(rng.IntN(4)+1))}
			b := slices.Clone(a)
			b[v] = q.Eval(a)
			if got.Eval(a).Cmp(p.Eval(b)) != 0 {
				t.Fatalf("(%v with var %d = %v)(%v) = %v, want %v", p, v, q, a, got.Eval(a), p.Eval(b))
			}
		}
	}
}

// TestSubstContextStops checks that a long substitution gives up with the
// context's error once the context is done, and agrees with Subst when it
// is not.
func TestSubstContextStops(t *testing.T) {
	r := MustRing(Grevlex, "x", "y", "z")
	p := r.MustParse("y^40*(x + z + 1) + y^3 - x")
	q := r.MustParse("x^2 + x*z + z^2 + 3*x + 1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.SubstContext(ctx, 1, q); !errors.Is(err, context.Canceled) {
		t.Errorf("SubstContext with a canceled context: %v, want context.Canceled", err)
	}
	got, err := p.SubstContext(context.Background(), 1, q)
	if err != nil || !got.Equal(p.Subst(1, q)) {
		t.Errorf("SubstContext = %v, %v; want Subst's result", got, err)
	}
	if got.Degree(1) != 0 || got.TotalDegree() != 81 {
		t.Errorf("substituted: degree in y %d, total %d; want 0 and 81", got.Degree(1), got.TotalDegree())
	}
}

// TestMulHashedEqualsHeap checks the hashed product against the heap's on
// random polynomials in every order, with integer and rational
// coefficients, dense and sparse, and that MulContext chooses either.
func TestMulHashedEqualsHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, ord := range []Order{Lex, Grlex, Grevlex, Block(2), Weighted(1, 2, 3, 1)} {
		r := MustRing(ord, "w", "x", "y", "z")
		for it := 0; it < 40; it++ {
			x := randPoly(rng, r, 1+rng.IntN(60), 1+rng.IntN(8))
			y := randPoly(rng, r, 1+rng.IntN(60), 1+rng.IntN(8))
			if it%2 == 0 {
				for _, c := range append(x.coef, y.coef...) {
					c.SetInt(c.Num())
				}
			}
			if x.IsZero() || y.IsZero() {
				continue
			}
			var h, p, m Poly
			if err := h.mulHashed(context.Background(), r, x, y); err != nil {
				t.Fatal(err)
			}
			a, b := x, y
			if len(a.coef) > len(b.coef) {
				a, b = b, a
			}
			if err := p.mulHeap(context.Background(), r, a, b); err != nil {
				t.Fatal(err)
			}
			m.Mul(y, x)
			if !h.Equal(&p) || !m.Equal(&p) {
				t.Fatalf("%v: (%v)*(%v): hashed %v, heap %v, Mul %v", ord, x, y, &h, &p, &m)
			}
			// The terms are in the order's descending order.
			for k := 1; k < len(h.coef); k++ {
				if r.order.cmp(h.Monomial(k-1), h.Monomial(k)) <= 0 {
					t.Fatalf("%v: hashed product out of order at term %d: %v", ord, k, &h)
				}
			}
		}
	}
}

// TestSet checks that a Set tells polynomials apart by value: equal ones
// built apart share a hash and are added once, different ones (a
// coefficient, a sign, an exponent, a ring's term order apart) are each
// added.
func TestSet(t *testing.T) {
	r := MustRing(Grevlex, "x", "y", "z")
	parse := func(s string) *Poly {
		p, err := r.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	var s Set
	for _, tc := range []struct {
		p   string
		new bool
	}{
		{"x^2 + 3*y - 1/2", true},
		{"3*y + x^2 - 1/2", false},
		{"x^2 + 3*y + 1/2", true},
		{"x^2 + 3*y - 1/3", true},
		{"x^2 - 3*y - 1/2", true},
		{"x*y + 3*y - 1/2", true},
		{"123456789012345678901234567890*z", true},
		{"123456789012345678901234567891*z", true},
		{"123456789012345678901234567890*z", false},
		{"0", true},
		{"0", false},
	} {
		p := parse(tc.p)
		if got := s.Add(p); got != tc.new {
			t.Errorf("Add(%s) = %v, want %v", tc.p, got, tc.new)
		}
		if q := parse(tc.p); q.Hash() != p.Hash() {
			t.Errorf("%s: two parses hash apart", tc.p)
		}
	}
}
