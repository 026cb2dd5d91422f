package factor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// TestFactorPowersNearLimits factors powers at and around every limit of
// the package (issue 27, item 2): an exponent of 255 (the largest a
// multivariate exponent vector holds; 255 + 1 overflowed a byte in the
// modular gcd, "index out of range [255] with length 0"), 256 (refused),
// the total degree MaxDegree (400, accepted) and 401 (refused), and
// 32 and 33 variables. Every accepted input must multiply back exactly;
// every refused one must give a *DegreeError naming the limit.
func TestFactorPowersNearLimits(t *testing.T) {
	r := poly.MustRing(poly.Lex, "x", "y", "z")
	vars32, vars33 := manyVars(32), manyVars(33)
	tests := []struct {
		name string
		ring *poly.Ring
		p    string
		what string // "" when the factorization must succeed
		slow bool   // a second or more
	}{
		{"(x+y)^254", r, "(x+y)^254", "", true},
		{"(x+y)^255", r, "(x+y)^255", "", true},
		{"(x+y)^256", r, "(x+y)^256", "exponent", false},
		{"(x+y)^128*(x-y)^127", r, "(x+y)^128*(x-y)^127", "", true},
		{"(x+1)^255*y", r, "(x+1)^255*y", "", false},
		{"(x^85*y+1)^3", r, "(x^85*y+1)^3", "", false},
		{"(x^51+y)^5", r, "(x^51+y)^5", "", false},
		{"(x^127+y)^2*(x+y)", r, "(x^127+y)^2*(x+y)", "", false},
		{"x^255*y^145", r, "x^255*y^145", "", false},
		{"x^255*y + 1", r, "x^255*y + 1", "", false},
		{"(x^255*y + 1)*(y^2 - z^2)", r, "(x^255*y + 1)*(y^2 - z^2)", "", false},
		{"(x^200*y+1)*(x^55*y+2)", r, "(x^200*y+1)*(x^55*y+2)", "", false},
		{"(x^120*y+z)*(x^135*z+y)", r, "(x^120*y+z)*(x^135*z+y)", "", false},
		{"x^256*y + 1", r, "x^256*y + 1", "exponent", false},
		{"(x*y+1)^200", r, "(x*y+1)^200", "", true},
		{"(x*y+1)^200*z", r, "(x*y+1)^200*z", "total degree", false},
		{"(x-1)^255", r, "(x-1)^255", "", false},
		{"(x-1)^256", r, "(x-1)^256", "", false},
		{"(2x-1)^400", r, "(2*x-1)^400", "", false},
		{"(2x-1)^401", r, "(2*x-1)^401", "total degree", false},
		{"32 variables", vars32.r, vars32.p, "", false},
		{"33 variables", vars33.r, vars33.p, "variables", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && testing.Short() {
				t.Skip("seconds of work")
			}
			p := tc.ring.MustParse(tc.p)
			checkPowerFactor(t, p, tc.what)
		})
	}
}

// manyVars is x1*x2*...*xn + 1 in a ring of n variables.
func manyVars(n int) struct {
	r *poly.Ring
	p string
} {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("x%d", i+1)
	}
	return struct {
		r *poly.Ring
		p string
	}{poly.MustRing(poly.Grevlex, names...), strings.Join(names, "*") + " + 1"}
}

// checkPowerFactor factors p and checks the outcome: a *DegreeError about
// what when what is not empty, otherwise a factorization whose product is p.
func checkPowerFactor(t *testing.T, p *poly.Poly, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	f, err := Factor(ctx, p)
	var de *DegreeError
	if what != "" {
		if !errors.As(err, &de) || de.What != what {
			t.Fatalf("Factor(%v): got %v, want a *DegreeError about the %s", p, err, what)
		}
		return
	}
	if err != nil {
		t.Fatalf("Factor(%v): %v", p, err)
	}
	if !product(f, p.Ring()).Equal(p) {
		t.Fatalf("Factor(%v) = %v does not multiply back", p, f)
	}
}

// powerLimitWhat is the limit a polynomial of total degree tdeg, largest
// exponent maxExp and nvars variables passes (what Factor must report), or
// "" when it is within every limit.
func powerLimitWhat(tdeg, maxExponent, nvars int) string {
	switch {
	case tdeg > MaxDegree:
		return "total degree"
	case nvars > 1 && maxExponent > maxExp:
		return "exponent"
	}
	return ""
}

// FuzzFactorPowers factors g^k * h for small shapes g and h with exponents
// and powers near the package's limits (255 per exponent, 400 in total)
// and checks that nothing panics, that a polynomial past a limit gets a
// *DegreeError naming it, and that every factorization multiplies back.
func FuzzFactorPowers(f *testing.F) {
	// shape, a, b, i, j, k, m
	f.Add(uint8(0), int8(1), int8(0), uint8(1), uint8(1), uint16(256), uint8(0))
	f.Add(uint8(2), int8(-1), int8(0), uint8(1), uint8(1), uint16(255), uint8(0))
	f.Add(uint8(1), int8(2), int8(0), uint8(51), uint8(1), uint16(5), uint8(0))
	f.Add(uint8(2), int8(1), int8(0), uint8(85), uint8(1), uint16(3), uint8(0))
	f.Add(uint8(3), int8(-1), int8(0), uint8(1), uint8(1), uint16(256), uint8(0))
	f.Add(uint8(3), int8(-2), int8(0), uint8(1), uint8(1), uint16(401), uint8(0))
	f.Add(uint8(4), int8(1), int8(3), uint8(200), uint8(1), uint16(1), uint8(55))
	f.Add(uint8(7), int8(1), int8(-1), uint8(127), uint8(1), uint16(2), uint8(1))
	f.Add(uint8(2), int8(-1), int8(1), uint8(255), uint8(1), uint16(1), uint8(0))
	f.Add(uint8(5), int8(1), int8(1), uint8(85), uint8(1), uint16(3), uint8(1))
	f.Fuzz(func(t *testing.T, shape uint8, a, b int8, i, j uint8, k uint16, m uint8) {
		r := poly.MustRing(poly.Lex, "x", "y")
		if a == 0 {
			a = 1
		}
		ii, jj, kk, mm := max(int(i), 1), max(int(j), 1), int(k), int(m)
		var g string
		switch shape % 5 {
		case 0:
			g = fmt.Sprintf("x + %d*y + %d", a, b)
		case 1:
			g = fmt.Sprintf("x^%d + %d*y^%d", ii, a, jj)
		case 2:
			g = fmt.Sprintf("x^%d*y^%d + %d", ii, jj, a)
		case 3:
			g = fmt.Sprintf("x + %d", a)
		case 4:
			g = fmt.Sprintf("x^%d*y + %d*y^%d + %d", ii, a, jj, b)
		}
		h := "1"
		if shape/5%2 == 1 {
			h = fmt.Sprintf("x^%d + %d*y", mm, b)
		}
		// Keep one run cheap: a binomial's power has k+1 terms, a
		// trinomial's about k^2/2, and both are allowed a little past
		// the limits so that refusals are exercised too.
		trinomial := shape%5 == 4 || shape%5 == 0 && b != 0
		if kk > 520 || trinomial && kk > 40 {
			t.Skip("too costly to expand")
		}
		if kk > 32 && (a > 1 || a < -1 || b > 1 || b < -1) {
			// Large powers with large coefficients are slow, not
			// wrong: (x + 89*y)^255 takes over 30 s (the dense
			// modular gcds of the square-free decomposition).
			t.Skip("too costly to factor")
		}
		p, err := r.Parse(fmt.Sprintf("(%s)^%d*(%s)", g, kk, h))
		if err != nil {
			t.Skip(err) // past the parser's expansion bound
		}
		if p.IsZero() {
			return
		}
		maxE := 0
		for n := range p.Len() {
			for v := range 2 {
				maxE = max(maxE, p.Exp(n, v))
			}
		}
		what := powerLimitWhat(p.TotalDegree(), maxE, len(p.Vars()))
		if what == "" && kk > 128 && shape%5 <= 1 {
			// A dense bivariate power such as (x + y)^255 takes seconds
			// (TestFactorPowersNearLimits has it); its refusals are cheap.
			t.Skip("too costly to factor")
		}
		checkPowerFactor(t, p, what)
	})
}

// TestProductExponentOverflow checks that a product whose exponents would
// wrap around a byte is refused as a *DegreeError by the entry points'
// recovery, not computed wrongly.
func TestProductExponentOverflow(t *testing.T) {
	var x200, x100 mono
	x200[0], x100[0] = 200, 100
	f := mpoly{{e: x200, c: bigOne}, {c: bigOne}}
	g := mpoly{{e: x100, c: bigOne}, {c: bigOne}}
	for name, mul := range map[string]func(){
		"mmul":     func() { mmul(f, g) },
		"mmulTerm": func() { mmulTerm(f, x100, bigOne) },
	} {
		err := func() (err error) {
			defer recoverStop(&err)
			mul()
			return nil
		}()
		var de *DegreeError
		if !errors.As(err, &de) || de.Degree != 300 || de.What != "intermediate exponent" {
			t.Errorf("%s: got %v, want a *DegreeError about an intermediate exponent of 300", name, err)
		}
	}
}
