// Command solve makes and times the sampled grid systems behind the golden
// tables of testdata/solve (issue 5).
//
//	go run ./scripts/solve sample --pattern '.=|.....|.=|=====|.=' --n 300 --seed 1 --out DIR
//	go run ./scripts/solve systems --out DIR testdata/solve/NAME.golden ...
//	go run ./scripts/solve time testdata/solve/NAME.golden ...
//
// sample draws n distinct settings of a pattern with a fixed seed
// (sweep.Sample; --positive keeps only settings that can have a positive
// solution; --size, --eval and --lines choose the grid and its reading)
// and writes, for each, DIR/NNNN.sys (the system as families/grid builds
// it, for scripts/solve/bench.sh): a "vars:" line, "# ops:" and
// "# nonzero:" comments and the equations, one polynomial per line in
// Singular's syntax, as scripts/golden's systems. DIR/index.txt lists
// "NNNN OPS" in index order. scripts/solve/singular_golden.sh reads the
// settings of index.txt again with its own reader (reader.py), not these
// systems, and turns them into a golden table.
//
// systems does the same for the settings listed in a golden table.
//
// time analyzes every setting of a golden table as `families --ops` does
// (saturation, class, decomposition, families and solutions) and prints
// the median, 90th and 99th percentile and total time per setting, the
// numbers scripts/solve/bench.sh compares with Singular.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/sweep"
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

// A table is a golden table of testdata/solve: the settings, with the
// grid size, evaluation and lines its header states ("# size: 3x4",
// "# eval: ltr", "# lines: all"; 3x3, precedence and the default lines
// when absent).
type table struct {
	size grid.Size
	eval grid.Eval
	sel  grid.LineSet
	ops  []string
}

// settings parses the table's settings.
func (t *table) settings() ([]*grid.Setting, error) {
	out := make([]*grid.Setting, len(t.ops))
	for i, o := range t.ops {
		s, err := grid.ParseOps(o, t.size)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

func sample(args []string) error {
	fs := flag.NewFlagSet("sample", flag.ExitOnError)
	pat := fs.String("pattern", "", "--ops pattern with wildcards")
	size := fs.String("size", "3x3", "grid size")
	eval := fs.String("eval", "precedence", "evaluation: precedence or ltr")
	lines := fs.String("lines", "", "lines: a comma list of rows, cols, diag, short (default: the setting's)")
	positive := fs.Bool("positive", false, "only settings that can have a positive solution (sweep.Filter.Positive)")
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
	ev, err := grid.ParseEval(*eval)
	if err != nil {
		return err
	}
	sel, err := grid.ParseLineSet(*lines)
	if err != nil {
		return err
	}
	// The sweep's sampler: uniform over the settings passing the filter,
	// deterministic in the seed, returned in index order.
	_, settings, err := sweep.Sample(p, sel, sweep.Filter{Positive: *positive}, *n, *seed)
	if err != nil {
		return err
	}
	if len(settings) < *n {
		return fmt.Errorf("pattern %s has %d settings passing the filter, cannot draw %d", p, len(settings), *n)
	}
	all := make([]reading, len(settings))
	for i, st := range settings {
		all[i] = reading{st, sel, ev}
	}
	return writeSystems(*out, all)
}

// systems writes the systems of the settings listed in golden tables.
func systems(args []string) error {
	fs := flag.NewFlagSet("systems", flag.ExitOnError)
	out := fs.String("out", "", "output directory")
	fs.Parse(args)
	var all []reading
	for _, path := range fs.Args() {
		t, err := ReadGolden(path)
		if err != nil {
			return err
		}
		settings, err := t.settings()
		if err != nil {
			return err
		}
		for _, s := range settings {
			all = append(all, reading{s, t.sel, t.eval})
		}
	}
	return writeSystems(*out, all)
}

// A reading is a setting with the lines and evaluation it is read with.
type reading struct {
	s   *grid.Setting
	sel grid.LineSet
	ev  grid.Eval
}

// writeSystems writes DIR/NNN.sys for each setting and DIR/index.txt.
func writeSystems(dir string, settings []reading) error {
	if dir == "" {
		return fmt.Errorf("no output directory (--out)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var index strings.Builder
	for k, rd := range settings {
		s := rd.s
		sys, err := s.System(rd.sel, rd.ev, poly.Grevlex)
		if err != nil {
			return fmt.Errorf("%s: %w", s, err)
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
		name := fmt.Sprintf("%04d", k+1)
		if err := os.WriteFile(filepath.Join(dir, name+".sys"), []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&index, "%s %s\n", name, s)
	}
	return os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644)
}

// ReadGolden reads a golden table: its header and its OPS column.
func ReadGolden(path string) (*table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := &table{size: grid.Size{Rows: 3, Cols: 3}, eval: grid.Precedence}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "# size: "); ok {
			if t.size, err = grid.ParseSize(v); err != nil {
				return nil, err
			}
		}
		if v, ok := strings.CutPrefix(line, "# eval: "); ok {
			if t.eval, err = grid.ParseEval(v); err != nil {
				return nil, err
			}
		}
		if v, ok := strings.CutPrefix(line, "# lines: "); ok && v != "default" {
			if t.sel, err = grid.ParseLineSet(v); err != nil {
				return nil, err
			}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t.ops = append(t.ops, strings.Fields(line)[0])
	}
	return t, sc.Err()
}

func timing(args []string) error {
	fs := flag.NewFlagSet("time", flag.ExitOnError)
	timeout := fs.Duration("timeout", 60*time.Second, "limit per setting")
	each := fs.Bool("each", false, "print each setting's wall and CPU seconds, class and ops on standard error")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	fs.Parse(args)
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var ds []time.Duration
	var total time.Duration
	classes := map[string]int{}
	for _, path := range fs.Args() {
		t, err := ReadGolden(path)
		if err != nil {
			return err
		}
		settings, err := t.settings()
		if err != nil {
			return err
		}
		for _, s := range settings {
			t0, c0 := time.Now(), cpuTime()
			rep, err := families.Analyze(context.Background(), s, families.Options{Lines: t.sel, Eval: t.eval, Limits: groebner.Limits{Timeout: *timeout}})
			if err != nil {
				return err
			}
			d := time.Since(t0)
			ds = append(ds, d)
			total += d
			classes[rep.Class]++
			if *each {
				fmt.Fprintf(os.Stderr, "%d\t%.3f\t%.3f\t%s\t%s\n", len(ds), d.Seconds(), (cpuTime() - c0).Seconds(), rep.Class, t.ops[len(ds)-1])
			}
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

// cpuTime returns the processor time (user and system) of the process so
// far: on a busy machine the wall time of a setting says little.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
