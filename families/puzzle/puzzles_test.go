package puzzle

import (
	"context"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
	"maps"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

func bigs(v ...int64) []*big.Int {
	out := make([]*big.Int, len(v))
	for i, x := range v {
		out[i] = big.NewInt(x)
	}
	return out
}

func TestEncode(t *testing.T) {
	tests := []struct {
		name    string
		vals    []*big.Int
		words   string
		letters string
	}{
		{"S1 gives P1", bigs(24, 8, 192, 24, 4, 96, 48, 2, 96), "AB C DEA AB B EF BC A EF", "A=2 B=4 C=8 D=1 E=9 F=6"},
		{"ten digits", bigs(1234567890, 9), "ABCDEFGHJK J", "A=1 B=2 C=3 D=4 E=5 F=6 G=7 H=8 J=9 K=0"},
		{"absent number", []*big.Int{big.NewInt(7), nil, big.NewInt(77)}, "A  AA", "A=7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			words, letters, err := Encode(tc.vals, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(words, " "); got != tc.words {
				t.Errorf("words %q, want %q", got, tc.words)
			}
			if got := letters.String(); got != tc.letters {
				t.Errorf("letters %q, want %q", got, tc.letters)
			}
		})
	}
	if _, _, err := Encode(bigs(-3), nil); err == nil {
		t.Error("a negative number was encoded")
	}
}

// TestEncodeRandom checks that random letters keep the encoding's rule
// (one letter per digit, consistently) and depend on the seed only.
func TestEncodeRandom(t *testing.T) {
	vals := bigs(24, 8, 192, 24, 4, 96, 48, 2, 96)
	enc := func(seed uint64) ([]string, digits.Solution) {
		w, l, err := Encode(vals, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		return w, l
	}
	w1, l1 := enc(7)
	w2, l2 := enc(7)
	if !slices.Equal(w1, w2) || !maps.Equal(l1, l2) {
		t.Error("the same seed gave different letters")
	}
	if w3, _ := enc(8); slices.Equal(w1, w3) {
		t.Error("seeds 7 and 8 gave the same letters")
	}
	for i, w := range w1 {
		var b strings.Builder
		for _, c := range w {
			b.WriteByte(byte('0' + l1[c]))
		}
		if b.String() != vals[i].String() {
			t.Errorf("word %s decodes to %s, want %s", w, b.String(), vals[i])
		}
	}
	if len(l1) != 6 {
		t.Errorf("%d letters for 6 digits", len(l1))
	}
}

// TestP1FromFamily generates Wolf's puzzle P1: the member S1 of P1's
// family, with the diagonals as clues and canonical letters, is exactly the
// token grid of testdata/puzzles/p1.grid.
func TestP1FromFamily(t *testing.T) {
	src := memberstest.SeedFamilies[2].Source(t)
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "puzzles", "p1.grid"))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := ParseGrid(string(b), Rules{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tokengrid.Render(g)
	var got *Puzzle
	err = EachPuzzle(context.Background(), src, members.Filter{Min: 2}, PuzzleOptions{Diagonals: true}, func(p *Puzzle) bool {
		if p.Solution.String() == "24 8 192 / 24 4 96 / 48 2 96" {
			got = p
		}
		return got == nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got == nil {
		t.Fatal("S1 gave no unique puzzle")
	}
	if got.Text() != want {
		t.Errorf("puzzle of S1:\n%s\nwant P1:\n%s", got.Text(), want)
	}
}

// TestGeneratedPuzzles re-checks generated puzzles of Wolf's families
// (with and without diagonals, canonical and random letters): a plain
// exhaustive solver (digits.BruteForce) finds exactly one solution, the
// encoded member; the printed grid read back as `families solve` reads it
// has that one solution too; and so does every expressible one of its 8
// equivalent forms (Wolf 2010).
func TestGeneratedPuzzles(t *testing.T) {
	ctx := context.Background()
	n := 8
	if testing.Short() {
		n = 2
	}
	for _, sf := range memberstest.SeedFamilies {
		src := sf.Source(t)
		for _, opt := range []PuzzleOptions{{Diagonals: true}, {}, {Random: true, Seed: 3}} {
			name := sf.Name
			if opt.Diagonals {
				name += "/diagonals"
			}
			if opt.Random {
				name += "/random"
			}
			t.Run(name, func(t *testing.T) {
				ps, err := Puzzles(ctx, src, members.Filter{Min: 2, MaxDigits: 3}, opt, n)
				if err != nil {
					t.Fatal(err)
				}
				if len(ps) != n {
					t.Fatalf("%d puzzles, want %d", len(ps), n)
				}
				for _, p := range ps {
					memberstest.CheckMember(t, src, p.Solution)
					res, err := p.Digits.BruteForce(ctx, 2)
					if err != nil {
						t.Fatal(err)
					}
					if res.Status != digits.Unique || !maps.Equal(res.Solutions[0], p.Letters) {
						t.Errorf("brute force: %v %v, want unique %v\n%s", res.Status, res.Solutions, p.Letters, p.Text())
					}
					checkReadBack(t, p.Text(), src.Eval, p.Letters)
					checkOrbit(t, src, p, opt.Diagonals)
				}
			})
		}
	}
}

// TestPuzzlesSkipLong makes puzzles from the one-parameter family with a
// point of it at k = 10^19 listed first (a point has sum 0): its numbers
// have 20 digits, more than the digit solver takes, which used to end the
// run with the solver's error. It is skipped and reported, and the
// family's puzzles follow.
func TestPuzzlesSkipLong(t *testing.T) {
	src := memberstest.SeedFamilies[0].Source(t)
	r := src.System.Ring
	k, _ := new(big.Int).SetString("10000000000000000000", 10)
	kv := map[string]*big.Int{"a": k, "b": big.NewInt(2), "c": new(big.Int).Add(k, big.NewInt(2)), "d": big.NewInt(2),
		"f": new(big.Int).Sub(k, big.NewInt(2)), "g": k, "h": new(big.Int).Lsh(k, 1), "k": k, "m": big.NewInt(2)}
	vals := make([]*big.Rat, r.NumVars())
	for v := range vals {
		vals[v] = new(big.Rat).SetInt(kv[r.VarName(v)])
	}
	point, err := members.NewPoint(r, vals)
	if err != nil {
		t.Fatal(err)
	}
	src.Families = append([]*members.Family{point}, src.Families...)
	tests := []struct {
		name string
		f    members.Filter
		n    int
		want []string // the solutions of the puzzles
	}{
		{"long point first", members.Filter{Min: 2}, 2, []string{"4 2 6 / 2 2 4 / 8 4 2", "6 2 8 / 2 4 6 / 12 6 2"}},
		// The family's first member with Min 2 is at k = 4.
		{"only the long point", members.Filter{Min: 2, MaxSum: 3}, 1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var skipped []string
			opt := PuzzleOptions{Skipped: func(m *members.Member) { skipped = append(skipped, m.String()) }}
			ps, err := Puzzles(context.Background(), src, tc.f, opt, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range ps {
				got = append(got, p.Solution.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("puzzles of %q, want %q", got, tc.want)
			}
			if len(skipped) == 0 || skipped[0] != "10000000000000000000 2 10000000000000000002 / 2 9999999999999999998 10000000000000000000 / 20000000000000000000 10000000000000000000 2" {
				t.Errorf("skipped %q, want the point first", skipped)
			}
		})
	}
}

// checkReadBack solves the printed puzzle as `families solve` does.
func checkReadBack(t *testing.T, text string, ev grid.Eval, want digits.Solution) {
	t.Helper()
	_, dp, err := ParseGrid(text, Rules{Eval: ev})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	res, err := dp.Solve(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != digits.Unique || !maps.Equal(res.Solutions[0], want) {
		t.Errorf("read back: %v %v, want unique %v\n%s", res.Status, res.Solutions, want, text)
	}
}

// checkOrbit encodes every expressible image of the puzzle's member under
// the symmetries of the square and checks that its puzzle is unique too.
func checkOrbit(t *testing.T, src *members.Source, p *Puzzle, diagonals bool) {
	t.Helper()
	sel := src.Lines
	if !diagonals {
		sel &^= grid.Diag | grid.Short
	}
	imgs, err := src.Setting.Orbit(p.Solution.Rats(), sel, src.Eval)
	if err != nil {
		t.Fatal(err)
	}
	expressible := 0
	for _, img := range imgs {
		if img.Err != nil {
			continue
		}
		expressible++
		shown, err := shownSetting(img.Setting, sel)
		if err != nil {
			t.Fatal(err)
		}
		g, err := grid.Tokens(shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		vals := make([]*big.Int, len(img.Values))
		for i, v := range img.Values {
			vals[i] = v.Num()
		}
		words, letters, err := Encode(vals, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range words {
			pos := shown.Size().NumberPos(i)
			g.Cells[pos.R][pos.C], _ = tokengrid.WordToken(w)
		}
		text, err := tokengrid.Render(g)
		if err != nil {
			t.Fatal(err)
		}
		checkReadBack(t, text, src.Eval, letters)
	}
	if expressible == 0 {
		t.Error("no expressible form")
	}
	t.Logf("%s: %d of %d forms expressible, all unique", p.Solution, expressible, len(imgs))
}

// TestSeedGrids solves the token-grid puzzles of testdata/puzzles: Wolf's
// P1 and its first puzzle (read left to right), the ArithmoGraph's
// ArithmoGraph and the Migros cross-math, each with its published
// solution as its whole solution set, by Solve and by BruteForce.
func TestSeedGrids(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "puzzles", "*.grid"))
	if err != nil || len(files) < 4 {
		t.Fatalf("grids %v, err %v", files, err)
	}
	ctx := context.Background()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var rules Rules
			var want []string
			for _, line := range strings.Split(string(b), "\n") {
				if s, ok := strings.CutPrefix(line, "# want: "); ok {
					want = append(want, s)
				}
				if s, ok := strings.CutPrefix(line, "# flags: "); ok {
					fs := strings.Fields(s)
					for i := 0; i+1 < len(fs); i += 2 {
						switch fs[i] {
						case "--eval":
							rules.Eval, err = grid.ParseEval(fs[i+1])
						case "--distinct-digits":
							rules.Digits, err = ParseDigits(fs[i+1])
						}
						if err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			_, p, err := ParseGrid(string(b), rules)
			if err != nil {
				t.Fatal(err)
			}
			for _, solver := range []func(context.Context, int) (digits.Result, error){p.Solve, p.BruteForce} {
				res, err := solver(ctx, 0)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, s := range res.Solutions {
					got = append(got, s.String())
				}
				if !slices.Equal(got, want) {
					t.Errorf("solutions %q, want %q", got, want)
				}
			}
		})
	}
}

// TestBadGrids checks that malformed puzzles give a clear error.
func TestBadGrids(t *testing.T) {
	const rest = "+ x / / -\nAB x B = EF\n= = = = =\nBC x A = EF\n"
	tests := []struct {
		name, text, want string
	}{
		{"unbalanced", "AB x C = DEA\n+ x / / -\nAB x B\n", "expected 5 tokens"},
		{"operator for a number", "AB x + = DEA\n" + rest, `got "+"`},
		{"x for a number", "AB x x = DEA\n" + rest, "operator x"},
		{"eleven letters", "ABCDEF x GHJKLM = N\n" + rest, "only 10 digits"},
		{"leading zero", "AB x 012 = DEA\n" + rest, "leading zero"},
		{"leading zero word", "AB x 0C = DEA\n" + rest, "leading zero"},
		{"unknown", "AB x ? = DEA\n" + rest, "is ?"},
		{"negative", "AB x -3 = DEA\n" + rest, "negative"},
		{"lower case", "Ab x C = DEA\n" + rest, "lower-case"},
		{"no lines", "A _ B\n_ _\nC _ D\n", "no line"},
		{"empty", "# only a comment\n", "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParseGrid(tc.text, Rules{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestParseDigits(t *testing.T) {
	tests := []struct {
		in   string
		want []int
		bad  bool
	}{
		{"1-9", []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, false},
		{"0-9", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, false},
		{"02468", []int{0, 2, 4, 6, 8}, false},
		{"9-1", nil, true},
		{"1-x", nil, true},
		{"", nil, true},
	}
	for _, tc := range tests {
		got, err := ParseDigits(tc.in)
		if (err != nil) != tc.bad || !slices.Equal(got, tc.want) {
			t.Errorf("ParseDigits(%q) = %v, %v", tc.in, got, err)
		}
	}
}
