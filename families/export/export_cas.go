package export

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// The Singular, Macaulay2 and Maple exports are scripts: one file per
// system under systems/, and run.* that executes them in order, prints the
// tally and fails unless every expected check passed. Each system file
// states its checks one per line, so that a failure names the system and
// the check.
//
// A script shares one namespace with the numbers of the grid, which are
// single letters (a to z without e i j l o) or x_R_C (grid.Size.Name), and
// with the parameters of a family, which are numbers too. So every name a
// script introduces starts with "fam" and is longer than one letter: no
// number can have it, and it is none of the systems' reserved or
// predefined names (Maple's I, D and Pi, Macaulay2's check). Singular and
// Maple names are fam_...; Macaulay2 reads _ as subscripting, so its names
// are famCamelCase.

// A script is one system's file with the count of the checks it states.
type script struct {
	strings.Builder
	checks int
}

// writeSystems writes one file per system under dir/systems and returns
// the number of checks they state together.
func writeSystems(dir, ext string, systems []*System, body func(*System) *script) (int, error) {
	if err := os.MkdirAll(filepath.Join(dir, "systems"), 0o755); err != nil {
		return 0, err
	}
	checks := 0
	for _, s := range systems {
		sc := body(s)
		checks += sc.checks
		if err := os.WriteFile(filepath.Join(dir, "systems", s.Name+ext), []byte(sc.String()), 0o644); err != nil {
			return 0, err
		}
	}
	return checks, nil
}

// The runners count the checks that pass and compare with the number the
// export wrote: a system file that stops at an error (a name the solver
// refuses, a function it lacks) runs none of its remaining checks, and
// Singular carries on with the next file, so "0 failed" alone would pass a
// suite that checked nothing. The tally line is the last one exactly when
// all checks ran; a "FAILED:" line follows it otherwise.

func writeSingular(dir string, systems []*System) (string, int, error) {
	checks, err := writeSystems(dir, ".sing", systems, singularSystem)
	if err != nil {
		return "", 0, err
	}
	var b strings.Builder
	b.WriteString("// Checks every exported system: run with Singular -q run.sing\nLIB \"elim.lib\";\noption(redSB);\n")
	fmt.Fprintf(&b, "int fam_passed = 0;\nint fam_failed = 0;\nint fam_expected = %d;\n", checks)
	// sat returns a list (ideal, exponent) up to Singular 4.3.1 and the
	// ideal alone later.
	b.WriteString("proc fam_saturate(ideal fam_i, poly fam_f)\n{\n  def fam_l = sat(fam_i, fam_f);\n  if (typeof(fam_l) == \"list\") { return(fam_l[1]); }\n  return(fam_l);\n}\n")
	for _, s := range systems {
		fmt.Fprintf(&b, "< \"systems/%s.sing\";\n", s.Name)
	}
	b.WriteString("print(string(fam_passed) + \" passed, \" + string(fam_failed) + \" failed\");\n")
	b.WriteString("if (fam_passed + fam_failed != fam_expected) { print(\"FAILED: \" + string(fam_expected - fam_passed - fam_failed) + \" of \" + string(fam_expected) + \" checks did not run\"); }\n")
	// Singular has no exit status to set: run.sh reads the tally.
	b.WriteString("quit;\n")
	if err := os.WriteFile(filepath.Join(dir, "run.sing"), []byte(b.String()), 0o644); err != nil {
		return "", 0, err
	}
	return "Singular -q run.sing", checks, nil
}

func singularSystem(s *System) *script {
	b := new(script)
	check := func(what, cond string) {
		b.checks++
		fmt.Fprintf(b, "if (%s) { fam_passed++; } else { fam_failed++; print(\"FAILED %s %s: %s\"); }\n", cond, s.Name, what, s.Ops)
	}
	fmt.Fprintf(b, "// %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(b, "ring fam_ring = 0, (%s), dp;\n", strings.Join(s.Vars, ","))
	fmt.Fprintf(b, "ideal fam_eqs = %s;\n", strings.Join(s.Equations, ", "))
	fmt.Fprintf(b, "poly fam_nonzero = %s;\n", product(s.Nonzero))
	// Saturating by each condition in turn gives the saturation by their
	// product; sat by the product itself takes minutes on a 5x5 grid.
	b.WriteString("ideal fam_sat = fam_eqs;\n")
	for _, z := range s.Nonzero {
		fmt.Fprintf(b, "fam_sat = fam_saturate(fam_sat, %s);\n", z)
	}
	b.WriteString("fam_sat = std(fam_sat);\n")
	fmt.Fprintf(b, "ideal fam_basis = %s;\nideal fam_basis_std = std(fam_basis);\n", strings.Join(s.Basis, ", "))
	check("basis", "size(reduce(fam_sat, fam_basis_std)) == 0 && size(reduce(fam_basis, fam_sat)) == 0")
	check("dimension", fmt.Sprintf("dim(fam_sat) == %d", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("vdim(fam_sat) == %d", *s.Degree))
	}
	if s.Member != nil {
		pairs := make([]string, len(s.Vars))
		for i, v := range memberValues(s.Vars, s.Member) {
			pairs[i] = s.Vars[i] + ", " + v
		}
		p := strings.Join(pairs, ", ")
		check("member", fmt.Sprintf("size(subst(fam_eqs, %s)) == 0 && subst(fam_nonzero, %s) != 0", p, p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(b, "ideal fam_family = std(ideal(%s));\n", strings.Join(f.Basis, ", "))
		check("family component", fmt.Sprintf("size(reduce(fam_sat, fam_family)) == 0 && dim(fam_family) == %d", f.Dimension))
		if rationalFamily(f) {
			images := make([]string, len(s.Vars))
			for i, v := range s.Vars {
				images[i] = f.Solution[v]
			}
			// The parameters are numbers too: the images live in a ring
			// whose coefficient field is generated by fresh copies of
			// them, with one dummy variable.
			fmt.Fprintf(b, "ring fam_family_ring = (0, %s), (fam_t), dp;\nmap fam_map = fam_ring, %s;\nideal fam_image = fam_map(fam_eqs);\n", strings.Join(f.Parameters, ","), strings.Join(images, ", "))
			check("family", "size(fam_image) == 0")
			b.WriteString("setring fam_ring;\nkill fam_family_ring;\n")
		}
	}
	b.WriteString("kill fam_ring;\n")
	return b
}

func writeM2(dir string, systems []*System) (string, int, error) {
	checks, err := writeSystems(dir, ".m2", systems, m2System)
	if err != nil {
		return "", 0, err
	}
	var b strings.Builder
	b.WriteString("-- Checks every exported system: run with M2 --script run.m2\n")
	fmt.Fprintf(&b, "famPassed = 0;\nfamFailed = 0;\nfamExpected = %d;\n", checks)
	b.WriteString("famCheck = (famName, famOk) -> if famOk then famPassed = famPassed + 1 else (famFailed = famFailed + 1; print(\"FAILED \" | famName));\n")
	// An error in one system would end the script; like Singular's runner,
	// go on with the next and let the count say what did not run.
	for _, s := range systems {
		fmt.Fprintf(&b, "try load \"systems/%s.m2\" else print(\"FAILED: an error in systems/%s.m2\");\n", s.Name, s.Name)
	}
	b.WriteString("print(toString famPassed | \" passed, \" | toString famFailed | \" failed\");\n")
	b.WriteString("if famPassed + famFailed != famExpected then print(\"FAILED: \" | toString(famExpected - famPassed - famFailed) | \" of \" | toString famExpected | \" checks did not run\");\n")
	b.WriteString("if famPassed != famExpected then exit 1;\n")
	if err := os.WriteFile(filepath.Join(dir, "run.m2"), []byte(b.String()), 0o644); err != nil {
		return "", 0, err
	}
	return "M2 --script run.m2", checks, nil
}

// indexedName matches the numbers of a grid too large for letters.
var indexedName = regexp.MustCompile(`\bx_(\d+)_(\d+)\b`)

// m2 rewrites an expression in Singular's syntax for Macaulay2, where x_1_2
// would subscript twice: the number x_R_C becomes the indexed variable
// x_(R,C).
func m2(expr string) string { return indexedName.ReplaceAllString(expr, "x_($1,$2)") }

// m2List rewrites expressions for Macaulay2 and joins them with commas.
func m2List(exprs []string) string {
	out := make([]string, len(exprs))
	for i, e := range exprs {
		out[i] = m2(e)
	}
	return strings.Join(out, ", ")
}

func m2System(s *System) *script {
	b := new(script)
	check := func(what, cond string) {
		b.checks++
		fmt.Fprintf(b, "famCheck(\"%s %s: %s\", %s);\n", s.Name, what, s.Ops, cond)
	}
	fmt.Fprintf(b, "-- %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(b, "famRing = QQ[%s, MonomialOrder => GRevLex];\n", m2List(s.Vars))
	fmt.Fprintf(b, "famEqs = ideal(%s);\n", m2List(s.Equations))
	// Condition by condition, as for Singular.
	b.WriteString("famSat = famEqs;\n")
	for _, z := range s.Nonzero {
		fmt.Fprintf(b, "famSat = saturate(famSat, %s);\n", m2(z))
	}
	// sub(..., famRing): a basis of constants, as [1], is otherwise an ideal
	// of ZZ, which Macaulay2 refuses to compare with famSat.
	fmt.Fprintf(b, "famBasis = sub(ideal(%s), famRing);\n", m2List(s.Basis))
	check("basis", "famSat == famBasis")
	check("dimension", fmt.Sprintf("(if famSat == ideal(1_famRing) then -1 else dim famSat) == %d", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("degree famSat == %d", *s.Degree))
	}
	if s.Member != nil {
		vals := memberValues(s.Vars, s.Member)
		subs := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			subs[i] = m2(v) + " => " + vals[i]
		}
		p := strings.Join(subs, ", ")
		check("member", fmt.Sprintf("sub(famEqs, {%s}) == 0 and sub(%s, {%s}) != 0", p, m2(product(s.Nonzero)), p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(b, "famFamily = sub(ideal(%s), famRing);\n", m2List(f.Basis))
		check("family component", fmt.Sprintf("isSubset(famSat, famFamily) and dim famFamily == %d", f.Dimension))
		if rationalFamily(f) {
			images := make([]string, len(s.Vars))
			for i, v := range s.Vars {
				images[i] = f.Solution[v]
			}
			// The parameters are numbers of famRing too: the images live
			// in the fraction field of a ring of fresh copies of them.
			fmt.Fprintf(b, "famField = frac(QQ[%s]);\nuse famField;\nfamMap = map(famField, famRing, {%s});\n", m2List(f.Parameters), m2List(images))
			check("family", "famMap(famEqs) == 0")
			b.WriteString("use famRing;\n")
		}
	}
	return b
}

func writeMaple(dir string, systems []*System) (string, int, error) {
	checks, err := writeSystems(dir, ".mpl", systems, mapleSystem)
	if err != nil {
		return "", 0, err
	}
	var b strings.Builder
	b.WriteString("# Checks every exported system: run with maple -q run.mpl\nwith(Groebner):\n")
	fmt.Fprintf(&b, "fam_passed := 0:\nfam_failed := 0:\nfam_expected := %d:\n", checks)
	b.WriteString("fam_check := proc(fam_name, fam_ok) global fam_passed, fam_failed; if fam_ok then fam_passed := fam_passed + 1 else fam_failed := fam_failed + 1; printf(\"FAILED %s\\n\", fam_name) end if end proc:\n")
	for _, s := range systems {
		fmt.Fprintf(&b, "read \"systems/%s.mpl\":\n", s.Name)
	}
	b.WriteString("printf(\"%d passed, %d failed\\n\", fam_passed, fam_failed):\n")
	b.WriteString("if fam_passed + fam_failed <> fam_expected then printf(\"FAILED: %d of %d checks did not run\\n\", fam_expected - fam_passed - fam_failed, fam_expected) end if:\n")
	b.WriteString("if fam_passed <> fam_expected then `quit`(1) end if:\n")
	if err := os.WriteFile(filepath.Join(dir, "run.mpl"), []byte(b.String()), 0o644); err != nil {
		return "", 0, err
	}
	return "maple -q run.mpl", checks, nil
}

func mapleSystem(s *System) *script {
	b := new(script)
	check := func(what, cond string) {
		b.checks++
		fmt.Fprintf(b, "fam_check(\"%s %s: %s\", %s):\n", s.Name, what, s.Ops, cond)
	}
	fmt.Fprintf(b, "# %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(b, "fam_vars := [%s]:\nfam_order := tdeg(op(fam_vars)):\n", strings.Join(s.Vars, ", "))
	fmt.Fprintf(b, "fam_eqs := [%s]:\nfam_nonzero := %s:\n", strings.Join(s.Equations, ", "), product(s.Nonzero))
	// Saturation by each condition z in turn: eliminate fam_t from the
	// ideal and 1 - fam_t*z.
	fmt.Fprintf(b, "fam_sat := fam_eqs:\nfor fam_z in [%s] do\n  fam_sat := remove(has, Basis([op(fam_sat), 1 - fam_t*fam_z], lexdeg([fam_t], fam_vars)), fam_t)\nend do:\n", strings.Join(s.Nonzero, ", "))
	b.WriteString("fam_sat := Basis(fam_sat, fam_order):\n")
	fmt.Fprintf(b, "fam_basis := [%s]:\n", strings.Join(s.Basis, ", "))
	check("basis", "evalb(map(fam_e -> NormalForm(fam_e, fam_sat, fam_order), fam_basis) = [0 $ nops(fam_basis)]) and evalb(map(fam_e -> NormalForm(fam_e, Basis(fam_basis, fam_order), fam_order), fam_sat) = [0 $ nops(fam_sat)])")
	check("dimension", fmt.Sprintf("evalb((if fam_sat = [1] then -1 else HilbertDimension(fam_sat, fam_order) end if) = %d)", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("evalb(NumberOfSolutions(fam_sat, fam_order) = %d)", *s.Degree))
	}
	if s.Member != nil {
		vals := memberValues(s.Vars, s.Member)
		subs := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			subs[i] = v + " = " + vals[i]
		}
		p := "{" + strings.Join(subs, ", ") + "}"
		check("member", fmt.Sprintf("evalb(eval(fam_eqs, %s) = [0 $ nops(fam_eqs)]) and evalb(eval(fam_nonzero, %s) <> 0)", p, p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(b, "fam_family := Basis([%s], fam_order):\n", strings.Join(f.Basis, ", "))
		check("family component", fmt.Sprintf("evalb(map(fam_e -> NormalForm(fam_e, fam_family, fam_order), fam_sat) = [0 $ nops(fam_sat)]) and evalb(HilbertDimension(fam_family, fam_order) = %d)", f.Dimension))
		if rationalFamily(f) {
			subs := make([]string, 0, len(s.Vars))
			for _, v := range s.Vars {
				subs = append(subs, v+" = "+f.Solution[v])
			}
			check("family", fmt.Sprintf("evalb(map(fam_e -> normal(fam_e), eval(fam_eqs, {%s})) = [0 $ nops(fam_eqs)])", strings.Join(subs, ", ")))
		}
	}
	return b
}
