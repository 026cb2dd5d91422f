// Command compare times our Gröbner engine against Singular and SymPy on the
// systems of testdata/systems and prints a comparison table.
//
// Usage (from the repository root):
//
//	go run ./bench/compare [--systems cyclic5,katsura5,...] [--repeat N]
//	    [--timeout 60s] [--budget 10s] [--markdown]
//
// For every system and for the orders grevlex and lex it measures
//
//   - ours: groebner.Basis in a grevlex ring, in this process; lex is
//     grevlex followed by groebner.FGLM when the ideal is zero-dimensional,
//     groebner.Basis in a lex ring otherwise;
//   - Singular: std in a dp ring; lex is stdfglm (std in dp, then fglm) when
//     the ideal is zero-dimensional, std in an lp ring otherwise, with
//     option(redSB) so that the basis is reduced like ours; all systems in
//     one Singular process, timed with rtimer at 10 µs resolution;
//   - SymPy: groebner(..., order='grevlex'); lex is grevlex followed by
//     fglm('lex') when zero-dimensional, order='lex' otherwise; all systems
//     in one python3 process, each run cut off by signal.setitimer.
//
// The lex way is chosen by the dimension of the tool's own grevlex basis.
// For the unit ideal (dimension -1) the grevlex basis [1] is the lex basis
// too, so all three time lex as grevlex there (a direct lex run on an
// inconsistent system measures nothing useful and can take minutes).
//
// Every measurement is one warm-up run and then up to --repeat timed runs;
// the table shows the best wall-clock time. Repeats stop early once a
// measurement has used --budget, and when that happens already in the warm-up
// the warm-up is the measurement (the notes under the table say so). A run
// longer than --timeout is reported as ">timeout". Parsing is never timed.
// The tools run one after the other, never concurrently.
//
// A missing tool gives "n/a" cells and a note, not a failure. As a sanity
// check the bases of ours, Singular's and SymPy's are compared, each read
// back into the system's ring and made monic (canonical), and every
// mismatch is flagged in the check column and in the notes.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/families-project/families/poly"
)

// defaultSystems is the set measured when --systems is not given.
const defaultSystems = "cyclic5,cyclic6,katsura5,katsura6," +
	"grid_oneparam,grid_twoparam,grid_p1,grid_allzero," +
	"random_10,random_13,random_23,random_26"

// config holds the settings of one comparison run.
type config struct {
	Dir      string        // directory of the NAME.sys files
	Systems  []string      // system names, without ".sys"
	Repeat   int           // timed runs after the warm-up
	Timeout  time.Duration // bound on a single run
	Budget   time.Duration // no further repeats once a measurement used this
	Markdown bool          // print a Markdown table
	Singular string        // Singular executable; "" skips Singular
	Python   string        // python3 with SymPy; "" skips SymPy
}

func main() {
	var cfg config
	var systems string
	flag.StringVar(&systems, "systems", defaultSystems, "comma-separated system names from testdata/systems, or \"all\"")
	flag.IntVar(&cfg.Repeat, "repeat", 3, "timed runs after one warm-up (best is reported)")
	flag.DurationVar(&cfg.Timeout, "timeout", 60*time.Second, "bound on a single run; longer runs are reported as >timeout")
	flag.DurationVar(&cfg.Budget, "budget", 10*time.Second, "stop repeating once a measurement has used this much time")
	flag.BoolVar(&cfg.Markdown, "markdown", false, "print a Markdown table (for BENCHMARKS.md)")
	flag.StringVar(&cfg.Dir, "dir", "", "directory of the system files (default: testdata/systems of the enclosing module)")
	flag.StringVar(&cfg.Singular, "singular", "Singular", "Singular executable (\"\" to skip Singular)")
	flag.StringVar(&cfg.Python, "python", "/usr/bin/python3", "python3 with SymPy (\"\" to skip SymPy)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "compare: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	if cfg.Dir == "" {
		d, err := findSystemsDir()
		if err != nil {
			fmt.Fprintln(os.Stderr, "compare:", err)
			os.Exit(2)
		}
		cfg.Dir = d
	}
	if systems == "all" {
		names, err := allSystems(cfg.Dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "compare:", err)
			os.Exit(2)
		}
		cfg.Systems = names
	} else {
		for _, s := range strings.Split(systems, ",") {
			if s = strings.TrimSpace(s); s != "" {
				cfg.Systems = append(cfg.Systems, s)
			}
		}
	}
	if err := run(context.Background(), cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

// run loads the systems, measures the three tools one after the other and
// writes the table to w; progress goes to logw (which may be io.Discard).
func run(ctx context.Context, cfg config, w, logw io.Writer) error {
	if cfg.Repeat < 0 {
		return errors.New("--repeat must be >= 0")
	}
	if cfg.Timeout <= 0 {
		return errors.New("--timeout must be positive")
	}
	if len(cfg.Systems) == 0 {
		return errors.New("no systems")
	}
	var systems []*system
	for _, name := range cfg.Systems {
		s, err := loadSystem(cfg.Dir, name)
		if err != nil {
			return err
		}
		systems = append(systems, s)
	}

	rep := &report{cfg: cfg, systems: systems}
	// External tools first: they start separate processes, so our in-process
	// runs afterwards do not share the machine with them.
	fmt.Fprintln(logw, "compare: Singular ...")
	rep.singular, rep.singularVersion = runSingular(ctx, cfg, systems)
	fmt.Fprintln(logw, "compare: SymPy ...")
	rep.sympy, rep.sympyVersion = runSympy(ctx, cfg, systems)
	rep.ours = make(results)
	for _, s := range systems {
		fmt.Fprintf(logw, "compare: ours %s ...\n", s.name)
		measureOurs(ctx, cfg, s, rep.ours)
	}
	return rep.write(w)
}

// system is one input system, parsed in a grevlex ring.
type system struct {
	name  string
	ring  *poly.Ring
	polys []*poly.Poly
}

// loadSystem reads dir/name.sys.
func loadSystem(dir, name string) (*system, error) {
	b, err := os.ReadFile(filepath.Join(dir, name+".sys"))
	if err != nil {
		return nil, err
	}
	r, F, err := poly.ParseSystem(string(b), poly.Grevlex)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &system{name: name, ring: r, polys: F}, nil
}

// polyStrings returns the polynomials in Singular syntax, which SymPy reads
// too once "^" is replaced by "**".
func (s *system) polyStrings() []string {
	out := make([]string, len(s.polys))
	for i, f := range s.polys {
		out[i] = f.String()
	}
	return out
}

// findSystemsDir looks for testdata/systems in the working directory and its
// parents, so that both `go run ./bench/compare` from the root and `go test`
// in bench/compare find it.
func findSystemsDir() (string, error) {
	d, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(d, "testdata", "systems")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("testdata/systems not found; use --dir")
		}
		d = parent
	}
}

// allSystems lists the names of all system files in dir.
func allSystems(dir string) ([]string, error) {
	m, err := filepath.Glob(filepath.Join(dir, "*.sys"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range m {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".sys"))
	}
	return names, nil
}
