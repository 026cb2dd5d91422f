package main

import (
	"strings"
	"testing"
)

func TestFramePackage(t *testing.T) {
	tests := []struct {
		fn, want string
		ok       bool
	}{
		{module + "/families/solve.(*decomposer).saturate.func1", "families/solve", true},
		{module + "/families.Analyze", "families", true},
		{module + "/poly.(*Poly).Mul", "poly", true},
		{module + "/groebner.knownBasis.Backward[go.shape.[]*" + module + "/poly.Poly]", "groebner", true},
		{module + "/internal/parallel.EachOn.func1", "", false},
		{"runtime.mallocgc", "", false},
		{"github.com/ALTree/bigfloat.Sqrt", "", false},
	}
	for _, tc := range tests {
		got, ok := framePackage(tc.fn)
		if got != tc.want || ok != tc.ok {
			t.Errorf("framePackage(%q) = %q, %v; want %q, %v", tc.fn, got, ok, tc.want, tc.ok)
		}
	}
}

// TestParseTraces reads a small output of go tool pprof -traces: the
// blocks' weights in samples, the package paths root first with repeated
// and transparent frames collapsed, and the classification of the steps.
func TestParseTraces(t *testing.T) {
	m := module + "/"
	text := `File: calltrace
Type: cpu
-----------+-------------------------------------------------------
     1.50ms   ` + m + `poly.(*Poly).Mul
             ` + m + `groebner.reduce
             ` + m + `internal/parallel.EachOn.func1
             ` + m + `groebner.Basis
             ` + m + `families/solve.Solve
             ` + m + `families.Analyze
             main.main
-----------+-------------------------------------------------------
     0.50ms   runtime.gcBgMarkWorker
-----------+-------------------------------------------------------
     0.50ms   ` + m + `families/solve.callback
             ` + m + `groebner.Basis
             ` + m + `families/solve.Solve
-----------+-------------------------------------------------------
`
	stacks, err := parseTraces([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(stacks) != 3 {
		t.Fatalf("%d stacks, want 3", len(stacks))
	}
	if got := strings.Join(stacks[0].pkgs, " "); got != "families families/solve groebner poly" || stacks[0].samples != 3 {
		t.Errorf("first stack %q with %d samples", got, stacks[0].samples)
	}
	if len(stacks[1].pkgs) != 0 || stacks[1].samples != 1 {
		t.Errorf("runtime stack %v", stacks[1])
	}
	graph := map[string]map[string]bool{
		"families":       {"families/solve": true, "groebner": true, "poly": true},
		"families/solve": {"groebner": true, "poly": true},
		"groebner":       {"poly": true},
	}
	var out strings.Builder
	report(&out, graph, stacks, 10)
	for _, want := range []string{"steps down       4 ", "steps up         1 ", "up     groebner -> families/solve", "1 samples outside"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := parseTraces([]byte("File: x\n")); err == nil {
		t.Error("no samples: no error")
	}
}
