package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// TestDecomposeBadInput: bad input to decompose is one line on stderr,
// prefixed "families decompose:", with status 2 and nothing on stdout; a
// --timeout reached is status 1. None panics.
func TestDecomposeBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.sys", "vars: x y\nx*y\n")
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string // a fragment of the one-line error
	}{
		{"unknown flag", "", []string{"--frobnicate", good}, 2, "frobnicate"},
		{"unknown format", "", []string{"--format", "xml", good}, 2, "xml"},
		{"two files", "", []string{good, good}, 2, "at most one input file"},
		{"missing file", "", []string{filepath.Join(dir, "absent.sys")}, 2, "no such file"},
		{"directory", "", []string{dir}, 2, "is a directory"},
		{"empty system", "# nothing\n", []string{"-"}, 2, "no polynomials"},
		{"no variables", "3\n", nil, 2, "no variables"},
		{"polynomial does not parse", "x^2 + * y\n", nil, 2, "line 1"},
		{"second equals sign", "x = y = z\n", nil, 2, "line 1"},
		{"vars after polynomials", "x\nvars: x\n", nil, 2, "vars:"},
		{"huge power", "(x+y+z)^200\n", nil, 2, "too large to expand"},
		{"nonzero: unknown variable", "vars: x y\nx*y\n", []string{"--nonzero", "z"}, 2, "--nonzero"},
		{"nonzero: does not parse", "vars: x y\nx*y\n", []string{"--nonzero", "x +"}, 2, "--nonzero"},
		{"nonzero: spaces without commas", "vars: x y\nx*y\n", []string{"--nonzero", "x - y"}, 2, "separate polynomials that have spaces by commas"},
		{"nonzero: empty between commas", "vars: x y\nx*y\n", []string{"--nonzero", "x,,y"}, 2, "between commas"},
		{"nonzero: huge power", "vars: x y z\nx*y\n", []string{"--nonzero", "(x+y+z)^200"}, 2, "too large to expand"},
		{"vars: a variable missing", "x*y\n", []string{"--vars", "x"}, 2, "y"},
		{"all-nonzero with a value", "x*y\n", []string{"--all-nonzero=maybe"}, 2, "all-nonzero"},
		{"timeout", "(x+y+z)^60 - 1\nx*y - z\n", []string{"--timeout", "1ms"}, 1, "timed out after"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"decompose"}, tc.args...)...)
			if code != tc.code || out != "" || !strings.HasPrefix(errOut, "families decompose: ") ||
				!strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("decompose %v: status %d, stdout %q, stderr %q; want %d, nothing, one line with %q",
					tc.args, code, out, errOut, tc.code, tc.want)
			}
		})
	}
}

// TestDecomposeEdgeCases: degenerate systems get their answer, status 0.
func TestDecomposeEdgeCases(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		want        []string // fragments of stdout
	}{
		{"inconsistent", "x - 1\nx - 2\n", nil, []string{"components: 0 (no solution"}},
		{"a condition that is zero", "x*y\n", []string{"--nonzero", "0"}, []string{"components: 0"}},
		{"every condition against", "x*y\n", []string{"--all-nonzero"}, []string{"nonzero: x, y\n", "components: 0"}},
		{"constant conditions dropped", "x*y\n", []string{"--nonzero", "3, x"}, []string{"nonzero: x\n", "components: 1", "    y\n"}},
		{"the zero ideal", "vars: x y\n0\n", nil, []string{"dimension 2", "    0\n", "parameters x, y"}},
		{"the zero ideal, a condition zero", "vars: x y\nx - x\n", []string{"--nonzero", "0"}, []string{"components: 0"}},
		{"a zero polynomial beside others", "vars: x y\n0\nx\n", nil, []string{"components: 1", "parameter y"}},
		{"conditions repeated", "x*y*z\n", []string{"--nonzero", "x y", "--nonzero", "x, y", "--all-nonzero"}, []string{"nonzero: x, y, z\n", "components: 0"}},
		{"empty list", "x*y\n", []string{"--nonzero", " "}, []string{"nonzero: none", "components: 2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"decompose"}, tc.args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("status %d, stderr %q; want 0 and nothing", code, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// decomposeGoldenDir holds the golden systems and answers; rewrite the
// answers with FAMILIES_DECOMPOSE_UPDATE=1 go test ./cmd/families -run TestDecomposeGolden.
var decomposeGoldenDir = filepath.Join("..", "..", "testdata", "decompose")

// TestDecomposeGolden compares the text and JSON answers with the golden
// files of testdata/decompose: a rational and an algebraic family, the
// same with a nonzero condition, and points in three Galois orbits
// (rational, real and complex).
func TestDecomposeGolden(t *testing.T) {
	tests := []struct {
		golden string // NAME.txt and NAME.json
		args   []string
	}{
		{"curve", []string{"curve.sys"}},
		{"curve_x_nonzero", []string{"--nonzero", "x", "curve.sys"}},
		{"points", []string{"points.sys"}},
		{"points_all_nonzero", []string{"--all-nonzero", "points.sys"}},
	}
	update := os.Getenv("FAMILIES_DECOMPOSE_UPDATE") != ""
	for _, tc := range tests {
		for _, format := range []string{"text", "json"} {
			args := slices.Clone(tc.args)
			args[len(args)-1] = filepath.Join(decomposeGoldenDir, args[len(args)-1])
			code, out, errOut := runCmd(t, "", append([]string{"decompose", "--format", format}, args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("decompose %v: status %d, stderr %q", args, code, errOut)
			}
			ext := map[string]string{"text": ".txt", "json": ".json"}[format]
			path := filepath.Join(decomposeGoldenDir, tc.golden+ext)
			if update {
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("decompose --format %s %v differs from %s:\n%s", format, tc.args, path, out)
			}
		}
	}
}

// singularPrime is one of Singular's minimal associated primes in
// testdata/minass/primes.golden: dimension, mult and the basis (monic,
// sorted, each polynomial as poly's String writes it).
type singularPrime struct {
	dim, mult int
	basis     []string
}

// readClassicalPrimes reads the "classical" table of
// testdata/minass/primes.golden (format: scripts/minass/primes.sh): the
// primes of each classical system by name.
func readClassicalPrimes(t *testing.T) (names []string, primes map[string][]singularPrime) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "minass", "primes.golden")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	primes = map[string][]singularPrime{}
	in, cur := false, ""
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		fl := strings.Fields(line)
		switch {
		case len(fl) == 0 || strings.HasPrefix(line, "#"):
		case fl[0] == "table":
			in = len(fl) > 1 && fl[1] == "classical"
		case !in:
		case fl[0] == "system" && len(fl) == 4 && fl[2] == "primes":
			cur = fl[1]
			names = append(names, cur)
			primes[cur] = []singularPrime{}
		case fl[0] == "system":
			t.Fatalf("%s:%d: Singular did not finish %s: %q", path, ln, fl[1], line)
		case fl[0] == "prime" && len(fl) == 3 && cur != "":
			d, err1 := strconv.Atoi(fl[1])
			m, err2 := strconv.Atoi(fl[2])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad prime line %q", path, ln, line)
			}
			primes[cur] = append(primes[cur], singularPrime{dim: d, mult: m})
		case strings.HasPrefix(line, "  ") && cur != "" && len(primes[cur]) > 0:
			p := &primes[cur][len(primes[cur])-1]
			p.basis = append(p.basis, strings.TrimSpace(line))
		default:
			t.Fatalf("%s:%d: unexpected line %q", path, ln, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatalf("%s has no classical systems", path)
	}
	return names, primes
}

// singularTimes reads the classical systems' wall-clock seconds from
// testdata/minass/singular_times.txt ("TABLE NAME STATUS WALL CPU").
func singularTimes(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "minass", "singular_times.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 5 && f[0] == "classical" {
			out[f[1]] = f[3] + " s"
		}
	}
	return out
}

// decomposeJSON is the part of decompose's JSON answer that the
// comparison reads.
type decomposeJSON struct {
	Vars       []string `json:"vars"`
	Components []struct {
		Dimension int               `json:"dimension"`
		Degree    int               `json:"degree"`
		Prime     bool              `json:"prime"`
		Basis     []string          `json:"basis"`
		Family    *json.RawMessage  `json:"family"`
		Points    []json.RawMessage `json:"points"`
	} `json:"components"`
}

// TestDecomposeMinAss runs decompose on the classical systems of
// testdata/minass/systems (the 2x2 minors of a generic 3x4 matrix,
// cyclic-6 without its last equation, cyclic-4, cyclic-5, katsura-4, the
// adjacent 2x2 minors of a 2x5 matrix, the curve (t^3, t^4, t^5)), with
// the nonzero conditions of each file's "# nonzero:" line as --nonzero,
// and compares its components prime by prime with Singular's minAssGTZ in
// testdata/minass/primes.golden (scripts/minass/primes.sh): the same set
// of ideals (reduced grevlex bases, monic, sorted), each once, with
// Singular's dimension, each proved prime, and for a finite component as
// many points as Singular's mult. It never runs Singular. The times are
// logged beside Singular's (testdata/minass/singular_times.txt).
func TestDecomposeMinAss(t *testing.T) {
	names, primes := readClassicalPrimes(t)
	times := singularTimes(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "testdata", "minass", "systems", name+".sys")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var nonzero []string
			for _, line := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(line, "# nonzero:"); ok {
					nonzero = append(nonzero, "--nonzero", v)
				}
			}
			if nonzero == nil {
				t.Fatalf("%s has no \"# nonzero:\" line", path)
			}
			r, _, err := poly.ParseSystem(string(data), poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			args := append(append([]string{"decompose", "--format", "json", "--timeout", "2m"}, nonzero...), path)
			code, out, errOut := runCmd(t, "", args...)
			took := time.Since(start)
			if code != 0 {
				t.Fatalf("decompose %v: status %d, stderr %q", args[1:], code, errOut)
			}
			var got decomposeJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			want := map[string]singularPrime{}
			for _, p := range primes[name] {
				want[strings.Join(p.basis, "; ")] = p
			}
			seen := map[string]bool{}
			for i, c := range got.Components {
				var basis []string
				for _, s := range c.Basis {
					g, err := r.Parse(s)
					if err != nil {
						t.Fatalf("component %d: %q: %v", i+1, s, err)
					}
					basis = append(basis, g.Monic().String())
				}
				slices.Sort(basis)
				k := strings.Join(basis, "; ")
				p, ok := want[k]
				switch {
				case !ok:
					t.Errorf("component %d (dimension %d) is no prime of Singular's: %s", i+1, c.Dimension, k)
				case seen[k]:
					t.Errorf("component %d (dimension %d) is given twice", i+1, c.Dimension)
				case p.dim != c.Dimension:
					t.Errorf("component %d has dimension %d, Singular's prime %d: %s", i+1, c.Dimension, p.dim, k)
				case c.Dimension == 0 && (c.Degree != p.mult || len(c.Points) != p.mult):
					t.Errorf("component %d: %d points (degree %d), Singular's mult %d", i+1, len(c.Points), c.Degree, p.mult)
				case c.Dimension > 0 && c.Family == nil:
					t.Errorf("component %d (dimension %d) has no family", i+1, c.Dimension)
				}
				if !c.Prime {
					t.Errorf("component %d (dimension %d) is not proved prime", i+1, c.Dimension)
				}
				seen[k] = true
			}
			for _, p := range primes[name] {
				if k := strings.Join(p.basis, "; "); !seen[k] {
					t.Errorf("Singular's prime of dimension %d (mult %d) is missing: %s", p.dim, p.mult, k)
				}
			}
			t.Logf("%-16s %2d components in %6s; Singular's minAssGTZ %2d primes in %s",
				name, len(got.Components), fmt.Sprintf("%.2f s", took.Seconds()), len(primes[name]), times[name])
		})
	}
}
