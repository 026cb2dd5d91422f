package main

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/render"
)

// TestAnalyzeJSONLines checks that --format jsonl writes the analysis of
// one setting as one line holding the same object as --format json.
func TestAnalyzeJSONLines(t *testing.T) {
	_, indented, _ := runCmd(t, "", "--format", "json", "--members", "2")
	code, line, stderr := runCmd(t, "", "--format", "jsonl", "--members", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Count(line, "\n") != 1 {
		t.Fatalf("%d lines, want 1", strings.Count(line, "\n"))
	}
	var a, b map[string]any
	if err := json.Unmarshal([]byte(indented), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(line), &b); err != nil {
		t.Fatal(err)
	}
	if len(b["members"].([]any)) != 2 || !reflect.DeepEqual(a, b) {
		t.Errorf("json and jsonl differ:\n%s\n%s", indented, line)
	}
}

// TestAnalyzeFamilies checks the families and solutions sections of the
// text and JSON output of `families --ops`.
func TestAnalyzeFamilies(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"default", nil, []string{"families: 1", "every number a polynomial in the parameter k", "    c = k + 2", "2 k  /  k      =  2"}},
		{"two parameters", []string{"--ops", "-=|-xx/+|x=|=====|x="}, []string{
			"every number a rational function of the parameters b, h", "    g = b (b - 1)(h - 1)", "h (b - 1)  x  b (h - 1)/h    =  b (b - 1)(h - 1)"}},
		{"all lines zero", []string{"--ops", "--|-----|-/|x-+--|+-"}, []string{"solutions: 1", "solution 1: rational", "12  -  2  -  10", "6   +  2  -  8"}},
		{"square roots", []string{"--ops", "/+|--+--|/+|+-/-+|+/"}, []string{
			"solution 1: real algebraic of degree 2", "a = -sqrt(2) ≈ -1.4142135623730950488016887242096980785696718753769",
			"h = 1 + sqrt(2) ≈ 2.4142135623730950488016887242096980785696718753769"}},
		{"complex", []string{"--ops", "/+|+-/-x|/+|+-+--|+-"}, []string{"solution 2: complex, of degree 2", "b = (-1 + sqrt(7)*I)/4 ≈ -0.25 + 0.66143782776614764762540393840981510642756479577061*I"}},
		{"cubic", []string{"--ops", "++|--+-+|++|+-+-/|x+"}, []string{"real algebraic of degree 3", "h ≈ 1.3593040859717764207306603928005325553464812780677 (root of h^3 + h^2 - h - 3 = 0)"}},
		{"algebraic family", []string{"--ops", "-=|x/x+/|/=|=====|/="}, []string{"algebraic of degree 2 over the parameter f", "    a: (f^2 - 1) a^2 - f a - f^3 = 0 (degree 2)", "    c = f/(f^2 - 1)"}},
		{"inconsistent", []string{"--ops", "/=|/xx-x|x=|=====|+="}, []string{"class: inconsistent"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestAnalyzeJSONFamilies(t *testing.T) {
	code, out, stderr := runCmd(t, "", "--ops", "-=|-xx/+|x=|=====|x=", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Class    string `json:"class"`
		Families []struct {
			Parameters []string          `json:"parameters"`
			Solution   map[string]string `json:"solution"`
			Kind       string            `json:"kind"`
		} `json:"families"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Families) != 1 || rep.Families[0].Kind != "rational" || len(rep.Families[0].Solution) != 9 ||
		strings.Join(rep.Families[0].Parameters, " ") != "b h" || rep.Families[0].Solution["m"] != "b^2*(h - 1)" {
		t.Errorf("families: %+v", rep.Families)
	}
}

// TestAnalyzeNoLines checks that a setting without a line among the lines
// chosen is bad input (exit 2), not an analysis of class error (exit 0).
func TestAnalyzeNoLines(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"every operator absent", []string{"--size", "2x2", "--ops", "_|___|_"}},
		{"no short diagonal in 2x2", []string{"--size", "2x2", "--ops", "+|+-x|+", "--lines", "short"}},
		{"pattern", []string{"--size", "2x2", "--ops", "_|_._|_", "--lines", "rows,cols"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", tc.args...)
			if code != 2 || !strings.Contains(stderr, "has no line") {
				t.Errorf("exit %d, stderr %q, want 2 and no line\n%s", code, stderr, out)
			}
		})
	}
}

// TestFamilyNotProvedIrreducible checks that a family whose component the
// decomposition did not prove irreducible is printed as such, and one that
// was proved is not; the flag is set by hand on the default grid's family,
// as the searches that give up need extensions of degree beyond 4096.
func TestFamilyNotProvedIrreducible(t *testing.T) {
	const note = "(not proved irreducible"
	for _, proved := range []bool{true, false} {
		s := grid.MustParseOps(defaultOps, grid.Size{Rows: 3, Cols: 3})
		rep, err := families.Analyze(context.Background(), s, families.Options{})
		if err != nil {
			t.Fatal(err)
		}
		res := rep.Result()
		if len(res.Components) != 1 || !res.Components[0].Irreducible {
			t.Fatalf("components %+v, want one proved irreducible", res.Components)
		}
		res.Components[0].Irreducible = proved
		var b bytes.Buffer
		render.Families(context.Background(), &b, s, res)
		if got := strings.Contains(b.String(), note); got == proved {
			t.Errorf("proved %v: output has %q: %v\n%s", proved, note, got, b.String())
		}
	}
}

// TestAnalyzeUnfinished checks that an analysis cut off by its time limit
// still prints its report but exits 1, in text and in JSON, so that a
// script cannot take it for an answer.
func TestAnalyzeUnfinished(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", "--ops", "x=|x-xx+|x=|=====|x=", "--timeout", "1ns", "--format", format)
			if code != 1 || !strings.Contains(stderr, "ended in class timeout") {
				t.Errorf("exit %d, stderr %q; want 1 and the class", code, stderr)
			}
			if !strings.Contains(out, "timeout") || !strings.Contains(out, "x=|x-xx+|x=|=====|x=") {
				t.Errorf("the report is missing:\n%s", out)
			}
		})
	}
}
