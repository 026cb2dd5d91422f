package poly

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestParseRefusesLargeExpansions checks that products and powers whose
// expansion is too large are refused (the message comes from the estimate
// made before expanding): each case took seconds to minutes and gigabytes
// before the bound.
func TestParseRefusesLargeExpansions(t *testing.T) {
	r := MustRing(Grevlex, "x", "y", "z", "w")
	tests := []struct{ in, want string }{
		{"(x+y+z)^200", "power 200 of a polynomial of 3 terms is too large to expand"},
		{"(x+y+z)^140 )", "too large to expand"},
		{"(x+y+z+w)^60", "too large to expand"},
		{"(x+y+z)^100*(x+y+z)^100", "too large to expand"},
		{"(x+y)^2000*(x+y)^2000*(x+y)^2000", "too large to expand"},
		{"(x+44700)^7700", "too large to expand"},
		{strings.Repeat("9", 5000) + "^10000", "too large to expand"},
	}
	for _, tc := range tests {
		_, err := r.Parse(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want a *ParseError mentioning %q", tc.in, err, tc.want)
		}
	}
	// Below the bound a power still expands, and equals Pow.
	for _, in := range []string{"(x+y+z)^40", "(x - 2*y + 3/2*z*w + 1)^12", "(x+y)^300"} {
		f, err := r.Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		base, n := in[:strings.LastIndex(in, "^")], in[strings.LastIndex(in, "^")+1:]
		want := new(Poly).Pow(r.MustParse(base), atoi(n))
		if !f.Equal(want) {
			t.Errorf("Parse(%q) differs from Pow", in)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// TestParseContext checks that the expansion stops when the context is
// done, with the context's error, not a *ParseError.
func TestParseContext(t *testing.T) {
	r := MustRing(Grevlex, "x", "y", "z")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, in := range []string{"(x+y+z)^60", "(x+y+z)^30*(x+y+z)^30", "x = (x+y+z)^60"} {
		_, err := r.ParseEquationContext(ctx, in)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("ParseEquationContext(cancelled, %q) error = %v, want context.Canceled", in, err)
		}
	}
	_, _, err := ParseSystemContext(ctx, "x+y\n(x+y+z)^60\n", Grevlex)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ParseSystemContext(cancelled) error = %v, want context.Canceled", err)
	}
	// Small expressions need no look at the context.
	if _, err := r.ParseContext(ctx, "(x+y)^3"); err != nil {
		t.Errorf("ParseContext(cancelled, small) = %v", err)
	}
}

// TestParseErrorQuoting checks that errors quote at most about 80 bytes
// of the input and report non-ASCII characters as characters.
func TestParseErrorQuoting(t *testing.T) {
	r := MustRing(Grevlex, "x", "y")
	long := strings.Repeat("q", 120000)
	tests := []struct{ in, want string }{
		{"x + α", `unexpected character 'α'`},
		{"2α", `unexpected character 'α'`},
		{"2ä", `unexpected character 'ä'`},
		{"x − y", `unexpected character '−'`},
		{long, `unknown variable "qqqq`},
		{"x + " + long, "(120000 bytes)"},
		{strings.Repeat("1", 100000) + "x", "(100000 bytes)"},
		{"x " + long, `expected an operator, found "qqq`},
		{strings.Repeat("(", 5000) + "x", "nested more than 1000 deep"},
		{strings.Repeat("-", 5000) + "x", "nested more than 1000 deep"},
	}
	for _, tc := range tests {
		_, err := r.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%.20q...) error = %.200v, want it to mention %q", tc.in, err, tc.want)
			continue
		}
		if n := len(err.Error()); n > 200 {
			t.Errorf("Parse(%.20q...) error has %d bytes: %.200s", tc.in, n, err)
		}
	}
	vars := make([]string, 300)
	for i := range vars {
		vars[i] = "v" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	big, err := NewRing(vars, Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := big.Parse("w"); err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), "(300 in all)") {
		t.Errorf("unknown variable among 300: %v", err)
	}
	if _, err := NewRing([]string{long + "!"}, Grevlex); err == nil || len(err.Error()) > 200 {
		t.Errorf("NewRing(long name) error = %.200v", err)
	}
}

// FuzzParseErrors checks every parse error of any input: one line, valid
// UTF-8 when the input is, and at most about 80 bytes of the input quoted.
func FuzzParseErrors(f *testing.F) {
	for _, s := range []string{"x + α", "2x", strings.Repeat("(", 2000), "x^99999999", "1/0", "x $ y", strings.Repeat("y", 500) + "!"} {
		f.Add(s)
	}
	r := MustRing(Grevlex, "x", "y", "z")
	f.Fuzz(func(t *testing.T, s string) {
		_, err := r.ParseEquation(s)
		if err == nil {
			return
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Fatalf("error of %q has a newline: %q", s, msg)
		}
		if utf8.ValidString(s) && !utf8.ValidString(msg) {
			t.Fatalf("error of valid UTF-8 %q is not: %q", s, msg)
		}
		// The message's own words are under 120 bytes; the quote adds at
		// most maxQuote bytes, escaped (up to 10 bytes per byte).
		if len(msg) > 120+10*maxQuote {
			t.Fatalf("error of %d-byte input has %d bytes: %q", len(s), len(msg), msg)
		}
	})
}

// FuzzParseExpansion checks the expansion of products and powers in
// chunks, which honours the context, against Mul and Pow, and that the
// estimated number of terms of a power bounds the real one: the bound that
// refuses large expansions is never below the truth.
func FuzzParseExpansion(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7}, uint8(9))
	f.Add([]byte{9, 0, 0, 1, 2, 250, 3, 3, 3, 3, 3, 3, 3, 3, 3}, uint8(4))
	r := MustRing(Grevlex, "x", "y", "z")
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		// Terms from triples (coefficient, exponent of x, exponent of y+z).
		var cs []*big.Rat
		var ms []Monomial
		for i := 0; i+2 < len(data) && i < 3*40; i += 3 {
			cs = append(cs, big.NewRat(int64(int8(data[i])), 1))
			ms = append(ms, r.NewMonomial(int(data[i+1]%5), int(data[i+2]%3), int(data[i+2]/3%3)))
		}
		b := r.FromTerms(cs, ms)
		n := int(k % 24)
		if powerProducts(b, n) > maxParseProducts {
			// The parser refuses these before expanding; Pow on them
			// takes minutes (40 terms to the 17th hung the fuzzer).
			t.Skip()
		}
		p := &parser{ctx: context.Background(), r: r}
		got, err := p.pow(b, n)
		if err != nil {
			t.Fatal(err)
		}
		want := new(Poly).Pow(b, n)
		if !got.Equal(want) {
			t.Fatalf("chunked (%s)^%d differs from Pow", b, n)
		}
		if est := powTerms(b, n); float64(want.Len()) > est {
			t.Fatalf("(%s)^%d has %d terms, estimated at most %g", b, n, want.Len(), est)
		}
		sq, err := p.mul(want, b)
		if err != nil || !sq.Equal(new(Poly).Mul(want, b)) {
			t.Fatalf("chunked product differs from Mul (%v)", err)
		}
	})
}
