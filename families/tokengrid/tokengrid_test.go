package tokengrid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readGrid(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "grids", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseFiles(t *testing.T) {
	tests := []struct {
		file       string
		rows, cols int
		check      func(*Grid) string // returns a complaint or ""
	}{
		{"s1.txt", 3, 3, func(g *Grid) string {
			if g.Number(0, 2) != (Token{Int, "192"}) || g.Cells[1][1] != (Token{Op, "x"}) || g.Cells[1][2] != (Token{Op, "/"}) {
				return "wrong tokens in S1"
			}
			return ""
		}},
		{"s4_printed.txt", 3, 3, func(g *Grid) string {
			// ÷ × − are read as / x -.
			if g.Cells[0][3] != (Token{Op, "/"}) || g.Cells[1][1] != (Token{Op, "x"}) || g.Cells[1][4] != (Token{Op, "-"}) {
				return "unicode operators not canonicalized"
			}
			return ""
		}},
		{"p1.txt", 3, 3, func(g *Grid) string {
			if g.Number(0, 0) != (Token{Word, "AB"}) || g.Number(2, 2) != (Token{Word, "EF"}) {
				return "words not read"
			}
			return ""
		}},
		{"crossmath.txt", 4, 4, func(g *Grid) string {
			if g.Number(3, 3) != AbsentToken || g.Cells[6][1] != AbsentToken || g.Cells[1][6] != AbsentToken {
				return "absent cells not read"
			}
			for R := 1; R < 7; R += 2 {
				for C := 1; C < 7; C += 2 {
					if g.Cells[R][C] != AbsentToken {
						return "short operator row left a diagonal operator"
					}
				}
			}
			if g.Cells[3][2] != (Token{Op, "/"}) || g.Number(3, 0) != (Token{Int, "13"}) {
				return "wrong tokens in the Migros cross-math grid"
			}
			return ""
		}},
		{"arithmograph.txt", 3, 3, func(g *Grid) string {
			if g.Cells[1][0] != (Token{Op, "/"}) || g.Cells[1][1] != AbsentToken || g.Cells[2][1] != (Token{Op, "x"}) {
				return "arithmograph operators wrong"
			}
			return ""
		}},
		{"wolf.txt", 3, 3, nil},
		{"wolf_mirrored.txt", 3, 3, nil},
		{"allzero.txt", 3, 3, nil},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			g, err := Parse(readGrid(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if g.Rows != tc.rows || g.Cols != tc.cols {
				t.Fatalf("size %dx%d, want %dx%d", g.Rows, g.Cols, tc.rows, tc.cols)
			}
			if err := g.ExpectSize(tc.rows, tc.cols); err != nil {
				t.Fatal(err)
			}
			if tc.check != nil {
				if msg := tc.check(g); msg != "" {
					t.Fatal(msg)
				}
			}
			s, err := Render(g)
			if err != nil {
				t.Fatal(err)
			}
			h, err := Parse(s)
			if err != nil {
				t.Fatalf("rendered grid does not parse: %v\n%s", err, s)
			}
			if !h.Equal(g) {
				t.Fatalf("round trip changed the grid:\n%s", s)
			}
			if s2, _ := Render(h); s2 != s {
				t.Fatalf("Render is not a normal form:\n%s\n%s", s, s2)
			}
		})
	}
}

func TestRender(t *testing.T) {
	g, err := Parse(readGrid(t, "crossmath.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"9   -  6  x  1   =  3",
		"-      +     x      _",
		"3   +  2  x  4   =  20",
		"+      /     x      _",
		"7   +  8  +  5   =  20",
		"=      =     =      _",
		"13  _  1  _  20  _  _",
		""}, "\n")
	if got := g.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	g, err = Parse("1 * 2 = -03\n: × ÷ - =\n4 − 5 + x7\n")
	if err != nil {
		t.Fatal(err)
	}
	want = "1  x  2  =  -3\n/  x  /  -  =\n4  -  5  +  x7\n"
	if got := g.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", " \n\t\n", "tokengrid: empty token grid: expected rows of numbers and operators"},
		{"1x1", "7\n", "tokengrid: line 1: a grid needs at least 2 columns of numbers, got 1"},
		{"one row", "1 + 2\n", "tokengrid: line 1: a grid needs at least 2 rows of numbers, got 1"},
		{"even first row", "1 + 2 =\n", "tokengrid: line 1: a number row alternates numbers and operators, so it has an odd number of tokens; got 4"},
		{"ends with operators", "1 + 2\n- -\n", "tokengrid: line 2: a grid ends with a number row (2m-1 rows in all), but row 2 is an operator row"},
		{"short number row", "1 + 2\n- x -\n3 +\n", "tokengrid: line 3: expected 3 tokens in a number row of a grid 2 numbers wide, got 2"},
		{"shape vs size", "1 + 2 = 3\n- - - - -\n4 + 5\n", "tokengrid: line 3: expected 5 tokens in a number row of a grid 3 numbers wide, got 3"},
		{"bad operator row", "1 + 2 = 3\n- - - -\n4 + 5 = 9\n", "tokengrid: line 2: expected 5 tokens (all operators) or 3 (vertical operators only) in an operator row of a grid 3 numbers wide, got 4"},
		{"operator in number cell", "1 + 2\n- x -\n+ + 3\n", `tokengrid: 3:1: expected a number (an integer, a word of letters and digits, or ?) or _, got "+"`},
		{"number in operator cell", "1 + 2\n- 5 -\n3 + 4\n", `tokengrid: 2:3: expected an operator (+ - x * × / : ÷ =) or _, got "5"`},
		{"unknown char", "1 + 2\n- x -\n3 % 4\n", `tokengrid: 3:3: expected an operator (+ - x * × / : ÷ =) or _, got "%"`},
		{"column counts characters", "÷÷ + 2\n- x -\n3 + 4\n", `tokengrid: 1:1: expected a number (an integer, a word of letters and digits, or ?) or _, got "÷÷"`},
		{"column after unicode", "1 ÷ ÷2\n- x -\n3 + 4\n", `tokengrid: 1:5: expected a number (an integer, a word of letters and digits, or ?) or _, got "÷2"`},
		{"plus sign", "+1 + 2\n- x -\n3 + 4\n", `tokengrid: 1:1: expected a number (an integer, a word of letters and digits, or ?) or _, got "+1"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Parse(tc.text)
			if err == nil {
				t.Fatalf("parsed as\n%s", g)
			}
			if err.Error() != tc.want {
				t.Fatalf("got  %s\nwant %s", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatal("error is not one line")
			}
		})
	}
	g, err := Parse(readGrid(t, "crossmath.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.ExpectSize(3, 3); err == nil || err.Error() != "tokengrid: the grid has 4x4 numbers, expected 3x3" {
		t.Fatalf("ExpectSize: %v", err)
	}
}

func TestValidate(t *testing.T) {
	g, err := New(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := Render(g); err != nil || s != "_  _  _  _  _\n_     _     _\n_  _  _  _  _\n" {
		t.Fatalf("Render(New) = %q, %v", s, err)
	}
	bad := []struct {
		name string
		edit func(*Grid)
	}{
		{"operator in number cell", func(g *Grid) { g.Cells[0][0] = Token{Op, "+"} }},
		{"number in operator cell", func(g *Grid) { g.Cells[0][1] = Token{Int, "3"} }},
		{"non-canonical integer", func(g *Grid) { g.Cells[0][0] = Token{Int, "007"} }},
		{"non-canonical operator", func(g *Grid) { g.Cells[1][1] = Token{Op, "*"} }},
		{"wrong kind", func(g *Grid) { g.Cells[0][0] = Token{Word, "12"} }},
		{"ragged", func(g *Grid) { g.Cells[1] = g.Cells[1][:2] }},
		{"rows", func(g *Grid) { g.Rows = 3 }},
		{"too small", func(g *Grid) { g.Cols = 1 }},
	}
	for _, tc := range bad {
		g, _ := New(2, 3)
		tc.edit(g)
		if _, err := Render(g); err == nil {
			t.Errorf("%s: Render accepted an invalid grid", tc.name)
		}
	}
	if _, err := New(1, 5); err == nil {
		t.Error("New(1, 5) succeeded")
	}
}

func TestTokens(t *testing.T) {
	for _, s := range []string{"+", "-", "−", "x", "*", "×", "/", ":", "÷", "="} {
		if tok, ok := OpToken(s); !ok || tok.Kind != Op {
			t.Errorf("OpToken(%q) = %v, %v", s, tok, ok)
		}
	}
	for _, s := range []string{"", "X", "%", "++"} {
		if _, ok := OpToken(s); ok {
			t.Errorf("OpToken(%q) accepted", s)
		}
	}
	if tok, _ := numberToken("-000"); tok != (Token{Int, "0"}) || tok.Int().Sign() != 0 {
		t.Errorf("-000 read as %v", tok)
	}
	if tok, ok := WordToken("A5"); !ok || tok.Int() != nil {
		t.Errorf("WordToken(A5) = %v, %v", tok, ok)
	}
	if _, ok := WordToken("55"); ok {
		t.Error("55 accepted as a word")
	}
}

// FuzzParse checks that Parse never panics and that whatever it accepts
// renders and reads back to the same grid.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"s1.txt", "crossmath.txt", "arithmograph.txt", "p1.txt", "wolf_mirrored.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "grids", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("1 + 2\n- x -\n3 + 4")
	f.Add("_ _ _\n_ _\n_ _ _\n")
	f.Add("? ÷ A\n− ×\n-1 = 0\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			if g != nil {
				t.Fatal("grid and error both returned")
			}
			return
		}
		s, err := Render(g)
		if err != nil {
			t.Fatalf("Render of a parsed grid: %v", err)
		}
		h, err := Parse(s)
		if err != nil {
			t.Fatalf("rendered grid does not parse: %v\n%s", err, s)
		}
		if !h.Equal(g) {
			t.Fatalf("round trip changed the grid:\n%s", s)
		}
	})
}
