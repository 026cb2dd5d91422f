package main

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/internal/crosscheck"
	"github.com/families-project/families/poly"
)

// timeCell matches what a time column may hold.
var timeCell = regexp.MustCompile(`^([0-9]+(\.[0-9]+)?|>timeout|n/a|error)$`)

// ratioCell matches what a ratio column may hold.
var ratioCell = regexp.MustCompile(`^([<>]?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?|n/a)$`)

// tinyConfig measures grid_oneparam once, quickly.
func tinyConfig(t *testing.T) config {
	dir, err := findSystemsDir()
	if err != nil {
		t.Fatal(err)
	}
	return config{
		Dir:      dir,
		Systems:  []string{"grid_oneparam"},
		Repeat:   1,
		Timeout:  30 * time.Second,
		Budget:   time.Second,
		Singular: "Singular",
		Python:   "/usr/bin/python3",
	}
}

// parseMarkdown returns the rows of the first Markdown table in out, the
// header row first, and fails unless the separator row follows the header.
func parseMarkdown(t *testing.T, out string) [][]string {
	t.Helper()
	var rows [][]string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		if !strings.HasSuffix(l, "|") {
			t.Fatalf("table line without closing |: %q", l)
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	if len(rows) < 2 {
		t.Fatalf("no Markdown table in\n%s", out)
	}
	for _, c := range rows[1] {
		if strings.Trim(c, "-:") != "" {
			t.Fatalf("bad separator row %q", rows[1])
		}
	}
	return append(rows[:1], rows[2:]...)
}

// checkRows checks the data rows of one system: two orders, well-formed
// cells, our times present, element counts agreeing.
func checkRows(t *testing.T, rows [][]string) {
	t.Helper()
	if len(rows) != 2 {
		t.Fatalf("got %d data rows, want 2 (grevlex, lex): %q", len(rows), rows)
	}
	col := func(name string) int {
		for i, c := range columns {
			if c == name {
				return i
			}
		}
		t.Fatalf("no column %q", name)
		return -1
	}
	for i, r := range rows {
		if len(r) != len(columns) {
			t.Fatalf("row %q has %d cells, want %d", r, len(r), len(columns))
		}
		if r[0] != "grid_oneparam" || r[1] != []string{grevlex, lex}[i] {
			t.Errorf("row %d starts %q %q", i, r[0], r[1])
		}
		if r[col("dim")] != "1" || r[col("elements")] != "8" {
			t.Errorf("row %q: want dim 1 and 8 elements (the Singular golden basis)", r)
		}
		for _, c := range []string{"ours (ms)", "Singular (ms)", "SymPy (ms)"} {
			if !timeCell.MatchString(r[col(c)]) {
				t.Errorf("row %q: bad %s cell %q", r, c, r[col(c)])
			}
		}
		for _, c := range []string{"ours/Singular", "SymPy/ours"} {
			if !ratioCell.MatchString(r[col(c)]) {
				t.Errorf("row %q: bad %s cell %q", r, c, r[col(c)])
			}
		}
		if v := r[col("ours (ms)")]; !regexp.MustCompile(`^[0-9.]+$`).MatchString(v) {
			t.Errorf("row %q: our time %q is not a number", r, v)
		}
		if r[col("check")] == "MISMATCH" {
			t.Errorf("row %q: the bases disagree", r)
		}
	}
}

// TestCompareMarkdown runs the whole comparison on grid_oneparam with
// whatever external tools this machine has and parses the Markdown table.
func TestCompareMarkdown(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Singular and python3")
	}
	cfg := tinyConfig(t)
	cfg.Markdown = true
	haveSingular := true
	if _, err := exec.LookPath(cfg.Singular); err != nil {
		crosscheck.Missing(t, "Singular is not installed: its cells must be n/a")
		haveSingular = false
	}
	haveSymPy := exec.Command(cfg.Python, "-c", "import sympy").Run() == nil
	if !haveSymPy {
		crosscheck.Missing(t, cfg.Python+" has no SymPy: its cells must be n/a")
	}
	var out bytes.Buffer
	if err := run(context.Background(), cfg, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	rows := parseMarkdown(t, out.String())
	if strings.Join(rows[0], "|") != strings.Join(columns, "|") {
		t.Fatalf("header %q, want %q", rows[0], columns)
	}
	checkRows(t, rows[1:])
	for _, r := range rows[1:] {
		sing := r[5]
		if haveSingular && !regexp.MustCompile(`^[0-9.]+$`).MatchString(sing) {
			t.Errorf("Singular is installed but its cell is %q", sing)
		}
		if haveSingular && r[len(r)-1] != "ok" {
			t.Errorf("row %q: Singular's basis and ours were not both compared and equal", r)
		}
		if !haveSingular && sing != "n/a" {
			t.Errorf("Singular is missing but its cell is %q", sing)
		}
		if sympy := r[7]; haveSymPy && !regexp.MustCompile(`^[0-9.]+$`).MatchString(sympy) {
			t.Errorf("SymPy is installed but its cell is %q", sympy)
		}
	}
	t.Logf("\n%s", out.String())
}

// TestCompareWithoutTools checks that missing tools give n/a cells and a
// note, not a failure, in the plain-text table.
func TestCompareWithoutTools(t *testing.T) {
	cfg := tinyConfig(t)
	cfg.Singular = "no-such-singular-binary"
	cfg.Python = ""
	var out bytes.Buffer
	if err := run(context.Background(), cfg, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	lines := strings.Split(text, "\n")
	var rows [][]string
	for _, l := range lines[1:] {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "grid_oneparam" {
			rows = append(rows, f)
		}
	}
	checkRows(t, rows)
	for _, r := range rows {
		if r[5] != "n/a" || r[6] != "n/a" || r[7] != "n/a" || r[8] != "n/a" {
			t.Errorf("row %q: external cells should be n/a", r)
		}
	}
	for _, want := range []string{"Singular: n/a: Singular: no-such-singular-binary not found (all systems)", "SymPy: n/a: SymPy: disabled (all systems)"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks note %q:\n%s", want, text)
		}
	}
}

// TestWatchdog checks that a silent external process is killed, its
// measurement becomes a timeout, and the run resumes with the next system.
func TestWatchdog(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	systems := []*system{{name: "a"}, {name: "b"}}
	starts := 0
	x := external{
		name:     "fake",
		watchdog: 300 * time.Millisecond,
		command: func(ctx context.Context, from int) (*exec.Cmd, io.Reader, error) {
			starts++
			script := "echo START b grevlex; echo WARM b grevlex 1500 3; echo RUN b grevlex 1000 3; echo DONE b grevlex;" +
				"echo START b lex; echo WARM b lex 2000 4; echo DONE b lex; echo END"
			if from == 0 {
				script = "echo START a grevlex; exec sleep 10"
			}
			return exec.CommandContext(ctx, "sh", "-c", script), strings.NewReader(""), nil
		},
	}
	t0 := time.Now()
	rs, _ := runExternal(context.Background(), x, systems)
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("took %v; the watchdog did not end the process", d)
	}
	if starts != 2 {
		t.Errorf("%d processes, want 2", starts)
	}
	if r := rs.get("a", grevlex); r.status != stTimeout {
		t.Errorf("a grevlex: status %d, want timeout", r.status)
	}
	if r := rs.get("a", lex); r.status != stNA {
		t.Errorf("a lex: status %d, want n/a", r.status)
	}
	if r := rs.get("b", grevlex); r.status != stOK || r.best != time.Millisecond || r.runs != 1 || r.elems != 3 {
		t.Errorf("b grevlex: %+v, want best 1ms of 1 run, 3 elements", r)
	}
	if r := rs.get("b", lex); r.status != stOK || r.best != 2*time.Millisecond || r.runs != 0 || r.elems != 4 {
		t.Errorf("b lex: %+v, want the 2ms warm-up, 4 elements", r)
	}
}

// TestSingularError checks that a Singular error line ends the process and
// becomes an error for the current measurement only.
func TestSingularError(t *testing.T) {
	systems := []*system{{name: "a"}, {name: "b"}}
	x := external{
		name:     "fake",
		watchdog: 5 * time.Second,
		command: func(ctx context.Context, from int) (*exec.Cmd, io.Reader, error) {
			script := "echo START b grevlex; echo WARM b grevlex 10 1; echo DONE b grevlex; echo END"
			if from == 0 {
				script = "echo START a grevlex; echo '   ? wrong type declaration'; exec sleep 10"
			}
			return exec.CommandContext(ctx, "sh", "-c", script), strings.NewReader(""), nil
		},
	}
	rs, _ := runExternal(context.Background(), x, systems)
	if r := rs.get("a", grevlex); r.status != stError || !strings.Contains(r.note, "wrong type declaration") {
		t.Errorf("a grevlex: %+v, want the Singular error", r)
	}
	if r := rs.get("b", grevlex); r.status != stOK {
		t.Errorf("b grevlex: %+v, want ok", r)
	}
}

// TestSingularScript checks the generated script's shape: one process-wide
// header, the ring, stdfglm for zero-dimensional lex, the END line.
func TestSingularScript(t *testing.T) {
	cfg := tinyConfig(t)
	s, err := loadSystem(cfg.Dir, "grid_oneparam")
	if err != nil {
		t.Fatal(err)
	}
	script := singularScript(cfg, []*system{s})
	for _, want := range []string{
		`system("--ticks-per-sec", 100000);`,
		"ring BenchR = 0, (a,b,c,d,f,g,h,k,m), dp;",
		"ring BenchL = 0, (a,b,c,d,f,g,h,k,m), lp;",
		"BenchG = stdfglm(BenchI);",
		`"START grid_oneparam lex";`,
		`"END";`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("script lacks %q:\n%s", want, script)
		}
	}
}

// TestCheckComparesBases: the check column compares the bases, not only
// their sizes, and reads Singular's and SymPy's printing alike.
func TestCheckComparesBases(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	ours := canonical([]*poly.Poly{r.MustParse("x^2 - 3/2*y"), r.MustParse("y^2 - 1")})
	singular, err := canonicalText(r, "2*x^2-3*y,y^2-1")
	if err != nil {
		t.Fatal(err)
	}
	sympy, err := canonicalText(r, "y**2 - 1, x**2 - 3*y/2")
	if err != nil {
		t.Fatal(err)
	}
	other, err := canonicalText(r, "x^2-y,y^2-1")
	if err != nil {
		t.Fatal(err)
	}
	ok := func(basis string) *result { return &result{status: stOK, elems: 2, basis: basis} }
	for _, tc := range []struct {
		name string
		rs   []*result
		want string
	}{
		{"same ideal, three printings", []*result{ok(ours), ok(singular), ok(sympy)}, "ok"},
		{"same size, other basis", []*result{ok(ours), ok(other)}, "MISMATCH"},
		{"other size", []*result{ok(ours), {status: stOK, elems: 3}}, "MISMATCH"},
		{"basis not reported: sizes only", []*result{ok(ours), {status: stOK, elems: 2}}, "sizes"},
		{"basis not reported, a third basis differs", []*result{ok(ours), {status: stOK, elems: 2}, ok(other)}, "MISMATCH"},
		{"one finished", []*result{ok(ours), {status: stTimeout}}, "-"},
	} {
		if got := check(tc.rs...); got != tc.want {
			t.Errorf("%s: check = %q, want %q", tc.name, got, tc.want)
		}
	}
	if _, err := canonicalText(r, "x^^2"); err == nil {
		t.Error("canonicalText read x^^2")
	}
}
