package render

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/internal/words"
)

// LaTeX writes the report as the start of a LaTeX document for a paper:
// the setting, its grid as an array, the lines and the system as
// equations, the nonzero conditions, the basis, the class, and each family
// (formulas, then drawn in the grid) or finite solution. The document is
// left open for LaTeXExtras; LaTeXEnd closes it. Formulas are those of
// Text (factored within ctx), set in math mode. It needs only the amsmath
// package. Cost: as Text.
func LaTeX(ctx context.Context, w io.Writer, rep *families.Report) error {
	b := &strings.Builder{}
	s := rep.Setting()
	b.WriteString("\\documentclass{article}\n\\usepackage{amsmath}\n\\allowdisplaybreaks\n\\begin{document}\n\n")
	fmt.Fprintf(b, "\\section*{Setting \\texttt{%s}}\n\n", texText(rep.Ops))
	fmt.Fprintf(b, "A %s grid, lines %s, evaluation %s.\n", texText(rep.Size), texText(rep.Lines), texText(rep.Eval))
	b.WriteString(texGrid(s, func(i int) string { return texMath(s.Size().Name(i)) }))
	b.WriteString("\n\\subsection*{Lines}\n\\begin{align*}\n")
	for i, l := range rep.LineTexts {
		name, eq, ok := strings.Cut(l, ": ")
		if !ok {
			name, eq = "", l
		}
		fmt.Fprintf(b, "  %s &\\quad \\text{(%s)}%s\n", texEquation(eq), texText(name), lineEnd(i, len(rep.LineTexts)))
	}
	b.WriteString("\\end{align*}\n\n\\subsection*{System}\nEach polynomial is zero:\n\\begin{align*}\n")
	for i, e := range rep.Equations {
		fmt.Fprintf(b, "  &%s%s\n", texMath(e), lineEnd(i, len(rep.Equations)))
	}
	b.WriteString("\\end{align*}\n")
	fmt.Fprintf(b, "Nonzero: $%s$.\n", texMath(strings.Join(rep.Nonzero, ", ")))
	if len(rep.Substituted) > 0 {
		b.WriteString("\n\\subsection*{Substituted}\n\\begin{align*}\n")
		for i, e := range rep.Substituted {
			fmt.Fprintf(b, "  %s%s\n", texEquation(e), lineEnd(i, len(rep.Substituted)))
		}
		b.WriteString("\\end{align*}\n")
	}
	b.WriteString("\n\\subsection*{Reduced basis}\n(grevlex, saturated by the nonzero conditions)\n\\begin{align*}\n")
	if len(rep.Basis) == 0 {
		b.WriteString("  &\\text{(none)}\n")
	}
	for i, p := range rep.Basis {
		fmt.Fprintf(b, "  &%s%s\n", texMath(p), lineEnd(i, len(rep.Basis)))
	}
	b.WriteString("\\end{align*}\n")
	fmt.Fprintf(b, "Class: %s", texText(strings.ReplaceAll(rep.Class, "_", " ")))
	if rep.Dimension != nil {
		fmt.Fprintf(b, ", dimension %d", *rep.Dimension)
	}
	if rep.Degree != nil {
		fmt.Fprintf(b, ", %s counted with multiplicity", words.Count(*rep.Degree, "solution"))
	}
	if rep.Error != "" {
		fmt.Fprintf(b, " (%s)", texText(rep.Error))
	}
	b.WriteString(".\n")
	if res := rep.Result(); res != nil {
		texFamilies(ctx, b, s, res)
		texSolutions(ctx, b, s, res)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// LaTeXExtras writes the members, puzzles and questions of x as sections
// of the document LaTeX began.
func LaTeXExtras(w io.Writer, x *Extras) error {
	b := &strings.Builder{}
	if x.Stopped != "" {
		fmt.Fprintf(b, "\n\\paragraph{Stopped.} %s; what was found before is below.\n", texText(x.Stopped))
	}
	if x.Members != nil {
		fmt.Fprintf(b, "\n\\subsection*{Members (%d)}\n", len(x.Members))
		if x.MembersNote != "" {
			fmt.Fprintf(b, "%s.\n", texText(x.MembersNote))
		}
		if len(x.Members) > 0 {
			b.WriteString("\\begin{itemize}\n")
			for _, m := range x.Members {
				fmt.Fprintf(b, "  \\item $%s$\n", texMath(m.String()))
			}
			b.WriteString("\\end{itemize}\n")
		}
	}
	if len(x.Puzzles) > 0 {
		fmt.Fprintf(b, "\n\\subsection*{Digit puzzles (%d)}\n", len(x.Puzzles))
		for i, p := range x.Puzzles {
			fmt.Fprintf(b, "\\paragraph{Puzzle %d} (%s)\n", i+1, texText(p.Letters.String()))
			b.WriteString(texTokens(p.Text()))
		}
	}
	if len(x.Questions) > 0 {
		fmt.Fprintf(b, "\n\\subsection*{Find the numbers (%d)}\n", len(x.Questions))
		for i, q := range x.Questions {
			fmt.Fprintf(b, "\\paragraph{Question %d} (solution $%s$)\n", i+1, texMath(q.Solution.String()))
			b.WriteString(texTokens(q.Text()))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// LaTeXEnd closes the document LaTeX began.
func LaTeXEnd(w io.Writer) error {
	_, err := io.WriteString(w, "\n\\end{document}\n")
	return err
}

func lineEnd(i, n int) string {
	if i < n-1 {
		return ` \\`
	}
	return ""
}

// texFamilies writes each family as an align* of its formulas and its
// grid as an array (long formulas by name, as fitLayout does in text).
func texFamilies(ctx context.Context, b *strings.Builder, s *grid.Setting, res *solve.Result) {
	n := 0
	for _, c := range res.Components {
		f := c.Family
		if f == nil {
			continue
		}
		n++
		note := ""
		if !c.Irreducible {
			note = " (not proved irreducible: possibly several components)"
		}
		fmt.Fprintf(b, "\n\\subsection*{Family %d}\n%s%s.\n\\begin{align*}\n", n, texText(FamilyTitle(f)), texText(note))
		labels := make([]string, len(f.Values))
		var rows []string
		for j, v := range f.Values {
			labels[j] = texMath(v.Name)
			switch {
			case v.Parameter:
			case v.Degree > 1:
				rows = append(rows, fmt.Sprintf("  &%s \\quad (\\text{degree } %d)", texMath(minPolyText(ctx, v)), v.Degree))
			default:
				val := v.FormatContext(ctx, solve.Person)
				rows = append(rows, fmt.Sprintf("  %s &= %s", texMath(v.Name), texMath(val)))
				if len([]rune(val)) <= maxCell {
					labels[j] = texMath(val)
				}
			}
		}
		if len(rows) == 0 {
			rows = append(rows, "  &\\text{every number a parameter}")
		}
		b.WriteString(strings.Join(rows, " \\\\\n") + "\n\\end{align*}\n")
		b.WriteString(texGrid(s, ValueLabel(s, labels)))
	}
}

// texSolutions writes the points of the finite components.
func texSolutions(ctx context.Context, b *strings.Builder, s *grid.Setting, res *solve.Result) {
	pts := res.Points()
	if len(pts) == 0 {
		return
	}
	fmt.Fprintf(b, "\n\\subsection*{Solutions (%d)}\n", len(pts))
	for i, p := range pts {
		fmt.Fprintf(b, "\\paragraph{Solution %d} %s", i+1, texText(strings.ReplaceAll(string(p.Class), "_", " ")))
		if p.Class == solve.ClassRational {
			labels := make([]string, len(p.Numbers))
			for j, x := range p.Numbers {
				labels[j] = texMath(x.Exact)
			}
			b.WriteString(".\n" + texGrid(s, ValueLabel(s, labels)))
			continue
		}
		fmt.Fprintf(b, " of degree %d.\n\\begin{align*}\n", p.Degree)
		var rows []string
		for _, x := range p.Numbers {
			switch {
			case x.Degree == 1:
				rows = append(rows, fmt.Sprintf("  %s &= %s", texMath(x.Name), texMath(x.Exact)))
			case x.Exact != "":
				rows = append(rows, fmt.Sprintf("  %s &= %s \\approx %s", texMath(x.Name), texMath(x.Exact), texDecimal(x.Decimal())))
			default:
				rows = append(rows, fmt.Sprintf("  %s &\\approx %s \\quad \\text{(root of $%s = 0$)}", texMath(x.Name), texDecimal(x.Decimal()),
					texMath(solve.FormatPolyContext(ctx, x.MinPoly, solve.Person))))
			}
		}
		b.WriteString(strings.Join(rows, " \\\\\n") + "\n\\end{align*}\n")
	}
}

// texGrid draws the setting's layout as a centered array, label(i) in the
// cell of number i, operators as math symbols.
func texGrid(s *grid.Setting, label func(int) string) string {
	z := s.Size()
	var b strings.Builder
	fmt.Fprintf(&b, "\\[\n\\begin{array}{%s}\n", strings.Repeat("c", z.LayoutCols()))
	for R := 0; R < z.LayoutRows(); R++ {
		cells := make([]string, z.LayoutCols())
		for C := range cells {
			if R%2 == 0 && C%2 == 0 {
				i := z.NumberIndex(grid.Pos{R: R, C: C})
				if s.Present(i) {
					cells[C] = label(i)
				} else {
					cells[C] = ""
				}
				continue
			}
			cells[C] = texOp(s.Op(grid.Pos{R: R, C: C}).String())
		}
		fmt.Fprintf(&b, "  %s%s\n", strings.Join(cells, " & "), lineEnd(R, z.LayoutRows()))
	}
	b.WriteString("\\end{array}\n\\]\n")
	return b.String()
}

// texOp is an operator cell in math mode.
func texOp(op string) string {
	switch op {
	case "x", "*", "×":
		return "\\times"
	case "/", ":", "÷":
		return "\\div"
	case "_", " ", "":
		return ""
	case ".":
		return "\\cdot"
	}
	return op
}

// texTokens sets a token grid's text (a puzzle or question) as an array of
// its words and operators.
func texTokens(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	cols := 0
	rows := make([][]string, len(lines))
	for i, l := range lines {
		rows[i] = strings.Fields(l)
		cols = max(cols, len(rows[i]))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\\[\n\\begin{array}{%s}\n", strings.Repeat("c", max(cols, 1)))
	for i, r := range rows {
		cells := make([]string, len(r))
		for j, t := range r {
			switch op := texOp(t); {
			case op != t || t == "+" || t == "-" || t == "=":
				cells[j] = op
			case t == "?":
				cells[j] = "\\,?\\,"
			default:
				cells[j] = "\\mathrm{" + texText(t) + "}"
			}
		}
		fmt.Fprintf(&b, "  %s%s\n", strings.Join(cells, " & "), lineEnd(i, len(rows)))
	}
	b.WriteString("\\end{array}\n\\]\n")
	return b.String()
}

var (
	texPower    = regexp.MustCompile(`\^(\d+)`)
	texGridName = regexp.MustCompile(`\bx_(\d+)_(\d+)\b`)
	texStar     = regexp.MustCompile(`\s*\*\s*`)
)

// texMath turns a formula as the report writes it (Singular's syntax or
// the report's, with spaces for products) into LaTeX math: powers braced,
// x_R_C as x_{R,C}, * as \cdot, sqrt(...) as \sqrt{...}, and I as i.
func texMath(s string) string {
	s = texGridName.ReplaceAllString(s, "x_{$1,$2}")
	s = texPower.ReplaceAllString(s, "^{$1}")
	s = texStar.ReplaceAllString(s, " \\cdot ")
	s = texSqrt(s)
	s = strings.ReplaceAll(s, "*I", "\\,i")
	return s
}

// texSqrt rewrites sqrt(e) as \sqrt{e}, with nested parentheses.
func texSqrt(s string) string {
	for {
		i := strings.Index(s, "sqrt(")
		if i < 0 {
			return s
		}
		depth, j := 0, i+4
		for ; j < len(s); j++ {
			if s[j] == '(' {
				depth++
			} else if s[j] == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j >= len(s) {
			return s // unbalanced: left as it is
		}
		s = s[:i] + "\\sqrt{" + s[i+5:j] + "}" + s[j+1:]
	}
}

// texEquation is a line's or a substitution's equation in math mode,
// aligned at its first '='.
func texEquation(eq string) string {
	lhs, rhs, ok := strings.Cut(eq, " = ")
	if !ok {
		return "&" + texMath(eq)
	}
	return texMath(lhs) + " &= " + texMath(rhs)
}

// texDecimal is a 50-digit decimal (possibly complex, "a + b*I") in math.
func texDecimal(d string) string { return texMath(d) }

// texText escapes LaTeX's special characters in running text.
func texText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString("\\textbackslash{}")
		case '{', '}', '$', '&', '#', '_', '%':
			b.WriteString("\\" + string(r))
		case '^':
			b.WriteString("\\textasciicircum{}")
		case '~':
			b.WriteString("\\textasciitilde{}")
		case '|':
			b.WriteString("\\textbar{}")
		case '<':
			b.WriteString("\\textless{}")
		case '>':
			b.WriteString("\\textgreater{}")
		case '≈':
			b.WriteString("$\\approx$")
		case '×':
			b.WriteString("$\\times$")
		case '÷':
			b.WriteString("$\\div$")
		case '−':
			b.WriteString("-")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
