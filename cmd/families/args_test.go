package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolynomialArguments checks issue items 1 and 2 on the built command:
// a polynomial that starts with a minus sign or is longer than a file name
// can be is a polynomial, "--" works too, and equations without a vars:
// line read from a file or stdin.
func TestPolynomialArguments(t *testing.T) {
	dir := t.TempDir()
	eqs := filepath.Join(dir, "eqs.sys")
	if err := os.WriteFile(eqs, []byte("x^2 + y^2 + z^2 = 1\nx*y = z\nx - y = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x + ", 100) + "y" // 401 characters, 100*x + y
	tests := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"leading minus", "", []string{"factor", "-x^2+1"}, "-1\n(x + 1)^1\n(x - 1)^1\n"},
		{"leading minus after flags", "", []string{"factor", "--format", "json", "-x^2+1"}, `{"schema":"families/factor/1","constant":"-1",`},
		{"double dash", "", []string{"factor", "--", "-x^2+1"}, "-1\n(x + 1)^1\n(x - 1)^1\n"},
		{"longer than a file name", "", []string{"factor", long}, "1\n(100*x + y)^1\n"},
		{"factor equations from a file", "", []string{"factor", eqs}, "1\n(x^2 + y^2 + z^2 - 1)^1\n"},
		{"factor an equation from stdin", "x^2 = 1\n", []string{"factor"}, "1\n(x + 1)^1\n(x - 1)^1\n"},
		{"groebner equations from a file", "", []string{"groebner", eqs}, "y^2 - z\nz^2 + 2*z - 1\nx - y\n"},
		{"groebner equations from stdin", "x^2 + y^2 + z^2 = 1\nx*y = z\nx = y\n", []string{"groebner"}, "y^2 - z\nz^2 + 2*z - 1\nx - y\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runBinary(t, dir, tc.stdin, tc.args...)
			if code != 0 || !strings.HasPrefix(out, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q", code, out, errOut, tc.want)
			}
		})
	}
	// What is neither a file nor a polynomial is reported as a polynomial
	// that does not parse, with its column, not as an unknown flag.
	code, _, errOut := runBinary(t, dir, "", "factor", "-x^^2")
	if code != 2 || !strings.Contains(errOut, "column") || strings.Contains(errOut, "flag") {
		t.Errorf("factor -x^^2: exit %d, stderr %q; want 2 and a parse error", code, errOut)
	}
	// The help says that -- works too (item 1).
	if _, out, _ := runBinary(t, dir, "", "factor", "--help"); !strings.Contains(out, "families factor -- '-x^2+1'") {
		t.Errorf("factor --help does not say that -- works:\n%s", out)
	}
	code, _, errOut = runBinary(t, dir, "", "factor", "--frobnicate", "x")
	if code != 2 || !strings.Contains(errOut, "frobnicate") {
		t.Errorf("factor --frobnicate: exit %d, stderr %q; want 2 naming the flag", code, errOut)
	}
}

// TestSeedScriptOutput checks issue item 9: the sweep script writes its
// records under the directory it is given, or a new temporary one, and
// never into the directory it is run from.
func TestSeedScriptOutput(t *testing.T) {
	script, err := filepath.Abs("../../scripts/sweep/allzero.sh")
	if err != nil {
		t.Fatal(err)
	}
	cwd, tmp := t.TempDir(), t.TempDir()
	run := func(args ...string) string {
		cmd := exec.Command("sh", append([]string{script}, args...)...)
		cmd.Dir = cwd
		cmd.Env = append(os.Environ(), "FAMILIES="+familiesBinary(t), "TMPDIR="+tmp)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("sh allzero.sh %s: %v", strings.Join(args, " "), err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		return strings.TrimPrefix(lines[len(lines)-1], "records in ")
	}
	given := filepath.Join(t.TempDir(), "new", "dir")
	got := run(given, "--sample", "5")
	if got != filepath.Join(given, "allzero.jsonl") {
		t.Errorf("with a directory the records went to %s", got)
	}
	if b, err := os.ReadFile(got); err != nil || strings.Count(string(b), "\n") != 5 {
		t.Errorf("%s: %v, want 5 records", got, err)
	}
	got = run("", "--sample", "5") // "" is the default directory
	if filepath.Dir(filepath.Dir(got)) != tmp || filepath.Base(got) != "allzero.jsonl" {
		t.Errorf("without a directory the records went to %s, want a new directory in %s", got, tmp)
	}
	if ents, _ := os.ReadDir(cwd); len(ents) != 0 {
		t.Errorf("the script wrote %d files where it was run", len(ents))
	}
}
