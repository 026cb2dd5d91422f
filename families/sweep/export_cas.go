package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The Singular, Macaulay2 and Maple exports are scripts: one file per
// system under systems/, and run.* that executes them in order and prints
// the tally. Each system file states its checks one per line, so that a
// failure names the system and the check.

func writeSystems(dir, ext string, systems []*System, body func(*System) string) error {
	if err := os.MkdirAll(filepath.Join(dir, "systems"), 0o755); err != nil {
		return err
	}
	for _, s := range systems {
		if err := os.WriteFile(filepath.Join(dir, "systems", s.Name+ext), []byte(body(s)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func writeSingular(dir string, systems []*System) (string, error) {
	if err := writeSystems(dir, ".sing", systems, singularSystem); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// Checks every exported system: run with Singular -q run.sing\nLIB \"elim.lib\";\noption(redSB);\nint passed = 0;\nint failed = 0;\n")
	for _, s := range systems {
		fmt.Fprintf(&b, "< \"systems/%s.sing\";\n", s.Name)
	}
	b.WriteString("print(string(passed) + \" passed, \" + string(failed) + \" failed\");\nif (failed > 0) { exit(1); }\nquit;\n")
	if err := os.WriteFile(filepath.Join(dir, "run.sing"), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	return writeRunner(dir, "Singular -q run.sing")
}

func singularSystem(s *System) string {
	var b strings.Builder
	check := func(what, cond string) {
		fmt.Fprintf(&b, "if (%s) { passed++; } else { failed++; print(\"FAILED %s %s: %s\"); }\n", cond, s.Name, what, s.Ops)
	}
	fmt.Fprintf(&b, "// %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(&b, "ring r = 0, (%s), dp;\n", strings.Join(s.Vars, ","))
	fmt.Fprintf(&b, "ideal I = %s;\n", strings.Join(s.Equations, ", "))
	fmt.Fprintf(&b, "poly z = %s;\n", product(s.Nonzero))
	// sat returns a list (ideal, exponent) up to Singular 4.3.1 and the
	// ideal alone later.
	b.WriteString("def L = sat(I, z);\nideal S;\nif (typeof(L) == \"list\") { S = L[1]; } else { S = L; }\nS = std(S);\n")
	fmt.Fprintf(&b, "ideal E = %s;\nideal Es = std(E);\n", strings.Join(s.Basis, ", "))
	check("basis", "size(reduce(S, Es)) == 0 && size(reduce(E, S)) == 0")
	check("dimension", fmt.Sprintf("dim(S) == %d", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("vdim(S) == %d", *s.Degree))
	}
	if s.Member != nil {
		pairs := make([]string, len(s.Vars))
		for i, v := range memberValues(s.Vars, s.Member) {
			pairs[i] = s.Vars[i] + ", " + v
		}
		p := strings.Join(pairs, ", ")
		check("member", fmt.Sprintf("size(subst(I, %s)) == 0 && subst(z, %s) != 0", p, p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(&b, "ideal B = std(ideal(%s));\n", strings.Join(f.Basis, ", "))
		check("family component", fmt.Sprintf("size(reduce(S, B)) == 0 && dim(B) == %d", f.Dimension))
		if rationalFamily(f) {
			images := make([]string, len(s.Vars))
			for i, v := range s.Vars {
				images[i] = f.Solution[v]
			}
			fmt.Fprintf(&b, "ring rf = (0, %s), (zz_), dp;\nmap phi = r, %s;\nideal J = phi(I);\n", strings.Join(f.Parameters, ","), strings.Join(images, ", "))
			check("family", "size(J) == 0")
			b.WriteString("setring r;\nkill rf;\n")
		}
	}
	b.WriteString("kill r;\n")
	return b.String()
}

func writeM2(dir string, systems []*System) (string, error) {
	if err := writeSystems(dir, ".m2", systems, m2System); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("-- Checks every exported system: run with M2 --script run.m2\npassed = 0;\nfailed = 0;\n")
	b.WriteString("check = (name, ok) -> if ok then passed = passed + 1 else (failed = failed + 1; print(\"FAILED \" | name));\n")
	for _, s := range systems {
		fmt.Fprintf(&b, "load \"systems/%s.m2\";\n", s.Name)
	}
	b.WriteString("print(toString passed | \" passed, \" | toString failed | \" failed\");\nif failed > 0 then exit 1;\n")
	if err := os.WriteFile(filepath.Join(dir, "run.m2"), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	return writeRunner(dir, "M2 --script run.m2")
}

func m2System(s *System) string {
	var b strings.Builder
	check := func(what, cond string) {
		fmt.Fprintf(&b, "check(\"%s %s: %s\", %s);\n", s.Name, what, s.Ops, cond)
	}
	fmt.Fprintf(&b, "-- %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(&b, "R = QQ[%s, MonomialOrder => GRevLex];\n", strings.Join(s.Vars, ","))
	fmt.Fprintf(&b, "I = ideal(%s);\n", strings.Join(s.Equations, ", "))
	fmt.Fprintf(&b, "S = saturate(I, %s);\n", product(s.Nonzero))
	fmt.Fprintf(&b, "E = ideal(%s);\n", strings.Join(s.Basis, ", "))
	check("basis", "S == E")
	check("dimension", fmt.Sprintf("(if S == ideal(1_R) then -1 else dim S) == %d", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("degree S == %d", *s.Degree))
	}
	if s.Member != nil {
		vals := memberValues(s.Vars, s.Member)
		subs := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			subs[i] = v + " => " + vals[i]
		}
		p := strings.Join(subs, ", ")
		check("member", fmt.Sprintf("sub(I, {%s}) == 0 and sub(%s, {%s}) != 0", p, product(s.Nonzero), p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(&b, "B = ideal(%s);\n", strings.Join(f.Basis, ", "))
		check("family component", fmt.Sprintf("isSubset(S, B) and dim B == %d", f.Dimension))
		if rationalFamily(f) {
			images := make([]string, len(s.Vars))
			for i, v := range s.Vars {
				images[i] = f.Solution[v]
			}
			// The parameters are numbers of R too: the images live in
			// the fraction field of a ring of fresh copies of them.
			fmt.Fprintf(&b, "F = frac(QQ[%s]);\nuse F;\nphi = map(F, R, {%s});\n", strings.Join(f.Parameters, ","), strings.Join(images, ", "))
			check("family", "phi(I) == 0")
			b.WriteString("use R;\n")
		}
	}
	return b.String()
}

func writeMaple(dir string, systems []*System) (string, error) {
	if err := writeSystems(dir, ".mpl", systems, mapleSystem); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# Checks every exported system: run with maple -q run.mpl\nwith(Groebner):\npassed := 0:\nfailed := 0:\n")
	b.WriteString("check := proc(name, ok) global passed, failed; if ok then passed := passed + 1 else failed := failed + 1; printf(\"FAILED %s\\n\", name) end if end proc:\n")
	for _, s := range systems {
		fmt.Fprintf(&b, "read \"systems/%s.mpl\":\n", s.Name)
	}
	b.WriteString("printf(\"%d passed, %d failed\\n\", passed, failed):\nif failed > 0 then `quit`(1) end if:\n")
	if err := os.WriteFile(filepath.Join(dir, "run.mpl"), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	return writeRunner(dir, "maple -q run.mpl")
}

func mapleSystem(s *System) string {
	var b strings.Builder
	check := func(what, cond string) {
		fmt.Fprintf(&b, "check(\"%s %s: %s\", %s):\n", s.Name, what, s.Ops, cond)
	}
	vars := "[" + strings.Join(s.Vars, ", ") + "]"
	fmt.Fprintf(&b, "# %s: setting %s\n", s.Name, s.Ops)
	fmt.Fprintf(&b, "V := %s:\nT := tdeg(op(V)):\n", vars)
	fmt.Fprintf(&b, "I := [%s]:\nz := %s:\n", strings.Join(s.Equations, ", "), product(s.Nonzero))
	// Saturation by z: eliminate t_ from I + (1 - t_*z).
	b.WriteString("G := Basis([op(I), 1 - t_*z], lexdeg([t_], V)):\nS := Basis(remove(has, G, t_), T):\n")
	fmt.Fprintf(&b, "E := [%s]:\n", strings.Join(s.Basis, ", "))
	check("basis", "evalb(map(e -> NormalForm(e, S, T), E) = [0 $ nops(E)]) and evalb(map(e -> NormalForm(e, Basis(E, T), T), S) = [0 $ nops(S)])")
	check("dimension", fmt.Sprintf("evalb((if S = [1] then -1 else HilbertDimension(S, T) end if) = %d)", s.Dimension))
	if s.Degree != nil {
		check("degree", fmt.Sprintf("evalb(NumberOfSolutions(S, T) = %d)", *s.Degree))
	}
	if s.Member != nil {
		vals := memberValues(s.Vars, s.Member)
		subs := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			subs[i] = v + " = " + vals[i]
		}
		p := "{" + strings.Join(subs, ", ") + "}"
		check("member", fmt.Sprintf("evalb(eval(I, %s) = [0 $ nops(I)]) and evalb(eval(z, %s) <> 0)", p, p))
	}
	if f := s.Family; f != nil {
		fmt.Fprintf(&b, "B := Basis([%s], T):\n", strings.Join(f.Basis, ", "))
		check("family component", fmt.Sprintf("evalb(map(e -> NormalForm(e, B, T), S) = [0 $ nops(S)]) and evalb(HilbertDimension(B, T) = %d)", f.Dimension))
		if rationalFamily(f) {
			subs := make([]string, 0, len(s.Vars))
			for _, v := range s.Vars {
				subs = append(subs, v+" = "+f.Solution[v])
			}
			check("family", fmt.Sprintf("evalb(map(e -> normal(e), eval(I, {%s})) = [0 $ nops(I)])", strings.Join(subs, ", ")))
		}
	}
	return b.String()
}
