package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

// TestGroebnerGrlexSingular checks `families groebner --order grlex`
// against Singular's grlex basis (std in Dp, testdata/groebner/NAME.grlex,
// scripts/golden/singular_golden.sh): the command now calls Basis in
// grlex, whose homogenized multi-modular path replaced grevlex and FGLM.
func TestGroebnerGrlexSingular(t *testing.T) {
	for _, name := range []string{"katsura5", "cyclic5", "random_13"} {
		t.Run(name, func(t *testing.T) {
			path := "../../testdata/systems/" + name + ".sys"
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r, _, err := poly.ParseSystem(string(data), poly.Grlex)
			if err != nil {
				t.Fatal(err)
			}
			golden, err := os.ReadFile("../../testdata/groebner/" + name + ".grlex")
			if err != nil {
				t.Fatal(err)
			}
			_, basis, _ := strings.Cut(string(golden), "basis:\n")
			var want []string
			for _, line := range strings.Fields(basis) {
				p, err := r.Parse(line)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, p.String())
			}
			code, out, stderr := runCmd(t, "", "groebner", "--order", "grlex", path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				p, err := r.Parse(line)
				if err != nil {
					t.Fatalf("output line %q: %v", line, err)
				}
				got = append(got, p.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%d elements, Singular's %d, or they differ", len(got), len(want))
			}
		})
	}
}
