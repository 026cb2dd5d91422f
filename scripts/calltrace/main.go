// Command calltrace measures whether one analysis walks down the layers
// of the module (cmd -> families -> groebner -> poly) without climbing
// back, the acceptance test of issue 26 ("one way through the analysis").
//
//	go run ./scripts/calltrace                        # the default 4x4 setting
//	go run ./scripts/calltrace --size 4x4 --ops OPS --repeat 20 --hz 2000
//	go run ./scripts/calltrace --imports               # the import layering only
//
// It runs families.Analyze and the text renderer (render.Text) on one
// setting, --repeat times, under a CPU profile sampled at --hz, then reads
// every sampled stack back (go tool pprof -traces) and maps each to its
// sequence of the module's packages, root first. Frames outside the module
// (the runtime, the standard library) and of internal/ (worker pools and
// budgets that only call back the closures given to them) are transparent,
// and consecutive frames of one package are one step. Each step from a
// caller's package A to a callee's package B is then
//
//   - down when A imports B (directly or not): the layering;
//   - up when B imports A: a callback climbing back into a higher layer;
//   - across when neither imports the other (an interface or a function
//     value between unrelated packages).
//
// It prints the distinct package paths with their samples, the distinct
// entry points (a caller's package and the function of the callee's
// package that it called: how many ways the walk goes down), and the counts
// of steps of each kind, over distinct paths and weighted by samples; a
// walk that goes down without climbing back has no up and no across steps.
// With --internal the packages of internal/ count as steps too. With
// --imports it checks instead that no package imports one of a
// higher layer (cmd 3, families 2, groebner 1, poly, internal and schema 0;
// bench and scripts are tools on top).
//
// Needs the go command (go list, go tool pprof). A profile is a sample,
// so a rare path may be missed: raise --repeat to see more.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/render"
)

const module = "github.com/families-project/families"

// keepInternal makes internal/ packages steps of their own (--internal):
// a worker pool's call of a closure then counts as a step up.
var keepInternal bool

func main() {
	size := flag.String("size", "4x4", "grid size")
	// The first setting of testdata/scale/grid4x4.golden: positive
	// dimensional, substituted, families lifted and verified.
	ops := flag.String("ops", "x/=|-/xx/-/|xx=|/x+-x+/|+-=|=======|+x=", "operator setting")
	repeat := flag.Int("repeat", 20, "analyses to sample")
	hz := flag.Int("hz", 2000, "CPU profile sampling rate")
	imports := flag.Bool("imports", false, "check the import layering only")
	show := flag.Int("show", 20, "package paths to print")
	flag.BoolVar(&keepInternal, "internal", false, "count the packages of internal/ as steps too")
	flag.Parse()
	graph, err := importGraph()
	if err != nil {
		fail(err)
	}
	if *imports {
		if n := checkLayers(os.Stdout, graph); n > 0 {
			fail(fmt.Errorf("%d imports climb the layers", n))
		}
		return
	}
	stacks, err := profile(*size, *ops, *repeat, *hz)
	if err != nil {
		fail(err)
	}
	report(os.Stdout, graph, stacks, *show)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "calltrace:", err)
	os.Exit(1)
}

// importGraph returns, for each package of the module (path relative to
// the module), the set of the module's packages it imports directly or
// not.
func importGraph() (map[string]map[string]bool, error) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", module+"/...").Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	g := map[string]map[string]bool{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		deps := map[string]bool{}
		for _, d := range f[1:] {
			if rel, ok := relative(d); ok {
				deps[rel] = true
			}
		}
		if rel, ok := relative(f[0]); ok {
			g[rel] = deps
		}
	}
	return g, nil
}

// relative returns an import path relative to the module ("." for its
// root package), and false outside it.
func relative(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

// layer returns the layer of a package of the module: cmd 3, families 2,
// groebner 1, poly 0; internal and schema are leaves (0); bench and
// scripts are tools on top (4).
func layer(pkg string) int {
	top, _, _ := strings.Cut(pkg, "/")
	switch top {
	case "cmd":
		return 3
	case "families", ".":
		return 2
	case "groebner":
		return 1
	case "bench", "scripts":
		return 4
	}
	return 0
}

// checkLayers prints every import that climbs the layers, and a summary
// line, and returns their number.
func checkLayers(w io.Writer, graph map[string]map[string]bool) int {
	pkgs := slicesSorted(graph)
	n, edges := 0, 0
	for _, p := range pkgs {
		for _, d := range slicesSorted(graph[p]) {
			edges++
			if layer(d) > layer(p) {
				fmt.Fprintf(w, "up: %s (layer %d) imports %s (layer %d)\n", p, layer(p), d, layer(d))
				n++
			}
		}
	}
	fmt.Fprintf(w, "%d packages, %d imports (direct or not) within the module, %d climbing the layers cmd 3 > families 2 > groebner 1 > poly 0\n", len(pkgs), edges, n)
	return n
}

func slicesSorted[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// A stack is one sampled call stack as the module's packages, root
// first, with its weight in samples.
type stack struct {
	pkgs    []string
	entries []string // each step as "caller package -> callee function"
	samples int
}

// profile runs the analysis and its text report repeat times under a CPU
// profile and returns the sampled stacks.
func profile(size, ops string, repeat, hz int) ([]stack, error) {
	z, err := grid.ParseSize(size)
	if err != nil {
		return nil, err
	}
	s, err := grid.ParseOps(ops, z)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "calltrace")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "cpu.pprof")
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	// Setting the rate before StartCPUProfile keeps it (StartCPUProfile
	// then prints that it cannot set its own 100 Hz, which is harmless).
	runtime.SetCPUProfileRate(hz)
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	start := time.Now()
	var text bytes.Buffer
	for range repeat {
		rep, err := families.Analyze(context.Background(), s, families.Options{})
		if err != nil {
			pprof.StopCPUProfile()
			return nil, err
		}
		text.Reset()
		if err := render.Text(context.Background(), &text, rep); err != nil {
			pprof.StopCPUProfile()
			return nil, err
		}
	}
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		return nil, err
	}
	fmt.Printf("setting %s %s: %d analyses with their text report in %.1f s wall, profiled at %d Hz\n",
		size, ops, repeat, time.Since(start).Seconds(), hz)
	out, err := exec.Command("go", "tool", "pprof", "-traces", file).Output()
	if err != nil {
		return nil, fmt.Errorf("go tool pprof: %w", err)
	}
	return parseTraces(out)
}

// parseTraces reads the output of go tool pprof -traces: blocks separated
// by lines of dashes, each a value ("10ms" or a count) before the leaf
// frame, then one caller per line. Every sample of a CPU profile weighs
// one period, so a block's weight in samples is its value over the
// smallest value seen.
func parseTraces(out []byte) ([]stack, error) {
	type block struct {
		value  float64
		frames []string // leaf first
	}
	var blocks []block
	var cur *block
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "-----------+") {
			cur = nil
			continue
		}
		if cur == nil {
			f := strings.Fields(line)
			if len(f) < 2 || !strings.HasPrefix(line, " ") {
				continue // the header
			}
			v, err := parseValue(f[0])
			if err != nil {
				continue
			}
			blocks = append(blocks, block{value: v, frames: []string{f[1]}})
			cur = &blocks[len(blocks)-1]
			continue
		}
		if f := strings.Fields(line); len(f) > 0 {
			cur.frames = append(cur.frames, f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("the profile has no samples")
	}
	unit := blocks[0].value
	for _, b := range blocks {
		unit = min(unit, b.value)
	}
	var stacks []stack
	for _, b := range blocks {
		var pkgs, entries []string
		for i := len(b.frames) - 1; i >= 0; i-- {
			p, ok := framePackage(b.frames[i])
			if !ok || (len(pkgs) > 0 && pkgs[len(pkgs)-1] == p) {
				continue
			}
			if len(pkgs) > 0 {
				fn := strings.TrimPrefix(b.frames[i], module+"/")
				fn, _, _ = strings.Cut(fn, "[")
				entries = append(entries, pkgs[len(pkgs)-1]+" -> "+fn)
			}
			pkgs = append(pkgs, p)
		}
		stacks = append(stacks, stack{pkgs, entries, int(b.value/unit + 0.5)})
	}
	return stacks, nil
}

// parseValue reads a sample value: a duration ("10ms", "1.50s") or a
// count.
func parseValue(s string) (float64, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return float64(d), nil
	}
	return strconv.ParseFloat(s, 64)
}

// framePackage returns the package of the module that a frame's function
// belongs to ("github.com/.../families/solve.(*decomposer).saturate.func1"
// -> "families/solve"), and false for frames outside the module and of
// internal/, which are transparent.
func framePackage(fn string) (string, bool) {
	rest, ok := strings.CutPrefix(fn, module)
	if !ok {
		return "", false
	}
	// The type arguments of a generic function name packages too
	// ("groebner.knownBasis.Backward[go.shape.[]*github.com/.../poly.Poly]").
	rest, _, _ = strings.Cut(rest, "[")
	pkg := "."
	if r, ok := strings.CutPrefix(rest, "/"); ok {
		slash := strings.LastIndex(r, "/")
		dot := strings.Index(r[slash+1:], ".")
		if dot < 0 {
			return "", false
		}
		pkg = r[:slash+1+dot]
	}
	if !keepInternal && (pkg == "internal" || strings.HasPrefix(pkg, "internal/")) {
		return "", false
	}
	return pkg, true
}

// report prints the package paths by samples and the counts of steps.
func report(w io.Writer, graph map[string]map[string]bool, stacks []stack, show int) {
	// Merge the stacks with the same package path.
	byPath := map[string]*stack{}
	total, outside := 0, 0
	for _, s := range stacks {
		if len(s.pkgs) == 0 {
			outside += s.samples // the garbage collector, the scheduler
			continue
		}
		k := strings.Join(s.pkgs, " -> ")
		if byPath[k] == nil {
			byPath[k] = &stack{pkgs: s.pkgs}
		}
		byPath[k].samples += s.samples
		total += s.samples
	}
	var paths []*stack
	for _, s := range byPath {
		paths = append(paths, s)
	}
	slices.SortFunc(paths, func(a, b *stack) int {
		if c := cmp.Compare(b.samples, a.samples); c != 0 {
			return c
		}
		return cmp.Compare(strings.Join(a.pkgs, " "), strings.Join(b.pkgs, " "))
	})
	kinds := []string{"down", "up", "across"}
	steps := map[string]int{}
	weighted := map[string]int{}
	edges := map[string]string{} // a distinct step "A -> B" and its kind
	for _, s := range paths {
		for i := 1; i < len(s.pkgs); i++ {
			a, b := s.pkgs[i-1], s.pkgs[i]
			k := "across"
			switch {
			case graph[a][b]:
				k = "down"
			case graph[b][a]:
				k = "up"
			}
			steps[k]++
			weighted[k] += s.samples
			edges[a+" -> "+b] = k
		}
	}
	fmt.Fprintf(w, "%d samples in the module's code, %d distinct package paths (root first: a goroutine's root is the function it started with; runtime, standard library and internal/ transparent); %d samples outside it (garbage collector, scheduler)\n", total, len(paths), outside)
	for i, s := range paths {
		if i == show {
			fmt.Fprintf(w, "  ... %d more\n", len(paths)-show)
			break
		}
		fmt.Fprintf(w, "  %6d  %s\n", s.samples, strings.Join(s.pkgs, " -> "))
	}
	entries := map[string]bool{}
	for _, s := range stacks {
		for _, e := range s.entries {
			entries[e] = true
		}
	}
	fmt.Fprintf(w, "distinct entry points (a caller's package -> the first function of the callee's): %d\n", len(entries))
	for _, e := range slicesSorted(entries) {
		fmt.Fprintf(w, "  %s\n", e)
	}
	fmt.Fprintf(w, "distinct caller -> callee package steps: %d\n", len(edges))
	for _, e := range slicesSorted(edges) {
		fmt.Fprintf(w, "  %-6s %s\n", edges[e], e)
	}
	for _, k := range kinds {
		fmt.Fprintf(w, "steps %-6s %5d over the distinct paths, %7d weighted by samples\n", k, steps[k], weighted[k])
	}
}
