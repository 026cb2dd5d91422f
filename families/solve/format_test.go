package solve

import (
	"testing"

	"github.com/families-project/families/poly"
)

func TestFormat(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "a", "b", "h", "f")
	tests := []struct {
		num, den string
		person   string
		singular string
	}{
		{"b*h^2 - b*h", "1", "b h (h - 1)", "b*h*(h - 1)"},
		{"f^2 - 1", "1", "f^2 - 1", "f^2 - 1"},
		{"2*f + 4", "1", "2 f + 4", "2*f + 4"},
		{"-3/2*b", "1", "-3 b/2", "-3/2*b"},
		{"b^2*h^3 - b^2*h^2 - b*h^2 + b*h", "1", "b h (h - 1)(b h - 1)", "b*h*(h - 1)*(b*h - 1)"},
		{"f + 2", "f - 1", "(f + 2)/(f - 1)", "(f + 2)/(f - 1)"},
		{"b", "h^2 - h", "b/(h (h - 1))", "b/(h*(h - 1))"},
		{"b*h - b", "h", "b (h - 1)/h", "b*(h - 1)/h"},
		{"1", "f", "1/f", "1/f"},
		{"3", "1", "3", "3"},
		// Past maxFormatDegree a product is written expanded.
		{"b^9*h^8 - b^9*h^7", "1", "b^9 h^8 - b^9 h^7", "b^9*h^8 - b^9*h^7"},
		{"b^8*h^8 - b^8*h^7", "1", "b^8 h^7 (h - 1)", "b^8*h^7*(h - 1)"},
	}
	for _, tc := range tests {
		num, den := r.MustParse(tc.num), r.MustParse(tc.den)
		if got := FormatRational(num, den, Person); got != tc.person {
			t.Errorf("(%s)/(%s) person: %q, want %q", tc.num, tc.den, got, tc.person)
		}
		if got := FormatRational(num, den, Singular); got != tc.singular {
			t.Errorf("(%s)/(%s) singular: %q, want %q", tc.num, tc.den, got, tc.singular)
		}
	}
	m := r.MustParse("f^2*a^2 - a^2 - f*a - f^3")
	if got, want := FormatMinPoly(m, "a", Person), "(f^2 - 1) a^2 - f a - f^3"; got != want {
		t.Errorf("FormatMinPoly: %q, want %q", got, want)
	}
	if got, want := FormatMinPoly(new(poly.Poly).Neg(m), "a", Singular), "(f^2 - 1)*a^2 - f*a - f^3"; got != want {
		t.Errorf("FormatMinPoly: %q, want %q", got, want)
	}
}
