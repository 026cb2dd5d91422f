// Command solve makes and times the sampled grid systems behind the golden
// tables of testdata/solve (issue 5).
//
//	go run ./scripts/solve sample --pattern '.=|.....|.=|=====|.=' --n 300 --seed 1 --out DIR
//	go run ./scripts/solve systems --out DIR testdata/solve/NAME.golden ...
//	go run ./scripts/solve time testdata/solve/NAME.golden ...
//
// sample draws n distinct settings of a pattern with a fixed seed (PCG)
// and writes, for each, DIR/NNN.sys: a "vars:" line, "# ops:" and
// "# nonzero:" comments and the equations, one polynomial per line in
// Singular's syntax, as scripts/golden's systems. DIR/index.txt lists
// "NNN OPS" in the order drawn. scripts/solve/singular_golden.sh turns them
// into a golden table.
//
// systems does the same for the settings listed in golden tables.
//
// time analyses every setting of a golden table as `families --ops` does
// (saturation, class, decomposition, families and solutions) and prints
// the median, 90th and 99th percentile and total time per setting, the
// numbers scripts/solve/bench.sh compares with Singular.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: solve sample|systems|time [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "sample":
		err = sample(os.Args[2:])
	case "systems":
		err = systems(os.Args[2:])
	case "time":
		err = timing(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (sample, systems, time)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "solve:", err)
		os.Exit(1)
	}
}

// Sample returns n distinct settings of the pattern, drawn with the seed.
// A pattern of more than 2^64 settings (a 5x5 grid) draws one operator per
// wildcard instead, which is as uniform; smaller ones keep the draw that
// made the committed tables.
func Sample(pattern *grid.Setting, n int, seed uint64) ([]*grid.Setting, error) {
	count := pattern.Count()
	if count.Cmp(big.NewInt(int64(n))) < 0 {
		return nil, fmt.Errorf("pattern %s has %s settings, cannot draw %d", pattern, count, n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	draw := func() *big.Int {
		if count.IsUint64() {
			return new(big.Int).SetUint64(rng.Uint64N(count.Uint64()))
		}
		i := new(big.Int)
		for w := pattern.Wildcards(); w > 0; w-- {
			i.Lsh(i, 2).Or(i, big.NewInt(rng.Int64N(4)))
		}
		return i
	}
	seen := map[string]bool{}
	var out []*grid.Setting
	for len(out) < n {
		i := draw()
		if seen[i.String()] {
			continue
		}
		seen[i.String()] = true
		s, err := pattern.Nth(i)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func sample(args []string) error {
	fs := flag.NewFlagSet("sample", flag.ExitOnError)
	pat := fs.String("pattern", "", "--ops pattern with wildcards")
	size := fs.String("size", "3x3", "grid size")
	lines := fs.String("lines", "", "lines (default: the setting's)")
	n := fs.Int("n", 300, "settings to draw")
	seed := fs.Uint64("seed", 1, "PCG seed")
	out := fs.String("out", "", "output directory")
	fs.Parse(args)
	if *pat == "" || *out == "" {
		return fmt.Errorf("sample needs --pattern and --out")
	}
	z, err := grid.ParseSize(*size)
	if err != nil {
		return err
	}
	p, err := grid.ParseOps(*pat, z)
	if err != nil {
		return err
	}
	settings, err := Sample(p, *n, *seed)
	if err != nil {
		return err
	}
	var sel grid.LineSet
	if *lines != "" {
		if sel, err = grid.ParseLineSet(*lines); err != nil {
			return err
		}
	}
	entries := make([]Entry, len(settings))
	for k, s := range settings {
		entries[k] = Entry{Setting: s, Lines: sel}
	}
	return writeSystems(*out, entries)
}

// systems writes the systems of the settings listed in golden tables.
func systems(args []string) error {
	fs := flag.NewFlagSet("systems", flag.ExitOnError)
	out := fs.String("out", "", "output directory")
	fs.Parse(args)
	var entries []Entry
	for _, path := range fs.Args() {
		es, err := ReadGolden(path)
		if err != nil {
			return err
		}
		entries = append(entries, es...)
	}
	return writeSystems(*out, entries)
}

// writeSystems writes DIR/NNN.sys for each setting and DIR/index.txt.
func writeSystems(dir string, settings []Entry) error {
	if dir == "" {
		return fmt.Errorf("no output directory (--out)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var index strings.Builder
	for k, e := range settings {
		s := e.Setting
		sys, err := s.System(e.Lines, grid.Precedence, poly.Grevlex)
		if err != nil {
			return fmt.Errorf("%s: %v", s, err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "vars: %s\n", strings.Join(sys.Ring.Vars(), " "))
		fmt.Fprintf(&b, "# ops: %s\n", s)
		var nz []string
		for _, h := range sys.Nonzero {
			nz = append(nz, strings.ReplaceAll(h.String(), " ", ""))
		}
		fmt.Fprintf(&b, "# nonzero: %s\n", strings.Join(nz, " "))
		for _, e := range sys.Equations {
			fmt.Fprintln(&b, e.Poly)
		}
		name := fmt.Sprintf("%03d", k+1)
		if err := os.WriteFile(filepath.Join(dir, name+".sys"), []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&index, "%s %s\n", name, s)
	}
	return os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644)
}

// An Entry is one setting of a golden table with its lines (0: the
// setting's default).
type Entry struct {
	Setting *grid.Setting
	Lines   grid.LineSet
}

// ReadGolden returns the settings of a golden table: its OPS column, in the
// grid size of its "# size: MxN" header line (3x3 without one) and with the
// lines of its "# lines: L" header line (the default without one).
func ReadGolden(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	z := grid.Size{Rows: 3, Cols: 3}
	var sel grid.LineSet
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "# size:"); ok {
			if z, err = grid.ParseSize(strings.TrimSpace(v)); err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
		}
		if v, ok := strings.CutPrefix(line, "# lines:"); ok {
			if sel, err = grid.ParseLineSet(strings.TrimSpace(v)); err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := grid.ParseOps(strings.Fields(line)[0], z)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		out = append(out, Entry{Setting: s, Lines: sel})
	}
	return out, sc.Err()
}

func timing(args []string) error {
	fs := flag.NewFlagSet("time", flag.ExitOnError)
	timeout := fs.Duration("timeout", 60*time.Second, "limit per setting")
	fs.Parse(args)
	var ds []time.Duration
	var total time.Duration
	classes := map[string]int{}
	for _, path := range fs.Args() {
		entries, err := ReadGolden(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			t0 := time.Now()
			rep, err := families.Analyze(context.Background(), e.Setting, families.Options{Lines: e.Lines, Limits: groebner.Limits{Timeout: *timeout}})
			if err != nil {
				return err
			}
			d := time.Since(t0)
			ds = append(ds, d)
			total += d
			classes[rep.Class]++
		}
	}
	if len(ds) == 0 {
		return fmt.Errorf("no settings")
	}
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
	fmt.Printf("settings %d  median %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms  total %.3f s  %v\n",
		len(ds), ms(q(0.5)), ms(q(0.9)), ms(q(0.99)), ms(ds[len(ds)-1]), total.Seconds(), classes)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
