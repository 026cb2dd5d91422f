package families_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// minassPath is Singular's table of minimal associated primes, written by
// scripts/minass/primes.sh (its header says how and what).
var minassPath = filepath.Join("..", "testdata", "minass", "primes.golden")

// A minassPrime is one prime of Singular's minAssGTZ: its dimension,
// Singular's mult, and its reduced grevlex basis, monic, each polynomial
// as poly's String writes it, sorted bytewise.
type minassPrime struct {
	dim, mult int
	basis     []string
}

// key is the prime's basis joined: equal keys are equal ideals.
func (p minassPrime) key() string { return strings.Join(p.basis, "; ") }

// A minassEntry is one setting (or classical system) of the table.
type minassEntry struct {
	name    string // the setting's ops, or the classical system's name
	timeout bool   // Singular did not finish within its limit
	primes  []minassPrime
}

// A minassTable is one "table" section: a golden table's settings with its
// size, evaluation and lines, or the classical systems.
type minassTable struct {
	name, source string
	classical    bool
	size         grid.Size
	eval         grid.Eval
	lines        grid.LineSet
	entries      []*minassEntry
}

// readMinass reads the golden file (format: scripts/minass/primes.sh).
func readMinass(t *testing.T) []*minassTable {
	t.Helper()
	f, err := os.Open(minassPath)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is absent: make it with bash scripts/minass/primes.sh (needs Singular)", minassPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tabs []*minassTable
	var cur *minassEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(why string) { t.Fatalf("%s:%d: %s: %q", minassPath, ln, why, line) }
		if strings.HasPrefix(line, "  ") {
			if cur == nil || len(cur.primes) == 0 {
				bad("a polynomial outside a prime")
			}
			p := &cur.primes[len(cur.primes)-1]
			p.basis = append(p.basis, strings.TrimSpace(line))
			continue
		}
		fl := strings.Fields(line)
		switch fl[0] {
		case "table":
			// table NAME size S eval E lines L source FILE...
			// table classical source DIR
			tab := &minassTable{name: fl[1], size: grid.Size{Rows: 3, Cols: 3}}
			kv := fl[2:]
			for i := 0; i+1 < len(kv); i += 2 {
				switch kv[i] {
				case "size":
					if tab.size, err = grid.ParseSize(kv[i+1]); err != nil {
						bad(err.Error())
					}
				case "eval":
					if tab.eval, err = grid.ParseEval(kv[i+1]); err != nil {
						bad(err.Error())
					}
				case "lines":
					if kv[i+1] != "default" {
						if tab.lines, err = grid.ParseLineSet(kv[i+1]); err != nil {
							bad(err.Error())
						}
					}
				case "source":
					tab.source = strings.Join(kv[i+1:], " ")
					i = len(kv)
				}
			}
			tab.classical = tab.name == "classical"
			tabs = append(tabs, tab)
			cur = nil
		case "setting", "system":
			if len(tabs) == 0 || len(fl) < 3 {
				bad("a setting outside a table")
			}
			cur = &minassEntry{name: fl[1]}
			switch {
			case fl[2] == "singular_timeout":
				cur.timeout = true
			case fl[2] == "primes" && len(fl) == 4:
				if _, err := strconv.Atoi(fl[3]); err != nil {
					bad("bad count")
				}
			default:
				bad("bad setting line")
			}
			tab := tabs[len(tabs)-1]
			tab.entries = append(tab.entries, cur)
		case "prime":
			if cur == nil || len(fl) != 3 {
				bad("a prime outside a setting")
			}
			d, err1 := strconv.Atoi(fl[1])
			m, err2 := strconv.Atoi(fl[2])
			if err1 != nil || err2 != nil {
				bad("bad prime line")
			}
			cur.primes = append(cur.primes, minassPrime{dim: d, mult: m})
		default:
			bad("unknown line")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tabs
}

// minassKey writes a component's basis in the golden's normal form: every
// polynomial monic, as String writes it, sorted bytewise, joined by "; ".
// A nil basis gives "".
func minassKey(G []*poly.Poly) string {
	out := make([]string, 0, len(G))
	for _, g := range G {
		if !g.IsZero() {
			g = g.Monic()
		}
		out = append(out, g.String())
	}
	slices.Sort(out)
	return strings.Join(out, "; ")
}

// minassCompare compares our components with Singular's primes as sets and
// returns a description of the differences ("" when they agree) and the
// tally keys of what it found.
func minassCompare(r *poly.Ring, comps []*solve.Component, want []minassPrime) (string, []string) {
	var tally []string
	var diff []string
	wantKeys := map[string]minassPrime{}
	for _, p := range want {
		wantKeys[p.key()] = p
	}
	seen := map[string]bool{}
	for i, c := range comps {
		if len(c.Basis) == 0 {
			tally = append(tally, "component without basis")
			diff = append(diff, fmt.Sprintf("component %d (dimension %d) has no basis", i+1, c.Dimension))
			continue
		}
		if cr := c.Basis[0].Ring(); cr.NumVars() < r.NumVars() {
			tally = append(tally, "basis in fewer numbers")
			diff = append(diff, fmt.Sprintf("component %d (dimension %d) has its basis in %d of the %d numbers (%s)",
				i+1, c.Dimension, cr.NumVars(), r.NumVars(), strings.Join(cr.Vars(), " ")))
			continue
		}
		k := minassKey(c.Basis)
		p, ok := wantKeys[k]
		switch {
		case !ok:
			diff = append(diff, fmt.Sprintf("component %d (dimension %d) is no prime of Singular's: %s", i+1, c.Dimension, k))
		case seen[k]:
			diff = append(diff, fmt.Sprintf("component %d (dimension %d) is given twice", i+1, c.Dimension))
		case p.dim != c.Dimension:
			diff = append(diff, fmt.Sprintf("component %d has dimension %d, Singular's prime %d: %s", i+1, c.Dimension, p.dim, k))
		}
		if !c.Irreducible {
			tally = append(tally, "component not proved irreducible")
		}
		seen[k] = true
	}
	for _, p := range want {
		if !seen[p.key()] {
			diff = append(diff, fmt.Sprintf("Singular's prime of dimension %d (mult %d) is missing: %s", p.dim, p.mult, p.key()))
		}
	}
	if len(diff) > 0 {
		tally = append(tally, "disagree")
		return fmt.Sprintf("%d components, Singular's minAssGTZ %d primes:\n\t%s", len(comps), len(want), strings.Join(diff, "\n\t")), tally
	}
	return "", append(tally, "agree")
}

// minassSubstitute is the analysis's substitution: the default
// (families.SubstituteAuto, what `families --ops` does), or
// FAMILIES_MINASS_SUBSTITUTE=never or always.
func minassSubstitute(t *testing.T) families.Substitute {
	switch v := os.Getenv("FAMILIES_MINASS_SUBSTITUTE"); v {
	case "", "auto":
		return families.SubstituteAuto
	case "never":
		return families.SubstituteNever
	case "always":
		return families.SubstituteAlways
	default:
		t.Fatalf("FAMILIES_MINASS_SUBSTITUTE=%q: want auto, never or always", v)
	}
	return 0
}

// TestMinAssGolden compares the decomposition, ideal by ideal, with
// Singular's minimal associated primes (minAssGTZ) in
// testdata/minass/primes.golden (scripts/minass/primes.sh): every setting
// of the golden tables on 3x3, 3x4 and 4x3 grids (precedence and left to
// right, rows and columns only, all lines zero, finite solution sets) and
// classical systems (positive-dimensional ones, and cyclic-5 and katsura-4,
// whose points fall into several Galois orbits). For a grid setting,
// families.Analyze runs with the table's lines and evaluation, as
// `families --ops` does (substitution on grids of more than 9 numbers, or
// as FAMILIES_MINASS_SUBSTITUTE says), and the reduced grevlex basis of
// every component of Report.Result must be one of Singular's primes of the
// saturated ideal, each prime met once: the components are the minimal
// primes, zero-dimensional ones too (Singular gives one prime per Galois
// orbit of points, and so must a component of dimension 0). A setting
// with no primes must be inconsistent. The classical systems are compared
// through solve.Solve with the nonzero conditions of their file's
// "# nonzero:" line (empty: none), as the script saturates them. Settings
// that Singular did not finish are skipped and counted. It never runs
// Singular; with -short it compares every tenth setting of each table.
func TestMinAssGolden(t *testing.T) {
	tabs := readMinass(t)
	sub := minassSubstitute(t)
	const bound = time.Minute
	step := 1
	if testing.Short() {
		step = 10
	}
	// The tables the golden file must hold, with their settings.
	want := map[string]int{
		"pattern_eq": 300, "pattern_zero": 300, "finite_zero": 60, "ltr_eq": 100, "rowscols_3x3": 100,
		"wolf": 4, "grid_3x4": 100, "eqs_3x4": 100, "zero3x4": 25, "zero4x3": 25, "classical": 9,
	}
	for _, tab := range tabs {
		if n, ok := want[tab.name]; !ok {
			t.Errorf("%s: unknown table %s", minassPath, tab.name)
		} else if n != len(tab.entries) {
			t.Errorf("%s: table %s has %d settings, want %d", minassPath, tab.name, len(tab.entries), n)
		}
		delete(want, tab.name)
		checkMinassSource(t, tab)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		t.Errorf("%s: no table %s", minassPath, name)
	}
	total := map[string]int{}
	for _, tab := range tabs {
		t.Run(tab.name, func(t *testing.T) {
			stats := map[string]int{}
			for i, e := range tab.entries {
				if e.timeout {
					stats["not compared (Singular timeout)"]++
					continue
				}
				if i%step != 0 && !tab.classical {
					continue
				}
				var tally []string
				if tab.classical {
					tally = minassClassical(t, e, bound)
				} else {
					tally = minassSetting(t, tab, e, sub, bound)
				}
				// Each kind once per setting: the stats count settings.
				slices.Sort(tally)
				for _, k := range slices.Compact(tally) {
					stats[k]++
				}
			}
			t.Logf("%s: %v", tab.name, stats)
			for k, v := range stats {
				total[k] += v
			}
		})
	}
	t.Logf("all tables: %v", total)
}

// checkMinassSource checks that a table holds the settings of the golden
// table it names as its source, in order (the first ones, for a table
// that takes fewer), and that every prime's basis is sorted.
func checkMinassSource(t *testing.T, tab *minassTable) {
	t.Helper()
	if strings.HasPrefix(tab.source, "testdata/") && strings.HasSuffix(tab.source, ".golden") {
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(tab.source)))
		if err != nil {
			t.Fatal(err)
		}
		var ops []string
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
				ops = append(ops, f[0])
			}
		}
		for i, e := range tab.entries {
			if i >= len(ops) || ops[i] != e.name {
				t.Errorf("%s: table %s, setting %d is %s, not %s's", minassPath, tab.name, i+1, e.name, tab.source)
				break
			}
		}
	}
	for _, e := range tab.entries {
		for _, p := range e.primes {
			if !slices.IsSorted(p.basis) || len(p.basis) == 0 {
				t.Errorf("%s: %s: a prime's basis is not sorted or empty: %v", minassPath, e.name, p.basis)
			}
		}
	}
}

// minassSetting analyzes one grid setting and compares its components.
func minassSetting(t *testing.T, tab *minassTable, e *minassEntry, sub families.Substitute, bound time.Duration) []string {
	t.Helper()
	s, err := grid.ParseOps(e.name, tab.size)
	if err != nil {
		t.Fatalf("%s: %v", e.name, err)
	}
	opt := families.Options{Lines: tab.lines, Eval: tab.eval, Substitute: sub, Limits: groebner.Limits{Timeout: bound}, ProveComplete: true}
	start := time.Now()
	rep, err := families.Analyze(context.Background(), s, opt)
	if err != nil {
		t.Fatalf("%s: %v", e.name, err)
	}
	if rep.Class == families.ClassTimeout {
		t.Errorf("%s: not analyzed within %v (%s); Singular finished", e.name, bound, rep.Error)
		return []string{"our timeout"}
	}
	if rep.Error != "" {
		t.Errorf("%s: %s: %s", e.name, rep.Class, rep.Error)
		return []string{"error"}
	}
	checkMinassNormalForm(t, e, rep.System().Ring)
	if rep.Complete == nil || !*rep.Complete {
		// Every one of these small systems is proved complete within the
		// proof's work budget.
		t.Errorf("%s: decomposition not proved complete: %s", e.name, rep.CompleteReason)
	}
	if len(e.primes) == 0 {
		if rep.Class != families.ClassInconsistent {
			t.Errorf("%s: class %s; Singular: no primes (inconsistent)", e.name, rep.Class)
			return []string{"disagree"}
		}
		return []string{"agree (inconsistent)"}
	}
	res := rep.Result()
	if res == nil {
		t.Errorf("%s: class %s and no decomposition; Singular: %d primes", e.name, rep.Class, len(e.primes))
		return []string{"disagree"}
	}
	var tally []string
	if len(rep.Substituted) > 0 {
		tally = append(tally, "substituted")
	}
	comps := res.Components
	if len(rep.Substituted) > 0 {
		// The components are named in the remaining numbers; their primes
		// in all numbers are what Singular gives.
		comps = minassInAll(t, rep)
	}
	msg, more := minassCompare(rep.System().Ring, comps, e.primes)
	if msg != "" {
		t.Errorf("%s (%s, %v): %s", e.name, rep.Class, time.Since(start).Round(time.Millisecond), msg)
	}
	return append(tally, more...)
}

// minassInAll returns the components of a substituted analysis with their
// primes in all numbers (solve.Reduction.PrimeInAll).
func minassInAll(t *testing.T, rep *families.Report) []*solve.Component {
	t.Helper()
	sys := rep.System()
	red, err := solve.Reduce(context.Background(), sys.Polys(), sys.Nonzero)
	if err != nil {
		t.Fatal(err)
	}
	var out []*solve.Component
	for _, c := range rep.Result().Components {
		P, err := red.PrimeInAll(context.Background(), c, sys.Nonzero, groebner.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		cc := *c
		cc.Basis, cc.BasisOverParameters = P, false
		out = append(out, &cc)
	}
	return out
}

// checkMinassNormalForm checks that Singular's polynomials, parsed in the
// system's ring, print as the golden writes them: the file is in the form
// minassKey compares.
func checkMinassNormalForm(t *testing.T, e *minassEntry, r *poly.Ring) {
	t.Helper()
	for _, p := range e.primes {
		for _, s := range p.basis {
			g, err := r.Parse(s)
			if err != nil {
				t.Fatalf("%s: Singular's %q: %v", e.name, s, err)
			}
			if g.Monic().String() != s {
				t.Errorf("%s: Singular's %q prints as %q", e.name, s, g.Monic().String())
			}
		}
	}
}

// minassClassical decomposes a classical system with solve.Solve and the
// nonzero conditions of its file, and compares its components.
func minassClassical(t *testing.T, e *minassEntry, bound time.Duration) []string {
	t.Helper()
	path := filepath.Join("..", "testdata", "minass", "systems", e.name+".sys")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, F, err := poly.ParseSystem(string(data), poly.Grevlex)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var nonzero []*poly.Poly
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "# nonzero:"); ok {
			for _, s := range strings.Fields(v) {
				h, err := r.Parse(s)
				if err != nil {
					t.Fatalf("%s: nonzero %q: %v", path, s, err)
				}
				nonzero = append(nonzero, h)
			}
		}
	}
	checkMinassNormalForm(t, e, r)
	start := time.Now()
	res, err := solve.Solve(context.Background(), F, nonzero, solve.Options{Limits: groebner.Limits{Timeout: bound}})
	if err != nil {
		t.Errorf("%s: %v", e.name, err)
		return []string{"error"}
	}
	msg, tally := minassCompare(r, res.Components, e.primes)
	if msg != "" {
		t.Errorf("%s (%v): %s", e.name, time.Since(start).Round(time.Millisecond), msg)
	}
	return tally
}
