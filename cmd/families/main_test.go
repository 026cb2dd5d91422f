package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	stdin = strings.NewReader(input)
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wrongShape := write("wrong.txt", "1 + 2 = 3\n=   =   =\n1 + 2 = 3\n")
	badPoly := write("bad.sys", "x^2 + * y\n")
	tests := []struct {
		name string
		args []string
		want string // a fragment of the one-line error
	}{
		{"wrong length", []string{"--ops", "x=|+x//-|x="}, "16"},
		{"unknown character", []string{"--ops", "x=|+x//-|x=|====?|x="}, "?"},
		{"bad size", []string{"--size", "3by3"}, "size"},
		{"1x1 grid", []string{"--size", "1x1", "--ops", ""}, "1x1"},
		{"line of only =", []string{"--ops", "==|x-++-|+=|=====|/="}, "only ="},
		{"unknown flag", []string{"--frobnicate"}, "frobnicate"},
		{"unknown format", []string{"--format", "xml"}, "xml"},
		{"unknown eval", []string{"--eval", "sideways"}, "sideways"},
		{"unknown lines", []string{"--lines", "rows,spirals"}, "spirals"},
		{"resume without out", []string{"--ops", ".=|.....|.=|=====|.=", "--resume"}, "--out"},
		{"bad shard", []string{"--ops", ".=|.....|.=|=====|.=", "--shard", "3/2"}, "shard"},
		{"puzzles on a pattern", []string{"--ops", ".=|.....|.=|=====|.=", "--puzzles", "2"}, "one setting"},
		{"html for a pattern", []string{"--ops", ".=|.....|.=|=====|.=", "--format", "html"}, "JSON Lines"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"grid shape mismatch", []string{"check", "--ops", "x=|+x//-|x=|=====|x=", wrongShape}, "2x3"},
		{"check without file", []string{"check", "--ops", "x=|+x//-|x=|=====|x="}, "grid file"},
		{"polynomial does not parse", []string{"groebner", badPoly}, "line 1"},
		{"unknown order", []string{"groebner", "--order", "spiral", badPoly}, "spiral"},
		{"empty system", []string{"groebner", "-"}, "no polynomials"},
		{"factor zero", []string{"factor", "0"}, "zero polynomial"},
		{"factor bad polynomial", []string{"factor", "x^^2"}, "column"},
		{"factor two arguments", []string{"factor", "x", "y"}, "quote"},
		// 4^11 settings: past one run, and export has no --shard to offer.
		{"export too large", []string{"export", "--to", "singular", "--every-setting", "--ops", "++|+++..|..|.....|..", "--out-dir", filepath.Join(t.TempDir(), "x")}, "draw a --sample"},
		{"sweep too large", []string{"--ops", "++|+++..|..|.....|..", "--dry-run"}, "--shard i/N"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", tc.args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2 (stderr %q)", code, stderr)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr = %q, want one line mentioning %q", stderr, tc.want)
			}
			if tc.args[0] == "export" && strings.Contains(stderr, "--shard") {
				t.Errorf("stderr = %q: export has no --shard", stderr)
			}
		})
	}
}

func TestDefaultRun(t *testing.T) {
	code, out, stderr := runCmd(t, "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"h / k = m", "b - 2", "class: positive_dimensional, dimension 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("default output lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeJSON(t *testing.T) {
	code, out, stderr := runCmd(t, "", "--ops", "--|-----|-/|x-+--|+-", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Class     string   `json:"class"`
		Dimension int      `json:"dimension"`
		Degree    int      `json:"degree"`
		Basis     []string `json:"basis"`
		Lines     string   `json:"lines"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want := []string{"a - 12", "b - 2", "c - 10", "d - 2", "f - 4", "g - 2", "h - 6", "k - 2", "m - 8"}
	if rep.Class != "finite" || rep.Dimension != 0 || rep.Degree != 1 || strings.Join(rep.Basis, ",") != strings.Join(want, ",") {
		t.Errorf("all-lines-zero grid: %+v", rep)
	}
	if rep.Lines != "rows,cols,diag,short" {
		t.Errorf("default lines without = : %q", rep.Lines)
	}
}

func TestCount(t *testing.T) {
	code, out, _ := runCmd(t, "", "--ops", "..|.-.-.|..|.-.-.|..", "--count")
	if code != 0 || strings.TrimSpace(out) != "16777216" {
		t.Errorf("count = %q (exit %d), want 4^12", out, code)
	}
}

func TestCheck(t *testing.T) {
	code, out, stderr := runCmd(t, "", "check", "--ops", "x=|+x//-|x=|=====|x=", "../../testdata/grids/s1.txt")
	if code != 0 || !strings.Contains(out, "ok") {
		t.Errorf("S1 against P1: exit %d, %q %q", code, out, stderr)
	}
	code, _, stderr = runCmd(t, "", "check", "--ops", "+=|+x//-|x=|=====|x=", "../../testdata/grids/s1.txt")
	if code != 1 || !strings.Contains(stderr, "fail") {
		t.Errorf("S1 against a wrong setting: exit %d, %q", code, stderr)
	}
	code, _, _ = runCmd(t, "", "check", "--eval", "ltr", "../../testdata/grids/crossmath.txt")
	if code != 0 {
		t.Errorf("the Migros cross-math under ltr: exit %d", code)
	}
	code, _, _ = runCmd(t, "", "check", "../../testdata/grids/crossmath.txt")
	if code != 1 {
		t.Errorf("the Migros cross-math under precedence: exit %d, want 1", code)
	}
}

func TestGroebnerCommand(t *testing.T) {
	sys := "vars: x y z\nx^2 + y^2 + z^2 = 1\nx*y - z\nx - y\n"
	code, out, stderr := runCmd(t, sys, "groebner", "--order", "lex", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Basis     []string `json:"basis"`
		Dimension int      `json:"dimension"`
		Degree    *int     `json:"degree"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Basis, "; ") != "x - y; y^2 - z; z^2 + 2*z - 1" || res.Dimension != 0 || res.Degree == nil || *res.Degree != 4 {
		t.Errorf("got %+v", res)
	}
	code, out, _ = runCmd(t, "x*y\n", "groebner", "--format", "json")
	if code != 0 || !strings.Contains(out, `"degree": null`) || !strings.Contains(out, `"dimension": 1`) {
		t.Errorf("positive-dimensional: %s", out)
	}
	code, out, _ = runCmd(t, "x + 1\nx\n", "groebner")
	if code != 0 || strings.TrimSpace(out) != "1" {
		t.Errorf("unit ideal: %q", out)
	}
}

func TestFactorCommand(t *testing.T) {
	code, out, stderr := runCmd(t, "", "factor", "6*x^4*y - 6*y")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "6\n(y)^1\n(x + 1)^1\n(x - 1)^1\n(x^2 + 1)^1\n"
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	code, out, _ = runCmd(t, "x^2 - 2*x + 1\n", "factor", "--format", "json", "-")
	if code != 0 || strings.TrimSpace(out) != `{"schema":"families/factor/1","constant":"1","factors":[{"factor":"x - 1","multiplicity":2}]}` {
		t.Errorf("json: %q", out)
	}
}
