package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	frender "github.com/families-project/families/families/render"
	"github.com/families-project/families/families/solve"
)

// A cell is one cell of a drawn grid: a number cell with its label, or an
// operator cell with its operator.
type cell struct {
	Text  string
	Class string // n (number), o (operator of a row or column), d (diagonal operator), e (empty)
	R, C  int
}

// drawGrid lays s out as rows of cells with label(i) in number cell i,
// as families.LayoutWith draws it in text.
func drawGrid(s *grid.Setting, label func(i int) string) [][]cell {
	z := s.Size()
	rows := make([][]cell, z.LayoutRows())
	for R := range rows {
		for C := range z.LayoutCols() {
			p := grid.Pos{R: R, C: C}
			c := cell{R: R, C: C}
			switch {
			case R%2 == 0 && C%2 == 0:
				c.Class, c.Text = "n", "_"
				if i := z.NumberIndex(p); s.Present(i) {
					c.Text = label(i)
				}
			case R%2 == 1 && C%2 == 1:
				c.Class, c.Text = "d", s.Op(p).String()
			default:
				c.Class, c.Text = "o", s.Op(p).String()
			}
			if c.Text == "_" && c.Class != "n" {
				c.Class = "e"
			}
			rows[R] = append(rows[R], c)
		}
	}
	return rows
}

// A familyView is one family as the page shows it.
type familyView struct {
	N        int
	Title    string
	Note     string
	Formulas []string
	Grid     [][]cell
	// Picture is the URL of the positive region's picture ("" for a
	// family of three or more parameters, or an algebraic one).
	Picture string
}

// A solutionView is one solution of a finite component.
type solutionView struct {
	N     int
	Title string
	Grid  [][]cell // rational solutions
	Lines []string // the others, number by number
}

// view is what the results part of the page shows.
type view struct {
	Q         *query
	Err       string
	Report    *families.Report
	Class     string
	Families  []familyView
	Solutions []solutionView
	Extras    *extras
	ExtrasErr string
	Link      string // this state
	Command   string
	MoreLink  string // ten more members
	Ask       map[string]string
	Downloads []link
	SheetLink string
}

// A link is a download's name and address.
type link struct{ Name, URL string }

// classLine is the text report's class line.
func classLine(rep *families.Report) string {
	var b strings.Builder
	b.WriteString(rep.Class)
	if rep.Dimension != nil {
		fmt.Fprintf(&b, ", dimension %d", *rep.Dimension)
	}
	if rep.Degree != nil {
		s := "s"
		if *rep.Degree == 1 {
			s = ""
		}
		fmt.Fprintf(&b, ", %d solution%s counted with multiplicity", *rep.Degree, s)
	}
	if len(rep.Independent) > 0 {
		fmt.Fprintf(&b, ", free numbers {%s}", strings.Join(rep.Independent, ", "))
	}
	if rep.Error != "" {
		fmt.Fprintf(&b, " (%s)", rep.Error)
	}
	return b.String()
}

// makeView fills the results of q from its analysis a (nil after err).
func makeView(ctx context.Context, q *query, a *analysis, x *extras, err, xerr error) *view {
	v := &view{Q: q, Extras: x}
	if err != nil {
		v.Err = err.Error()
		return v
	}
	if xerr != nil {
		v.ExtrasErr = xerr.Error()
	}
	rep := a.rep
	v.Report, v.Class = rep, classLine(rep)
	enc := func(set map[string]string) string { return encode(q.values(set)) }
	v.Link = "/?" + enc(nil)
	v.Command = q.command("")
	v.MoreLink = "/?" + enc(map[string]string{"members": itoa(min(q.Members+10, maxMembers))})
	v.Ask = map[string]string{
		"members":  "/?" + enc(map[string]string{"members": itoa(max(q.Members, 10))}),
		"puzzle":   "/?" + enc(map[string]string{"puzzles": itoa(q.Puzzles + 1)}),
		"question": "/?" + enc(map[string]string{"questions": itoa(q.Questions + 1)}),
		"clear":    "/?" + enc(map[string]string{"members": "", "puzzles": "", "questions": ""}),
	}
	if q.Puzzles > 0 || q.Questions > 0 {
		v.SheetLink = "/sheet?" + enc(nil)
	}
	for _, d := range []struct{ name, as string }{{"JSON report", "json"}, {"Singular script", "singular"}, {"Macaulay2 script", "m2"}, {"SymPy script", "sympy"}} {
		v.Downloads = append(v.Downloads, link{d.name, "/download?" + enc(map[string]string{"as": d.as})})
	}
	v.Downloads = append(v.Downloads, link{"LaTeX", "/latex?" + enc(nil)})
	res := rep.Result()
	if res == nil {
		return v
	}
	s := rep.Setting()
	srcIdx := 0 // the index of a rational family or point in members.FromSolve's order
	n := 0
	for _, c := range res.Components {
		if f := c.Family; f != nil {
			n++
			fv := familyView{N: n, Title: frender.FamilyTitle(f)}
			if !c.Irreducible {
				fv.Note = "not proved irreducible: possibly several components"
			}
			labels := make([]string, len(f.Values))
			for j, val := range f.Values {
				labels[j] = val.FormatContext(ctx, solve.Person)
				switch {
				case val.Parameter:
					labels[j] = val.Name
				case val.Degree > 1:
					labels[j] = val.Name
					fv.Formulas = append(fv.Formulas, fmt.Sprintf("%s: %s = 0 (degree %d)", val.Name, solve.FormatMinPoly(val.MinPoly, val.Name, solve.Person), val.Degree))
				default:
					fv.Formulas = append(fv.Formulas, val.Name+" = "+labels[j])
				}
			}
			fv.Grid = drawGrid(s, frender.ValueLabel(s, labels))
			if f.Kind == solve.Rational {
				if len(f.Parameters) <= 2 {
					fv.Picture = "/picture.svg?" + enc(map[string]string{"family": itoa(srcIdx + 1)})
				}
				srcIdx++
			}
			v.Families = append(v.Families, fv)
		}
		for _, p := range c.Points {
			sv := solutionView{N: len(v.Solutions) + 1}
			switch p.Class {
			case solve.ClassRational:
				srcIdx++
				sv.Title = "rational"
				labels := make([]string, len(p.Numbers))
				for j, x := range p.Numbers {
					labels[j] = x.Exact
				}
				sv.Grid = drawGrid(s, frender.ValueLabel(s, labels))
			case solve.ClassRealAlgebraic:
				sv.Title = fmt.Sprintf("real algebraic of degree %d", p.Degree)
			default:
				sv.Title = fmt.Sprintf("complex, of degree %d", p.Degree)
			}
			if p.Class != solve.ClassRational {
				for _, x := range p.Numbers {
					switch {
					case x.Degree == 1:
						sv.Lines = append(sv.Lines, fmt.Sprintf("%s = %s", x.Name, x.Exact))
					case x.Exact != "":
						sv.Lines = append(sv.Lines, fmt.Sprintf("%s = %s ≈ %s", x.Name, x.Exact, x.Decimal()))
					default:
						sv.Lines = append(sv.Lines, fmt.Sprintf("%s ≈ %s (root of %s = 0)", x.Name, x.Decimal(), solve.FormatPoly(x.MinPoly, solve.Person)))
					}
				}
			}
			v.Solutions = append(v.Solutions, sv)
		}
	}
	return v
}

// editor is the clickable grid of the setting: every operator cell
// cycles through + - x / = on a click.
func editor(s *grid.Setting) [][]cell {
	return drawGrid(s, func(i int) string { return s.Size().Name(i) })
}
