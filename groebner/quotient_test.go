package groebner

import (
	"context"
	"math/big"
	"testing"

	"github.com/families-project/families/poly"
)

// TestQuotient: the multiplication maps of Katsura-3's quotient (degree 8)
// agree with normal forms of products, and the dimension is the degree; a
// positive-dimensional ideal and the zero ideal have no quotient here.
func TestQuotient(t *testing.T) {
	_, G := systemBasis(t, katsura(3))
	q, ok := NewQuotient(G, 100)
	if !ok {
		t.Fatal("no quotient for a zero-dimensional ideal")
	}
	if d, _ := Degree(G, 100); q.Dim() != d || d != 8 {
		t.Fatalf("Dim %d, degree %d, want 8", q.Dim(), d)
	}
	r := G[0].Ring()
	one := []*big.Rat{big.NewRat(1, 1)}
	for v := range r.NumVars() {
		for j, b := range q.Basis() {
			u := make([]*big.Rat, q.Dim())
			for i := range u {
				u[i] = new(big.Rat)
			}
			u[j].SetInt64(1)
			got := q.MulVar(v, u)
			want := q.Coords(new(poly.Poly).Mul(r.Var(v), r.FromTerms(one, []poly.Monomial{b})))
			for i := range got {
				if got[i].Cmp(want[i]) != 0 {
					t.Fatalf("x_%d times basis monomial %d: %v, want %v", v, j, got, want)
				}
			}
		}
	}
	if _, ok := NewQuotient(G, 7); ok {
		t.Error("a quotient of dimension 8 within a bound of 7")
	}
	rp := poly.MustRing(poly.Grevlex, "x", "y")
	if _, ok := NewQuotient([]*poly.Poly{rp.MustParse("x^2 - y")}, 100); ok {
		t.Error("a quotient for a curve")
	}
	if _, ok := NewQuotient([]*poly.Poly{rp.Zero()}, 100); ok {
		t.Error("a quotient for the zero ideal")
	}
}

// systemBasis parses the system sys in grevlex and returns its
// polynomials F and their reduced basis G.
func systemBasis(t testing.TB, sys string) (F, G []*poly.Poly) {
	t.Helper()
	_, F, err := poly.ParseSystem(sys, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	if G, err = Basis(context.Background(), F, Limits{}); err != nil {
		t.Fatal(err)
	}
	return F, G
}
