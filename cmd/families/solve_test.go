package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveCommand solves the published puzzles of testdata/puzzles as token
// grids, in text and JSON.
func TestSolveCommand(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "puzzles")
	tests := []struct {
		name string
		args []string
		want string // JSON
	}{
		{"P1", []string{"p1.grid"}, `{"schema":"families/solve/1","status":"unique","count":1,"complete":true,"solutions":[{"A":2,"B":4,"C":8,"D":1,"E":9,"F":6}]}`},
		{"Wolf (2010) left to right", []string{"wolf.grid"}, `{"schema":"families/solve/1","status":"unique","count":1,"complete":true,"solutions":[{"A":5,"B":7,"C":9,"D":3,"E":1,"F":4,"G":6,"H":0,"J":8,"K":2}]}`},
		{"ArithmoGraph", []string{"arithmograph.grid"}, `{"schema":"families/solve/1","status":"unique","count":1,"complete":true,"solutions":[{"A":7,"B":2,"C":0,"D":4,"E":9,"F":6,"G":1,"H":5,"I":8,"J":3}]}`},
		{"cross-math", []string{"--eval", "ltr", "--distinct-digits", "1-9", "crossmath.grid"}, `{"schema":"families/solve/1","status":"unique","count":1,"complete":true,"solutions":[{"A":9,"B":6,"C":1,"D":3,"F":2,"G":4,"H":7,"K":8,"M":5}]}`},
		{"cross-math with precedence", []string{"--distinct-digits", "1-9", "crossmath.grid"}, `{"schema":"families/solve/1","status":"none","count":0,"complete":true,"solutions":[]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"solve", "--format", "json"}, tc.args...)
			args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
			code, out, stderr := runCmd(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if strings.TrimSpace(out) != tc.want {
				t.Errorf("got %s\nwant %s", out, tc.want)
			}
		})
	}
	code, out, _ := runCmd(t, "", "solve", filepath.Join(dir, "crossmath.grid"), "--eval", "ltr", "--distinct-digits", "1-9")
	if code != 0 || !strings.Contains(out, "unique") || !strings.Contains(out, "9   -  6  x  1   =  3") {
		t.Errorf("text output:\n%s", out)
	}
}

// TestSolveMany counts the solutions of a puzzle with several and lists at
// most --max of them.
func TestSolveMany(t *testing.T) {
	var res struct {
		Status    string
		Count     int
		Complete  bool
		Solutions []map[string]int
	}
	code, out, stderr := runCmd(t, "A + B = C\n_ _ _ _ _\n1 _ 2 _ 3\n", "solve", "--format", "json", "--max", "3", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// A + B = C over distinct nonzero digits: the 36 ordered pairs with
	// sum at most 9, less the 4 with A = B.
	if res.Status != "many" || res.Count != 32 || !res.Complete || len(res.Solutions) != 3 {
		t.Errorf("got %+v, want many, 32 solutions, 3 listed", res)
	}
}

// TestSolveBadInput checks the errors of bad puzzles: one line on stderr
// and exit status 2.
func TestSolveBadInput(t *testing.T) {
	const rest = "+ x / / -\nAB x B = EF\n= = = = =\nBC x A = EF\n"
	tests := []struct {
		name, text, want string
		args             []string
	}{
		{"unbalanced grid", "AB x C = DEA\n+ x / / -\nAB x B\n", "expected 5 tokens", nil},
		{"operator for a number", "AB x + = DEA\n" + rest, `"+"`, nil},
		{"more than 10 letters", "ABCDEF x GHJKLM = N\n" + rest, "only 10 digits", nil},
		{"leading zero", "AB x 012 = DEA\n" + rest, "leading zero", nil},
		{"bad digit set", "AB x C = DEA\n" + rest, "digit", []string{"--distinct-digits", "9-1"}},
		{"bad eval", "AB x C = DEA\n" + rest, "sideways", []string{"--eval", "sideways"}},
		{"negative max", "AB x C = DEA\n" + rest, "--max", []string{"--max-solutions", "-1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"solve"}, tc.args...), "-")
			code, _, stderr := runCmd(t, tc.text, args...)
			if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and one line mentioning %q", code, stderr, tc.want)
			}
		})
	}
	code, _, stderr := runCmd(t, "", "solve", filepath.Join(os.TempDir(), "no-such-puzzle.grid"))
	if code != 2 || !strings.Contains(stderr, "no-such-puzzle") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}
