package grid

import (
	"math/big"
	"strings"
	"testing"

	"github.com/families-project/families/families/tokengrid"
)

var size3 = Size{3, 3}

// The four example settings of the README, all from Wolf (2010).
const (
	opsP1       = "x=|+x//-|x=|=====|x="
	opsOneParam = "+=|x-++-|+=|=====|/="
	opsTwoParam = "-=|-xx/+|x=|=====|x="
	opsAllZero  = "--|-----|-/|x-+--|+-"
)

func TestParseOps(t *testing.T) {
	for _, ops := range []string{opsP1, opsOneParam, opsTwoParam, opsAllZero} {
		s, err := ParseOps(ops, size3)
		if err != nil {
			t.Fatal(err)
		}
		if s.String() != ops {
			t.Errorf("String() = %s, want %s", s, ops)
		}
	}
	// Separators and spellings.
	a := MustParseOps("x = | + x / / - | x = | = = = = = | x =", size3)
	b := MustParseOps("*=,+×÷:−,×=,=====,*=", size3)
	c := MustParseOps("x=+x//-x======x=", size3)
	if !a.Equal(b) || !a.Equal(c) || a.String() != opsP1 {
		t.Errorf("spellings differ: %s %s %s", a, b, c)
	}
	s := MustParseOps(".=|.....|.=|=====|.=", size3)
	if s.Wildcards() != 8 || !s.HasEq() {
		t.Errorf("wildcards %d", s.Wildcards())
	}
	if got := MustParseOps("__|_____|__|_____|__", size3).String(); got != "__|_____|__|_____|__" {
		t.Errorf("absent operators: %s", got)
	}
	ops := MustParseOps(opsP1, size3).Ops()
	if len(ops) != 16 || ops[0] != Mul || ops[1] != Eq || ops[2] != Add {
		t.Errorf("Ops() = %v", ops)
	}
	if _, err := NewSetting(size3, append(ops, Add)); err == nil {
		t.Error("NewSetting accepted 17 operators")
	}
}

func TestParseOpsErrors(t *testing.T) {
	tests := []struct {
		name, ops string
		z         Size
		want      string
	}{
		{"short", "x=|+x//-|x=|=====|x", size3, "grid: ops: expected 16 operators for a 3x3 grid, got 15"},
		{"long", "x=|+x//-|x=|=====|x=+", size3, "grid: ops: expected 16 operators for a 3x3 grid, got 17"},
		{"empty", "", size3, "grid: ops: expected 16 operators for a 3x3 grid, got 0"},
		{"other size", opsP1, Size{3, 4}, "grid: ops: expected 23 operators for a 3x4 grid, got 16"},
		{"unknown char", "x=|+x/?-|x=|=====|x=", size3, `grid: ops: unknown character '?' at position 7: expected one of + - x * × / : ÷ = . _ or a separator | , space`},
		{"unknown unicode", "x=|+x//-|x=|=====|x≠", size3, `grid: ops: unknown character '≠' at position 20: expected one of + - x * × / : ÷ = . _ or a separator | , space`},
		{"letter", "X=|+x//-|x=|=====|x=", size3, `grid: ops: unknown character 'X' at position 1: expected one of + - x * × / : ÷ = . _ or a separator | , space`},
		{"1x1", "", Size{1, 1}, "grid: bad size 1x1: a grid needs at least 2 rows and 2 columns of numbers"},
		{"bad size", "+", Size{1, 2}, "grid: bad size 1x2: a grid needs at least 2 rows and 2 columns of numbers"},
		{"huge", "+", Size{1000, 3}, "grid: bad size 1000x3: at most 100x100 numbers are supported"},
		{"only = row", "==|+x//-|x=|=====|x=", size3,
			"grid: ops ==|+x//-|x=|=====|x=: row 1 (a = b = c) has only = operators, which would only make its numbers equal"},
		{"only = column", "x=|=x//-|x=|=====|x=", size3,
			"grid: ops x=|=x//-|x=|=====|x=: column 1 (a = d = h) has only = operators, which would only make its numbers equal"},
		{"only = diagonal", "x=|+=//-|x=|=====|x=", size3,
			"grid: ops x=|+=//-|x=|=====|x=: diagonal (a = f = m) has only = operators, which would only make its numbers equal"},
		{"only = 2x2 row", "=|+x-|-", Size{2, 2},
			"grid: ops =|+x-|-: row 1 (a = b) has only = operators, which would only make its numbers equal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseOps(tc.ops, tc.z)
			if err == nil {
				t.Fatalf("accepted as %s", s)
			}
			if err.Error() != tc.want {
				t.Fatalf("got  %s\nwant %s", err, tc.want)
			}
		})
	}
	// A short diagonal of only = is refused only where short diagonals are
	// conditions: P1's d = k is not one by default.
	s := MustParseOps(opsP1, size3)
	if _, err := s.Lines(0); err != nil {
		t.Fatal(err)
	}
	_, err := s.Lines(AllLines)
	if err == nil || !strings.Contains(err.Error(), "short diagonal d-k (d = k) has only = operators") {
		t.Fatalf("Lines(all) of P1: %v", err)
	}
}

func TestPattern(t *testing.T) {
	p := MustParseOps("+.|-----|-/|x-.--|+-", size3)
	if n := p.Count(); n.Int64() != 16 {
		t.Fatalf("Count = %v", n)
	}
	var all []string
	for s := range p.All() {
		all = append(all, s.String())
	}
	if len(all) != 16 || all[0] != "++|-----|-/|x-+--|+-" || all[1] != "++|-----|-/|x----|+-" ||
		all[4] != "+-|-----|-/|x-+--|+-" || all[15] != "+/|-----|-/|x-/--|+-" {
		t.Fatalf("All() = %v", all)
	}
	for i, s := range all {
		n, err := p.Nth(big.NewInt(int64(i)))
		if err != nil || n.String() != s {
			t.Errorf("Nth(%d) = %v, %v; want %s", i, n, err, s)
		}
	}
	for _, i := range []int64{-1, 16} {
		if _, err := p.Nth(big.NewInt(i)); err == nil {
			t.Errorf("Nth(%d) accepted", i)
		}
	}
	// The all-lines-zero space of Wolf (2010): 4^16 settings.
	q := MustParseOps("..|.....|..|.....|..", size3)
	if q.Count().Cmp(new(big.Int).Lsh(big.NewInt(1), 32)) != 0 {
		t.Errorf("Count = %v", q.Count())
	}
	last, err := q.Nth(new(big.Int).Sub(q.Count(), big.NewInt(1)))
	if err != nil || last.String() != "//|/////|//|/////|//" {
		t.Errorf("last = %v, %v", last, err)
	}
	k := 0
	for range q.All() {
		if k++; k == 100 {
			break
		}
	}
	one := MustParseOps(opsP1, size3)
	if one.Count().Int64() != 1 {
		t.Error("a setting without wildcards matches one setting")
	}
	for s := range one.All() {
		if !s.Equal(one) {
			t.Error("All of a setting is itself")
		}
	}
}

// FuzzParseOps checks that ParseOps never panics and that what it accepts
// prints and reads back to the same setting.
func FuzzParseOps(f *testing.F) {
	for _, ops := range []string{opsP1, opsOneParam, opsTwoParam, opsAllZero, ".=|.....|.=|=====|.=", "==|...", "x = | × ÷ : * −"} {
		f.Add(ops, 3, 3)
	}
	f.Add("+=|x-_|-", 2, 2)
	f.Add("", 1, 1)
	f.Add("+", -5, 1<<40)
	f.Fuzz(func(t *testing.T, ops string, m, n int) {
		s, err := ParseOps(ops, Size{m, n})
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		u, err := ParseOps(s.String(), s.Size())
		if err != nil || !u.Equal(s) {
			t.Fatalf("String() %s does not read back: %v", s, err)
		}
		if _, err := s.Lines(AllLines); err != nil && !strings.Contains(err.Error(), "only =") {
			t.Fatal(err)
		}
	})
}

// TestParseOpSpellings: ParseOp reads the operators in exactly the
// spellings of the token-grid format, plus . and _, and Op.String gives
// the canonical character back.
func TestParseOpSpellings(t *testing.T) {
	for _, r := range "+-−x*×/:÷=._?Xa≠| " {
		o, ok := ParseOp(r)
		tok, isOp := tokengrid.OpToken(string(r))
		switch {
		case r == '.' || r == '_':
			if !ok || o.String() != string(r) {
				t.Errorf("ParseOp(%q) = %v, %v; want %q", r, o, ok, string(r))
			}
		case ok != isOp || ok && o.String() != tok.Text:
			t.Errorf("ParseOp(%q) = %v, %v; tokengrid.OpToken gives %q, %v", r, o, ok, tok.Text, isOp)
		}
	}
	for o := Absent; o <= Any; o++ {
		if back, ok := ParseOp([]rune(o.String())[0]); !ok || back != o {
			t.Errorf("ParseOp(%v.String()) = %v, %v", o, back, ok)
		}
	}
	if s := Op(Any + 1).String(); s != "?" {
		t.Errorf("String of an unknown Op = %q", s)
	}
}
