// Command exact times the exact side of the Gröbner engine (multi-modular
// bases, elimination, saturation) beside Singular in one run and prints a
// Markdown table with the ratios.
//
// Usage (from the repository root; see BENCHMARKS.md):
//
//	go run ./bench/exact [--repeat 3] [--singular Singular] [--cases reimer5,...]
//
// The cases and what each tool runs:
//
//   - basis NAME: groebner.Basis in grevlex; Singular std in dp.
//   - eliminate NAME: groebner.Eliminate of the variables of the system's
//     "# eliminate:" comment; Singular eliminate by their product.
//   - saturate NAME: groebner.Saturate of the system by the product of its
//     "# nonzero:" conditions (from the generators: the basis is part of
//     the time); Singular std, then elim.lib's sat by one condition at a
//     time, the way the issue measured it.
//   - saturate1 NAME: ours one condition at a time too, groebner.Basis and
//     then groebner.Saturate by each condition in turn (what
//     families.SaturatedBasis does); Singular as for saturate.
//
// Times are wall-clock milliseconds, the best of --repeat runs after one
// warm-up, parsing excluded; Singular times come from rtimer at 10 µs in
// one Singular process that runs after ours, never at the same time.
// Without Singular the Singular cells say n/a.
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// defaultCases are the measurements of BENCHMARKS.md.
const defaultCases = "basis:reimer5,basis:katsura6,basis:cyclic6,eliminate:katsura5," +
	"saturate:grid44_1,saturate:grid44_2,saturate:grid44_3,saturate:large/grid4x4,saturate1:large/grid4x4," +
	"saturate:grid_p1,saturate:grid_oneparam"

type benchCase struct {
	kind, name string
	ring       *poly.Ring
	F          []*poly.Poly
	polys      []string // the generators in Singular syntax
	elim       []string
	nonzero    []string
}

func main() {
	repeat := flag.Int("repeat", 3, "timed runs after one warm-up (best is reported)")
	singular := flag.String("singular", "Singular", "Singular executable (\"\" to skip Singular)")
	dir := flag.String("dir", "testdata/systems", "directory of the NAME.sys files")
	cases := flag.String("cases", defaultCases, "comma-separated KIND:NAME (KIND basis, eliminate, saturate or saturate1)")
	flag.Parse()
	var cs []*benchCase
	for _, c := range strings.Split(*cases, ",") {
		kind, name, ok := strings.Cut(strings.TrimSpace(c), ":")
		if !ok || kind != "basis" && kind != "eliminate" && kind != "saturate" && kind != "saturate1" {
			fatalf("bad case %q: want basis:NAME, eliminate:NAME, saturate:NAME or saturate1:NAME", c)
		}
		bc, err := load(filepath.Join(*dir, name+".sys"))
		if err != nil {
			fatalf("%v", err)
		}
		bc.kind, bc.name = kind, name
		if kind == "eliminate" && len(bc.elim) == 0 || strings.HasPrefix(kind, "saturate") && len(bc.nonzero) == 0 {
			fatalf("%s has no %s comment", name, map[string]string{"eliminate": "# eliminate:", "saturate": "# nonzero:", "saturate1": "# nonzero:"}[kind])
		}
		cs = append(cs, bc)
	}
	ours := make([]float64, len(cs))
	for i, c := range cs {
		ms, err := timeOurs(c, *repeat)
		if err != nil {
			fatalf("%s %s: %v", c.kind, c.name, err)
		}
		ours[i] = ms
	}
	theirs := map[string]float64{}
	version := "not run"
	if *singular != "" {
		var err error
		if theirs, version, err = timeSingular(*singular, cs, *repeat); err != nil {
			fmt.Fprintf(os.Stderr, "Singular: %v\n", err)
		}
	}
	fmt.Printf("| case | ours (ms) | Singular (ms) | ours/Singular |\n| --- | ---: | ---: | ---: |\n")
	for i, c := range cs {
		id := c.kind + ":" + c.name
		s, ok := theirs[id]
		sCell, ratio := "n/a", "n/a"
		if ok {
			sCell, ratio = fmtMS(s), fmt.Sprintf("%.2f", ours[i]/s)
		}
		fmt.Printf("| %s | %s | %s | %s |\n", id, fmtMS(ours[i]), sCell, ratio)
	}
	fmt.Printf("\n- best of %d runs after a warm-up; Singular: %s\n", *repeat, version)
}

func fmtMS(ms float64) string {
	switch {
	case ms < 10:
		return fmt.Sprintf("%.2f", ms)
	case ms < 1000:
		return fmt.Sprintf("%.1f", ms)
	}
	return fmt.Sprintf("%.0f", ms)
}

func fatalf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "exact: "+format+"\n", a...)
	os.Exit(1)
}

// load reads a system file of testdata/systems with its comments.
func load(path string) (*benchCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, F, err := poly.ParseSystem(string(data), poly.Grevlex)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c := &benchCase{ring: r, F: F}
	for _, f := range F {
		c.polys = append(c.polys, f.String())
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "# nonzero:"); ok {
			c.nonzero = strings.Fields(rest)
		}
		if rest, ok := strings.CutPrefix(line, "# eliminate:"); ok {
			c.elim = strings.Fields(rest)
		}
	}
	return c, nil
}

// run does the case once with our engine.
func run(c *benchCase) error {
	ctx := context.Background()
	switch c.kind {
	case "basis":
		_, err := groebner.Basis(ctx, c.F, groebner.Limits{})
		return err
	case "eliminate":
		_, _, err := groebner.Eliminate(ctx, c.F, c.elim, groebner.Limits{})
		return err
	}
	var conds []*poly.Poly
	for _, q := range c.nonzero {
		p, err := c.ring.Parse(q)
		if err != nil {
			return err
		}
		conds = append(conds, p)
	}
	if c.kind == "saturate1" {
		G, err := groebner.Basis(ctx, c.F, groebner.Limits{})
		for _, q := range conds {
			if err != nil {
				return err
			}
			G, err = groebner.Saturate(ctx, G, q, groebner.Limits{})
		}
		return err
	}
	prod := c.ring.One()
	for _, p := range conds {
		prod = new(poly.Poly).Mul(prod, p)
	}
	_, err := groebner.Saturate(ctx, c.F, prod, groebner.Limits{})
	return err
}

func timeOurs(c *benchCase, repeat int) (float64, error) {
	if err := run(c); err != nil { // warm-up
		return 0, err
	}
	best := 0.0
	for i := 0; i < repeat; i++ {
		t0 := time.Now()
		if err := run(c); err != nil {
			return 0, err
		}
		ms := float64(time.Since(t0).Microseconds()) / 1000
		if i == 0 || ms < best {
			best = ms
		}
	}
	return best, nil
}

// timeSingular runs every case in one Singular process; each case prints
// "T <id> <ticks>" per run (10 µs ticks), warm-up first.
func timeSingular(exe string, cs []*benchCase, repeat int) (map[string]float64, string, error) {
	var b strings.Builder
	b.WriteString("LIB \"elim.lib\";\nsystem(\"--ticks-per-sec\", 100000);\nint BenchT; int BenchK;\n")
	for i, c := range cs {
		id := c.kind + ":" + c.name
		fmt.Fprintf(&b, "ring BenchR%d = 0, (%s), dp;\noption(redSB); option(redTail);\n", i, strings.Join(c.ring.Vars(), ","))
		fmt.Fprintf(&b, "ideal BenchI = %s;\nideal BenchG;\n", strings.Join(c.polys, ", "))
		fmt.Fprintf(&b, "for (BenchK = 0; BenchK <= %d; BenchK++) {\n  BenchT = rtimer;\n", repeat)
		switch c.kind {
		case "basis":
			b.WriteString("  BenchG = std(BenchI);\n")
		case "eliminate":
			fmt.Fprintf(&b, "  BenchG = eliminate(BenchI, %s);\n", strings.Join(c.elim, "*"))
		case "saturate", "saturate1":
			b.WriteString("  BenchG = std(BenchI);\n")
			for _, q := range c.nonzero {
				fmt.Fprintf(&b, "  BenchG = sat(BenchG, %s)[1];\n", q)
			}
		}
		fmt.Fprintf(&b, "  print(\"T %s \" + string(rtimer - BenchT));\n}\nkill BenchR%d;\n", id, i)
	}
	b.WriteString("quit;\n")
	cmd := exec.Command(exe, "-q", "--no-warn", "--no-rc")
	cmd.Stdin = strings.NewReader(b.String())
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return nil, "", fmt.Errorf("%w: %s", err, out.String())
	}
	best := map[string]float64{}
	seen := map[string]int{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) > 0 && strings.HasPrefix(f[0], "?") {
			return nil, "", fmt.Errorf("exact: Singular reported an error: %s", sc.Text())
		}
		if len(f) != 3 || f[0] != "T" {
			continue
		}
		ticks, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			continue
		}
		ms := ticks / 100
		if seen[f[1]]++; seen[f[1]] == 1 {
			continue // warm-up
		}
		if v, ok := best[f[1]]; !ok || ms < v {
			best[f[1]] = ms
		}
	}
	v, _ := exec.Command(exe, "--version").Output()
	return best, strings.TrimSpace(strings.SplitN(string(v), "\n", 2)[0]), nil
}
