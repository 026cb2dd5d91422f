package groebner

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// TestLexBasisSingular checks Basis called directly in lex on every golden
// system with a Singular lex basis: zero-dimensional ideals go through the
// grevlex basis and FGLM (viaFGLM), the others through the lex run, and
// both must give Singular's reduced basis.
func TestLexBasisSingular(t *testing.T) { basisInOrderSingular(t, "lex", poly.Lex) }

// basisInOrderSingular checks Basis in ord on every golden system with a
// Singular basis in testdata/groebner/NAME.ext, and that there are at
// least 40 of them.
func basisInOrderSingular(t *testing.T, ext string, ord poly.Order) {
	files, _ := filepath.Glob("../testdata/systems/*.sys")
	n := 0
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".sys")
		want, ok := readGolden(t, "../testdata/groebner/"+name+"."+ext)
		if !ok {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			r, F, _ := loadSystem(t, path)
			or, _ := r.WithOrder(ord)
			G, err := Basis(context.Background(), mustMove(t, F, or), Limits{Timeout: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			sameBasis(t, or, G, want.basis)
			checkInvariants(t, G, want)
		})
	}
	if n < 40 {
		t.Fatalf("expected at least 40 golden %s bases, found %d", ext, n)
	}
}

// TestViaFGLM checks the lex path's choices: a zero-dimensional ideal
// gives the lex basis the lex run gives, a positive-dimensional one
// (grid_oneparam) and the unit ideal (random_20) are handled, and the
// trace path forced gives the same bases.
func TestViaFGLM(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool // viaFGLM answers
	}{
		{"cyclic5", true}, {"katsura4", true}, {"random_07", true},
		{"grid_oneparam", false}, {"random_20", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, F, _ := loadSystem(t, "../testdata/systems/"+tc.name+".sys")
			lr, _ := r.WithOrder(poly.Lex)
			Fl := nonzeroSorted(lr, mustMove(t, F, lr))
			l, cancel := newLimits(context.Background(), Limits{})
			defer cancel()
			G, ok, err := viaFGLM(lr, &l, Fl)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.ok {
				t.Fatalf("viaFGLM ok = %v, want %v", ok, tc.ok)
			}
			defer func(old int) { forcePath = old }(forcePath)
			forcePath = pathTrace
			want, err := Basis(context.Background(), Fl, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if ok && !sameStrings(G, want) {
				t.Errorf("viaFGLM gave %d elements, the lex run %d, or they differ", len(G), len(want))
			}
		})
	}
}

func sameStrings(a, b []*poly.Poly) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k].String() != b[k].String() {
			return false
		}
	}
	return true
}

// TestOnlyTime checks which errors of the grevlex side end Basis in lex
// (the caller's deadline and cancellation) and which let the lex run
// decide (every other bound, FGLM's refusals).
func TestOnlyTime(t *testing.T) {
	for _, tc := range []struct {
		err  error
		keep bool
	}{
		{nil, false},
		{&LimitError{Limit: LimitTime}, true},
		{&LimitError{Limit: LimitCanceled}, true},
		{&LimitError{Limit: LimitBasisSize}, false},
		{&LimitError{Limit: LimitCoeffBits}, false},
		{&LimitError{Limit: LimitDegree}, false},
		{fmt.Errorf("groebner: FGLM needs a zero-dimensional ideal"), false},
	} {
		if got := onlyTime(tc.err); (got != nil) != tc.keep {
			t.Errorf("onlyTime(%v) = %v, want kept %v", tc.err, got, tc.keep)
		}
	}
}
