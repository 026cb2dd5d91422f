package main

import (
	"strings"
	"testing"
)

// TestCheckReadsWhatSolveReads: check takes '#' comment lines, '-' or no
// file for standard input, and the compact form the tool prints for members,
// as a file's text or as the argument (issue 29, item 5).
func TestCheckReadsWhatSolveReads(t *testing.T) {
	const one = "+=|x-++-|+=|=====|/="
	s1 := "# Wolf (2010), solution S1 of puzzle P1\n24 x 8 = 192\n+ x / / -\n24 x 4 = 96\n= = = = =\n48 x 2 = 96\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string // in stdout (code 0, 1) or stderr (code 2)
	}{
		{"comment line", s1, []string{"check", "-"}, 0, "ok: 8 lines hold"},
		{"no file is stdin", s1, []string{"check"}, 0, "ok: 8 lines hold"},
		{"compact argument", "", []string{"check", "--ops", one, "3 2 5 / 2 1 3 / 6 3 2"}, 0, "ok: 8 lines hold"},
		{"compact on stdin", "# a member\n3 2 5 / 2 1 3 /\n6 3 2\n", []string{"check", "--ops", one, "-"}, 0, "ok: 8 lines hold"},
		{"compact, a line fails", "", []string{"check", "--ops", one, "3 2 5 / 2 1 3 / 6 3 3"}, 1, "row 3: 6 / 3 = 3 is false"},
		{"compact without --ops", "", []string{"check", "3 2 5 / 2 1 3 / 6 3 2"}, 2, "give them with --ops (16 operator cells for a 3x3 grid)"},
		{"ragged compact", "", []string{"check", "--ops", one, "3 2 5 / 2 1 / 6 3 2"}, 2, "row 2 of the compact grid has 2 numbers, row 1 has 3"},
		{"compact of the wrong size", "", []string{"check", "--ops", one, "3 2 / 2 1"}, 2, "--size"},
		{"a puzzle is not solved", "", []string{"check", "../../testdata/puzzles/p1.grid"}, 2, "families solve"},
		{"two files", "", []string{"check", "a", "b"}, 2, "expected one grid file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, tc.args...)
			got := out
			if tc.code == 2 {
				got = errOut
			}
			if code != tc.code || !strings.Contains(got, tc.want) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, tc.code, tc.want)
			}
		})
	}
}
