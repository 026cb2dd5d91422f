package render

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/families-project/families/families"
)

// ScriptLanguages are the algebra systems Script writes for.
var ScriptLanguages = []string{"singular", "m2", "sympy"}

// Script writes the system of the report's setting as a script for
// another algebra system (lang: "singular", "m2" or "sympy") that
// saturates the equations by the nonzero conditions, prints the reduced
// grevlex basis and its dimension, and compares the basis with the one the
// report found. origin names the program in the script's first comment.
// Every name a script introduces starts with "fam", so that no number of
// the grid (a single letter or x_R_C) is shadowed. Cost: linear in the
// report's equations and basis.
func Script(rep *families.Report, lang, origin string) string {
	switch lang {
	case "m2":
		return m2Script(rep, origin)
	case "sympy":
		return sympyScript(rep, origin)
	}
	return singularScript(rep, origin)
}

// scriptHeader is the comment that opens every script.
func scriptHeader(rep *families.Report, comment, origin string) string {
	return fmt.Sprintf("%s The system of the setting %s (%s grid, lines %s, evaluation %s), from %s.\n"+
		"%s It saturates the equations by the nonzero conditions (every number and divisor), prints the\n"+
		"%s reduced grevlex basis and its dimension, and compares the basis with the one families found.\n",
		comment, rep.Ops, rep.Size, rep.Lines, rep.Eval, origin, comment, comment)
}

// vars are the report's numbers in ring order.
func vars(rep *families.Report) []string {
	r := rep.System().Ring
	out := make([]string, r.NumVars())
	for i := range out {
		out[i] = r.VarName(i)
	}
	return out
}

// expectedBasis is the basis to compare with, or nil when the report
// gives the basis of the remaining numbers only (after substitution) or
// none (timeout, error).
func expectedBasis(rep *families.Report) []string {
	if len(rep.Substituted) > 0 || rep.Class == families.ClassTimeout || rep.Class == families.ClassError {
		return nil
	}
	return rep.Basis
}

func singularScript(rep *families.Report, origin string) string {
	var b strings.Builder
	b.WriteString(scriptHeader(rep, "//", origin))
	b.WriteString("// Run: Singular -q FILE\nLIB \"elim.lib\";\noption(redSB);\n")
	// sat returns a list (ideal, exponent) up to Singular 4.3.1 and the
	// ideal alone later.
	b.WriteString("proc fam_saturate(ideal fam_i, poly fam_f)\n{\n  def fam_l = sat(fam_i, fam_f);\n  if (typeof(fam_l) == \"list\") { return(fam_l[1]); }\n  return(fam_l);\n}\n")
	fmt.Fprintf(&b, "ring fam_ring = 0, (%s), dp;\n", strings.Join(vars(rep), ","))
	fmt.Fprintf(&b, "ideal fam_eqs = %s;\n", strings.Join(rep.Equations, ", "))
	b.WriteString("ideal fam_sat = fam_eqs;\n")
	for _, z := range rep.Nonzero {
		fmt.Fprintf(&b, "fam_sat = fam_saturate(fam_sat, %s);\n", z)
	}
	b.WriteString("fam_sat = std(fam_sat);\nprint(fam_sat);\nprint(\"dimension: \" + string(dim(fam_sat)));\n")
	if basis := expectedBasis(rep); basis != nil {
		fmt.Fprintf(&b, "ideal fam_expected = std(ideal(%s));\n", strings.Join(basis, ", "))
		b.WriteString("if (size(reduce(fam_sat, fam_expected)) == 0 && size(reduce(fam_expected, fam_sat)) == 0) { print(\"basis: as families found\"); } else { print(\"basis: DIFFERENT from families'\"); }\n")
	}
	b.WriteString("quit;\n")
	return b.String()
}

// m2Name writes x_R_C as Macaulay2's indexed x_(R,C) (a bare _ is
// subscripting there).
var indexedName = regexp.MustCompile(`\bx_(\d+)_(\d+)\b`)

func m2List(exprs []string) string {
	out := make([]string, len(exprs))
	for i, e := range exprs {
		out[i] = indexedName.ReplaceAllString(e, "x_($1,$2)")
	}
	return strings.Join(out, ", ")
}

func m2Script(rep *families.Report, origin string) string {
	var b strings.Builder
	b.WriteString(scriptHeader(rep, "--", origin))
	b.WriteString("-- Run: M2 --script FILE\n")
	fmt.Fprintf(&b, "famRing = QQ[%s, MonomialOrder => GRevLex];\n", m2List(vars(rep)))
	fmt.Fprintf(&b, "famEqs = ideal(%s);\nfamSat = famEqs;\n", m2List(rep.Equations))
	for _, z := range rep.Nonzero {
		fmt.Fprintf(&b, "famSat = saturate(famSat, %s);\n", m2List([]string{z}))
	}
	b.WriteString("print toString flatten entries gens gb famSat;\n")
	b.WriteString("print(\"dimension: \" | toString(if famSat == ideal(1_famRing) then -1 else dim famSat));\n")
	if basis := expectedBasis(rep); basis != nil {
		fmt.Fprintf(&b, "famExpected = sub(ideal(%s), famRing);\n", m2List(basis))
		b.WriteString("print(if famSat == famExpected then \"basis: as families found\" else \"basis: DIFFERENT from families'\");\n")
	}
	return b.String()
}

func sympyScript(rep *families.Report, origin string) string {
	var b strings.Builder
	b.WriteString(scriptHeader(rep, "#", origin))
	b.WriteString("# Run: python3 FILE (needs SymPy). The saturation by z is the elimination of fam_t from the\n# equations with fam_t*z - 1 (Rabinowitsch), one condition at a time.\n")
	b.WriteString("from sympy import symbols, groebner, sympify\n\n")
	vs := vars(rep)
	fmt.Fprintf(&b, "fam_vars = symbols(%q)\n", strings.Join(vs, " "))
	if len(vs) == 1 {
		b.WriteString("fam_vars = (fam_vars,)\n")
	}
	b.WriteString("fam_names = {str(v): v for v in fam_vars}\nfam_t = symbols('fam_t')\n")
	b.WriteString("def fam_parse(e):\n    return sympify(e.replace('^', '**'), locals=fam_names)\n\n")
	fmt.Fprintf(&b, "fam_eqs = [fam_parse(e) for e in %s]\n", pyList(rep.Equations))
	fmt.Fprintf(&b, "fam_nonzero = [fam_parse(e) for e in %s]\n", pyList(rep.Nonzero))
	b.WriteString(`fam_sat = fam_eqs
for z in fam_nonzero:
    g = groebner(list(fam_sat) + [fam_t * z - 1], fam_t, *fam_vars, order='lex')
    fam_sat = [p for p in g.exprs if not p.has(fam_t)] or [0]
fam_basis = groebner(fam_sat, *fam_vars, order='grevlex')
for p in fam_basis.exprs:
    print(p)
`)
	if basis := expectedBasis(rep); basis != nil {
		fmt.Fprintf(&b, "fam_expected = groebner([fam_parse(e) for e in %s], *fam_vars, order='grevlex')\n", pyList(basis))
		b.WriteString("print('basis: as families found' if list(fam_expected.exprs) == list(fam_basis.exprs) else \"basis: DIFFERENT from families'\")\n")
	}
	return b.String()
}

func pyList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
