package render_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/render"
	"github.com/families-project/families/internal/crosscheck"
)

// settings of each kind of answer: a polynomial family (the default grid
// of Wolf 2010), a two-parameter one (P1), an algebraic family, finite
// solutions with square roots and complex ones, a 4x4 rational family
// with long formulas, no solution.
var settings = []struct {
	name, size, ops string
}{
	{"polynomial", "3x3", "+=|x-++-|+=|=====|/="},
	{"P1", "3x3", "x=|+x//-|x=|=====|x="},
	{"algebraic", "3x3", "+=|x-++-|+=|=====|x="},
	{"sqrt", "3x3", "+-|/----|-/|--x-/|--"},
	{"complex", "3x3", "-/|-----|-+|--+-x|--"},
	{"4x4", "4x4", "+=+|x_-_+_-|x=x|=_=_=_=|+-=|x_x_+_+|+=x"},
	{"none", "3x3", "x=|x-xx+|x=|=====|x="},
}

func analyze(t *testing.T, size, ops string) *families.Report {
	t.Helper()
	z, err := grid.ParseSize(size)
	if err != nil {
		t.Fatal(err)
	}
	s, err := grid.ParseOps(ops, z)
	if err != nil {
		t.Fatal(err)
	}
	var opt families.Options
	if size == "4x4" {
		opt.Lines = grid.Rows | grid.Cols
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := families.Analyze(ctx, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func latex(t *testing.T, rep *families.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := render.LaTeX(context.Background(), &b, rep); err != nil {
		t.Fatal(err)
	}
	if err := render.LaTeXEnd(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLaTeXStructure: every environment that begins ends, in order; braces
// balance; math delimiters pair up; no character that LaTeX reads as
// special is left raw in text (issue 29, item 11).
func TestLaTeXStructure(t *testing.T) {
	env := regexp.MustCompile(`\\(begin|end)\{([a-z*]+)\}`)
	for _, tc := range settings {
		t.Run(tc.name, func(t *testing.T) {
			doc := latex(t, analyze(t, tc.size, tc.ops))
			var stack []string
			for _, m := range env.FindAllStringSubmatch(doc, -1) {
				if m[1] == "begin" {
					stack = append(stack, m[2])
				} else if len(stack) == 0 || stack[len(stack)-1] != m[2] {
					t.Fatalf("\\end{%s} closes %v", m[2], stack)
				} else {
					stack = stack[:len(stack)-1]
				}
			}
			if len(stack) != 0 {
				t.Errorf("unclosed environments %v", stack)
			}
			unescaped := strings.NewReplacer(`\{`, "", `\}`, "", `\$`, "").Replace(doc)
			if strings.Count(unescaped, "{") != strings.Count(unescaped, "}") {
				t.Errorf("braces do not balance: %d { and %d }", strings.Count(unescaped, "{"), strings.Count(unescaped, "}"))
			}
			if strings.Count(unescaped, "$")%2 != 0 || strings.Count(doc, `\[`) != strings.Count(doc, `\]`) {
				t.Errorf("math delimiters do not pair up")
			}
			if strings.Contains(doc, "|") || strings.Contains(doc, "^(") || regexp.MustCompile(`[a-z]_[0-9]+_`).MatchString(doc) {
				t.Errorf("a raw | , ^( or double subscript in the document")
			}
			if !strings.Contains(doc, `\begin{array}`) || !strings.HasSuffix(doc, "\\end{document}\n") {
				t.Errorf("no grid array, or the document is not closed")
			}
		})
	}
}

// TestLaTeXCompiles runs pdflatex on the document of every kind of answer
// (CI installs texlive-latex-base; elsewhere the test skips without it).
func TestLaTeXCompiles(t *testing.T) {
	pdflatex := crosscheck.LookPath(t, "apt-get install texlive-latex-base", "pdflatex")
	if pdflatex == "" {
		return
	}
	dir := t.TempDir()
	for _, tc := range settings {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join(dir, tc.name+".tex")
			if err := os.WriteFile(f, []byte(latex(t, analyze(t, tc.size, tc.ops))), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir, f)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("pdflatex: %v\n%s", err, out)
			}
			if fi, err := os.Stat(strings.TrimSuffix(f, ".tex") + ".pdf"); err != nil || fi.Size() == 0 {
				t.Errorf("no PDF: %v", err)
			}
		})
	}
}

// TestTextFitsWidth: a family drawn in its grid fits render.MaxWidth
// columns; the 4x4 family drew about 250 (issue 29, item 7); the 3x3
// families keep their formulas in the drawing.
func TestTextFitsWidth(t *testing.T) {
	for _, tc := range settings {
		var b bytes.Buffer
		if err := render.Text(context.Background(), &b, analyze(t, tc.size, tc.ops)); err != nil {
			t.Fatal(err)
		}
		_, fams, _ := strings.Cut(b.String(), "\nfamilies:")
		for _, l := range strings.Split(fams, "\n") {
			if strings.HasPrefix(l, "    ") && !strings.Contains(l, " = ") && !strings.Contains(l, ": ") && len([]rune(l)) > render.MaxWidth+4 {
				t.Errorf("%s: a drawn line of %d columns: %.60q", tc.name, len([]rune(l)), l)
			}
		}
		if tc.name == "polynomial" && !strings.Contains(b.String(), "    2 k  /  k      =  2") {
			t.Errorf("the default family's drawing changed:\n%s", b.String())
		}
	}
}

// ExampleLaTeX writes the grid of Wolf's one-parameter family as LaTeX.
func ExampleLaTeX() {
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	rep, _ := families.Analyze(context.Background(), s, families.Options{})
	var b bytes.Buffer
	_ = render.LaTeX(context.Background(), &b, rep)
	doc := b.String()
	i := strings.Index(doc, `\[`)
	os.Stdout.WriteString(doc[i : strings.Index(doc[i:], `\]`)+i+3])
	// Output:
	// \[
	// \begin{array}{ccccc}
	//   a & + & b & = & c \\
	//   \times & - & + & + & - \\
	//   d & + & f & = & g \\
	//   = & = & = & = & = \\
	//   h & \div & k & = & m
	// \end{array}
	// \]
}

// TestScript: the script of each language holds the system, the
// saturation by every nonzero condition and the basis to compare with, and
// names nothing that a grid's number could be (every name it introduces
// starts with fam); a 4x4 grid's indexed numbers are Macaulay2's x_(R,C).
func TestScript(t *testing.T) {
	rep := analyze(t, "3x3", "x=|+x//-|x=|=====|x=")
	for _, lang := range render.ScriptLanguages {
		sc := render.Script(rep, lang, "a test")
		for _, want := range append([]string{"from a test", "basis: as families found"}, rep.Nonzero...) {
			if !strings.Contains(sc, want) {
				t.Errorf("%s: no %q in\n%s", lang, want, sc)
			}
		}
		for _, e := range rep.Equations {
			if !strings.Contains(sc, e) {
				t.Errorf("%s: the equation %s is missing", lang, e)
			}
		}
	}
	big := render.Script(analyze(t, "4x4", "+=+|x_-_+_-|x=x|=_=_=_=|+-=|x_x_+_+|+=x"), "m2", "a test")
	if strings.Contains(big, "basis: as families found") {
		t.Errorf("a basis of the remaining numbers (after substitution) is compared with the whole system's")
	}
}

// ExampleScript writes the start of the Singular script of Wolf's
// one-parameter grid.
func ExampleScript() {
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	rep, _ := families.Analyze(context.Background(), s, families.Options{})
	for _, l := range strings.Split(render.Script(rep, "singular", "families --system singular"), "\n") {
		if strings.HasPrefix(l, "ring") || strings.HasPrefix(l, "ideal fam_eqs") {
			os.Stdout.WriteString(l + "\n")
		}
	}
	// Output:
	// ring fam_ring = 0, (a,b,c,d,f,g,h,k,m), dp;
	// ideal fam_eqs = a + b - c, d + f - g, -k*m + h, a*d - h, b + f - k, c - g - m, a - f - m, c + f - h;
}
