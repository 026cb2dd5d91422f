package grid

import (
	"math/big"
	"testing"

	"github.com/families-project/families/families/tokengrid"
)

func TestTokens(t *testing.T) {
	for _, file := range []string{"s1.txt", "crossmath.txt", "allzero.txt", "s7.txt"} {
		s, vals := loadGrid(t, file)
		g, err := Tokens(s, vals)
		if err != nil {
			t.Fatal(err)
		}
		s2, vals2, err := FromTokens(g)
		if err != nil {
			t.Fatal(err)
		}
		if !s2.Equal(s) || !ratsEqual(vals2, vals) {
			t.Errorf("%s: round trip changed the grid:\n%s", file, g)
		}
	}
	// A puzzle: words and ? have no value.
	g, err := tokengrid.Parse("AB x C = DEA\n+ x / / -\nAB x B = EF\n= = = = =\n? x A = EF")
	if err != nil {
		t.Fatal(err)
	}
	s, vals, err := FromTokens(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.String() != opsP1 || vals[0] != nil || vals[6] != nil {
		t.Errorf("puzzle read as %s %v", s, vals)
	}
	h, err := Tokens(s, nil)
	if err != nil || h.Number(0, 0) != tokengrid.UnknownToken {
		t.Errorf("Tokens without values: %v %v", h, err)
	}
	if _, err := Tokens(s, []*big.Rat{big.NewRat(1, 2)}); err == nil {
		t.Error("Tokens with one value")
	}
	half := rats(1, 2, 3, 4, 5, 6, 7, 8, 9)
	half[3] = big.NewRat(1, 2)
	if _, err := Tokens(s, half); err == nil || err.Error() != "grid: tokens: number d = 1/2 is not an integer" {
		t.Errorf("non-integer: %v", err)
	}
	if _, err := Tokens(MustParseOps(".=|+x//-|x=|=====|x=", size3), nil); err == nil {
		t.Error("Tokens of a pattern")
	}
	if _, _, err := FromTokens(&tokengrid.Grid{Rows: 1, Cols: 1}); err == nil {
		t.Error("FromTokens of a 1x1 grid")
	}
}
