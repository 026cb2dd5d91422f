package render

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/internal/words"
)

// Text writes the report as the analyze command prints it: the setting
// and its layout, the lines, the system, the nonzero conditions, the
// basis, the class, and each family (formulas, then drawn in the grid) or
// finite solution. The formulas' display form (factored where shorter) is
// chosen within ctx; past it they are written expanded. Cost: one
// factorization per displayed polynomial, bounded by ctx.
func Text(ctx context.Context, w io.Writer, rep *families.Report) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "setting %s (%s grid, lines %s, evaluation %s)\n\n", rep.Ops, rep.Size, rep.Lines, rep.Eval)
	b.WriteString(Indent(families.Layout(rep.Setting()), "  "))
	fmt.Fprintln(b, "\nlines:")
	for _, l := range rep.LineTexts {
		fmt.Fprintf(b, "  %s\n", l)
	}
	fmt.Fprintln(b, "\nsystem (each = 0):")
	for _, e := range rep.Equations {
		fmt.Fprintf(b, "  %s\n", e)
	}
	fmt.Fprintf(b, "\nnonzero: %s\n", strings.Join(rep.Nonzero, ", "))
	if len(rep.Substituted) > 0 {
		fmt.Fprintln(b, "\nsubstituted (numbers that an equation gives linearly):")
		for _, e := range rep.Substituted {
			fmt.Fprintf(b, "  %s\n", e)
		}
		fmt.Fprintln(b, "\nreduced basis of the remaining numbers (grevlex, saturated by the nonzero conditions):")
	} else {
		fmt.Fprintln(b, "\nreduced basis (grevlex, saturated by the nonzero conditions):")
	}
	for _, p := range rep.Basis {
		fmt.Fprintf(b, "  %s\n", p)
	}
	fmt.Fprintf(b, "\nclass: %s", rep.Class)
	if rep.Dimension != nil {
		fmt.Fprintf(b, ", dimension %d", *rep.Dimension)
	}
	if rep.Degree != nil {
		fmt.Fprintf(b, ", %s counted with multiplicity", words.Count(*rep.Degree, "solution"))
	}
	if len(rep.Independent) > 0 {
		fmt.Fprintf(b, ", free numbers {%s}", strings.Join(rep.Independent, ", "))
	}
	if rep.Error != "" {
		fmt.Fprintf(b, " (%s)", rep.Error)
	}
	fmt.Fprintln(b)
	switch {
	case rep.Complete == nil:
	case *rep.Complete:
		fmt.Fprintln(b, "complete: proved (every solution lies on a family or is a solution below)")
	default:
		fmt.Fprintf(b, "complete: not proved (%s)\n", rep.CompleteReason)
	}
	if res := rep.Result(); res != nil {
		if differentParameters(rep.Independent, res) {
			// Two lines of at most 80 columns besides the list: the report
			// fits a terminal (issue 29, item 7).
			fmt.Fprintf(b, "  ({%s} are free numbers read off the leading terms of the basis;\n"+
				"  a family below is written in the free numbers that give it the simplest\n"+
				"  formulas, which can be others)\n", strings.Join(rep.Independent, ", "))
		}
		Families(ctx, b, rep.Setting(), res)
		Solutions(ctx, b, rep.Setting(), res)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// differentParameters reports whether some family is written in other
// parameters than the free numbers of the class line.
func differentParameters(free []string, res *solve.Result) bool {
	want := strings.Join(free, ",")
	for _, f := range res.Families() {
		if strings.Join(f.Parameters, ",") != want {
			return true
		}
	}
	return false
}

// Families writes each family of res as formulas, one number a line, and
// drawn in the grid as Wolf (2010) draws its families, the drawing fitted
// to MaxWidth columns (see fitLayout). A family whose component the
// decomposition did not prove irreducible says so. Cost: one display
// formatting per value, within ctx.
func Families(ctx context.Context, w io.Writer, s *grid.Setting, res *solve.Result) {
	var comps []*solve.Component
	for _, c := range res.Components {
		if c.Family != nil {
			comps = append(comps, c)
		}
	}
	if len(comps) == 0 {
		return
	}
	fmt.Fprintf(w, "\nfamilies: %d\n", len(comps))
	for i, c := range comps {
		f := c.Family
		note := ""
		if !c.Irreducible {
			note = " (not proved irreducible: possibly several components)"
		}
		fmt.Fprintf(w, "\n  family %d: %s%s\n", i+1, FamilyTitle(f), note)
		labels := make([]string, len(f.Values))
		names := make([]string, len(f.Values))
		for j, v := range f.Values {
			names[j] = v.Name
			switch {
			case v.Parameter:
				labels[j] = v.Name
			case v.Degree > 1:
				labels[j] = v.Name
				fmt.Fprintf(w, "    %s: %s (degree %d)\n", v.Name, minPolyText(ctx, v), v.Degree)
			default:
				labels[j] = v.FormatContext(ctx, solve.Person)
				fmt.Fprintf(w, "    %s = %s\n", v.Name, labels[j])
			}
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, Indent(fitLayout(s, labels, names), "    "))
	}
}

// minPolyText is the minimal polynomial of an algebraic value, collected
// by powers of its number, "... = 0", formatted within ctx.
func minPolyText(ctx context.Context, v *solve.Value) string {
	return strings.TrimPrefix(v.FormatContext(ctx, solve.Person), "root of ")
}

// MaxWidth is the widest drawing of a family in its grid, in columns: a
// 4x4 family drawn with its formulas took about 250 columns. Past it the
// long formulas are drawn by their numbers' names (they are listed just
// above the drawing). A fixed width, not the terminal's, keeps the output
// a function of the input.
const MaxWidth = 100

// maxCell is the longest formula drawn in a grid that would otherwise be
// wider than MaxWidth.
const maxCell = 12

// fitLayout draws the setting with labels (in ring order; names are the
// numbers' names), fitted to MaxWidth: first with every label; if wider,
// with labels longer than maxCell replaced by their names and a note; if
// still wider, with names only.
func fitLayout(s *grid.Setting, labels, names []string) string {
	full := families.LayoutWith(s, ValueLabel(s, labels))
	if width(full) <= MaxWidth {
		return full
	}
	short := make([]string, len(labels))
	for i, l := range labels {
		short[i] = l
		if utf8.RuneCountInString(l) > maxCell {
			short[i] = names[i]
		}
	}
	out := families.LayoutWith(s, ValueLabel(s, short))
	if width(out) > MaxWidth {
		out = families.LayoutWith(s, ValueLabel(s, names))
	}
	return out + "(formulas longer than " + fmt.Sprint(maxCell) + " characters are drawn by name, to fit " + fmt.Sprint(MaxWidth) + " columns)\n"
}

// width is the widest line of a drawing, in characters.
func width(text string) int {
	w := 0
	for _, l := range strings.Split(text, "\n") {
		w = max(w, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return w
}

// FamilyTitle says what kind of family f is, in the report's words.
func FamilyTitle(f *solve.Family) string {
	params := strings.Join(f.Parameters, ", ")
	noun := "parameter"
	if len(f.Parameters) > 1 {
		noun = "parameters"
	}
	switch {
	case f.Polynomial:
		return fmt.Sprintf("every number a polynomial in the %s %s", noun, params)
	case f.Kind == solve.Rational:
		return fmt.Sprintf("every number a rational function of the %s %s", noun, params)
	}
	return fmt.Sprintf("algebraic of degree %d over the %s %s", f.Degree, noun, params)
}

// ValueLabel maps a row-major number index of s to its label; labels are
// in ring order, which skips absent numbers. Cost: O(index) per call.
func ValueLabel(s *grid.Setting, labels []string) func(int) string {
	return func(i int) string {
		k := 0
		for j := 0; j < i; j++ {
			if s.Present(j) {
				k++
			}
		}
		if k < len(labels) {
			return labels[k]
		}
		return "?"
	}
}

// Solutions writes every solution of the finite components of res:
// rational ones drawn in the grid, the others number by number, exactly
// where a square root writes them and to 50 digits. Cost: one display
// formatting per irrational number, within ctx.
func Solutions(ctx context.Context, w io.Writer, s *grid.Setting, res *solve.Result) {
	pts := res.Points()
	if len(pts) == 0 {
		return
	}
	fmt.Fprintf(w, "\nsolutions: %d\n", len(pts))
	for i, p := range pts {
		switch p.Class {
		case solve.ClassRational:
			fmt.Fprintf(w, "\n  solution %d: rational\n", i+1)
			labels := make([]string, len(p.Numbers))
			for j, x := range p.Numbers {
				labels[j] = x.Exact
			}
			fmt.Fprint(w, Indent(families.LayoutWith(s, ValueLabel(s, labels)), "    "))
			continue
		case solve.ClassRealAlgebraic:
			fmt.Fprintf(w, "\n  solution %d: real algebraic of degree %d\n", i+1, p.Degree)
		default:
			fmt.Fprintf(w, "\n  solution %d: complex, of degree %d\n", i+1, p.Degree)
		}
		for _, x := range p.Numbers {
			switch {
			case x.Degree == 1:
				fmt.Fprintf(w, "    %s = %s\n", x.Name, x.Exact)
			case x.Exact != "":
				fmt.Fprintf(w, "    %s = %s ≈ %s\n", x.Name, x.Exact, x.Decimal())
			default:
				fmt.Fprintf(w, "    %s ≈ %s (root of %s = 0)\n", x.Name, x.Decimal(), solve.FormatPolyContext(ctx, x.MinPoly, solve.Person))
			}
		}
	}
}

// Indent puts pre before every line of s, which it ends with a newline.
func Indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pre + l
	}
	return strings.Join(lines, "\n") + "\n"
}
