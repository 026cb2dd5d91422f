package words

import (
	"math/big"
	"testing"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "grid", "0 grids"},
		{1, "grid", "1 grid"},
		{2, "grid", "2 grids"},
		{-1, "grid", "-1 grid"},
		{1, "family", "1 family"},
		{7, "family", "7 families"},
		{2, "day", "2 days"},
		{1, "analysis", "1 analysis"},
		{3, "analysis", "3 analyses"},
		{2, "basis", "2 bases"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "operator cell", "2 operator cells"},
		{1, "operator cell", "1 operator cell"},
		{4, "lines", "4 lineses"}, // the caller passes the singular
		{2, "", "2 "},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Count(uint64(1), "record"); got != "1 record" {
		t.Errorf("Count(uint64 1) = %q", got)
	}
	if got := Count(int64(1<<40), "step"); got != "1099511627776 steps" {
		t.Errorf("Count(2^40) = %q", got)
	}
}

func TestNoun(t *testing.T) {
	if got := Noun(1, "setting"); got != "setting" {
		t.Errorf("Noun(1) = %q", got)
	}
	if got := Noun(0, "setting"); got != "settings" {
		t.Errorf("Noun(0) = %q", got)
	}
}

func TestPick(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "pass"}, {1, "passes"}, {2, "pass"}, {-1, "passes"}} {
		if got := Pick(c.n, "passes", "pass"); got != c.want {
			t.Errorf("Pick(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestCountBig(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	for _, c := range []struct {
		n    *big.Int
		want string
	}{
		{nil, "0 settings"},
		{big.NewInt(1), "1 setting"},
		{big.NewInt(16), "16 settings"},
		{huge, "123456789012345678901234567890 settings"},
	} {
		if got := CountBig(c.n, "setting"); got != c.want {
			t.Errorf("CountBig(%v) = %q, want %q", c.n, got, c.want)
		}
	}
}
