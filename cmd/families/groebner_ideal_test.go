package main

import (
	"strings"
	"testing"
)

// TestGroebnerEliminateSaturate: --eliminate and --saturate print the
// basis of the elimination ideal and of the saturation, and bad arguments
// are usage errors (exit 2) naming the flag.
func TestGroebnerEliminateSaturate(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		code        int
		want        string // stdout for code 0 (a part of it for json), a part of stderr otherwise
	}{
		{"eliminate", "vars: t x y\nx - t^2\ny - t^3\n", []string{"groebner", "--eliminate", "t"}, 0, "x^3 - y^2\n"},
		{"eliminate in lex", "vars: t x y\nx - t^2\ny - t^3\n", []string{"groebner", "--order", "lex", "--eliminate", "t"}, 0, "x^3 - y^2\n"},
		{"saturate", "vars: x y\nx^2 - x\ny - 2*x\n", []string{"groebner", "--saturate", "x"}, 0, "x - 1\ny - 2\n"},
		{"saturate by a sum", "vars: x y\nx*y + x^2\ny^2 - 1\n", []string{"groebner", "--saturate", "x + y"}, 0, "y^2 - 1\nx\n"},
		{"saturate then eliminate", "vars: x y\nx^2 - x\ny - 2*x\n", []string{"groebner", "--saturate", "x", "--eliminate", "x", "--format", "json"}, 0, `"vars": [
    "y"
  ],
  "basis": [
    "y - 2"
  ]`},
		{"unknown variable", "vars: x y\nx - y\n", []string{"groebner", "--eliminate", "z"}, 2, "--eliminate"},
		{"bad polynomial", "vars: x y\nx - y\n", []string{"groebner", "--saturate", "x +"}, 2, "--saturate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runBinary(t, "", tc.stdin, tc.args...)
			switch {
			case code != tc.code:
				t.Errorf("exit %d, want %d (stdout %q, stderr %q)", code, tc.code, out, errOut)
			case code == 0 && out != tc.want && !(strings.Contains(tc.name, "then") && strings.Contains(out, tc.want)):
				t.Errorf("stdout %q, want %q", out, tc.want)
			case code != 0 && !strings.Contains(errOut, tc.want):
				t.Errorf("stderr %q, want it to name %q", errOut, tc.want)
			}
		})
	}
}
