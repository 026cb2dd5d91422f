package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// singularTicks is the rtimer resolution asked for: 10 µs ticks keep
// sub-millisecond runs measurable while Singular's 32-bit int rtimer lasts
// for hours.
const singularTicks = 100000

// runSingular times Singular on all systems in one process (more only after
// a timeout or error, see runExternal).
func runSingular(ctx context.Context, cfg config, systems []*system) (results, string) {
	path, err := lookTool(cfg.Singular)
	if err != nil {
		rs := make(results)
		markRest(rs, systems, stNA, "Singular: "+err.Error())
		return rs, ""
	}
	dir, err := os.MkdirTemp("", "bench-compare-")
	if err != nil {
		rs := make(results)
		markRest(rs, systems, stError, "Singular: "+err.Error())
		return rs, ""
	}
	defer os.RemoveAll(dir)
	x := external{
		name:     "Singular",
		watchdog: cfg.Timeout,
		command: func(ctx context.Context, from int) (*exec.Cmd, io.Reader, error) {
			script := filepath.Join(dir, fmt.Sprintf("bench%d.sing", from))
			if err := os.WriteFile(script, []byte(singularScript(cfg, systems[from:])), 0o644); err != nil {
				return nil, nil, err
			}
			cmd := exec.CommandContext(ctx, path, "-q", "--no-warn", "--no-rc", script)
			return cmd, strings.NewReader(""), nil
		},
	}
	return runExternal(ctx, x, systems)
}

// singularScript writes the Singular program that measures systems and
// prints the event lines of runExternal. Times are printed in µs by
// appending a "0" to the tick count (10 µs ticks), which cannot overflow.
func singularScript(cfg config, systems []*system) string {
	var b strings.Builder
	budget := int64(cfg.Budget.Seconds() * singularTicks)
	if budget > 1<<30 {
		budget = 1 << 30
	}
	fmt.Fprintf(&b, "system(\"--ticks-per-sec\", %d);\n", singularTicks)
	b.WriteString("int BenchT; int BenchUsed; int BenchK; int BenchD;\n")
	b.WriteString("\"VERSION \" + string(system(\"version\"));\n")
	// measure writes one measurement of "ideal BenchG = call(BenchI)".
	measure := func(name, ord, call string) {
		ev := func(kind string) string { return fmt.Sprintf("%q", kind+" "+name+" "+ord) }
		run := fmt.Sprintf("BenchT = rtimer; BenchG = %s(BenchI); BenchT = rtimer - BenchT;", call)
		fmt.Fprintf(&b, "%s;\n", ev("START"))
		fmt.Fprintf(&b, "%s\n", run)
		fmt.Fprintf(&b, "%s + \" \" + string(BenchT) + \"0 \" + string(size(BenchG));\n", ev("WARM"))
		b.WriteString("BenchUsed = BenchT;\n")
		fmt.Fprintf(&b, "for (BenchK = 1; BenchK <= %d; BenchK++) {\n", cfg.Repeat)
		fmt.Fprintf(&b, "  if (BenchUsed > %d) { break; }\n", budget)
		fmt.Fprintf(&b, "  %s BenchUsed = BenchUsed + BenchT;\n", run)
		fmt.Fprintf(&b, "  %s + \" \" + string(BenchT) + \"0 \" + string(size(BenchG));\n", ev("RUN"))
		b.WriteString("}\n")
		fmt.Fprintf(&b, "%s;\n", ev("DONE"))
		fmt.Fprintf(&b, "%s + \" \" + string(BenchG);\n", ev("BASIS"))
	}
	for _, s := range systems {
		vars := strings.Join(s.ring.Vars(), ",")
		fmt.Fprintf(&b, "// %s\n", s.name)
		fmt.Fprintf(&b, "ring BenchR = 0, (%s), dp;\n", vars)
		// short = 0 prints x^2, not x2, which poly reads as a variable.
		b.WriteString("option(redSB); option(redTail); short = 0;\n")
		fmt.Fprintf(&b, "ideal BenchI =\n  %s;\n", strings.Join(s.polyStrings(), ",\n  "))
		b.WriteString("ideal BenchG;\n")
		measure(s.name, grevlex, "std")
		b.WriteString("BenchD = dim(BenchG);\n")
		fmt.Fprintf(&b, "\"DIM %s \" + string(BenchD);\n", s.name)
		fmt.Fprintf(&b, "ring BenchL = 0, (%s), lp;\n", vars)
		b.WriteString("option(redSB); option(redTail); short = 0;\n")
		b.WriteString("ideal BenchI = imap(BenchR, BenchI);\n")
		b.WriteString("ideal BenchG;\n")
		b.WriteString("if (BenchD <= 0) {\n")
		measure(s.name, lex, "stdfglm")
		b.WriteString("} else {\n")
		measure(s.name, lex, "std")
		b.WriteString("}\n")
		b.WriteString("kill BenchR; kill BenchL;\n")
	}
	b.WriteString("\"END\";\nquit;\n")
	return b.String()
}

//go:embed sympy_bench.py
var sympyScript []byte

// sympyJob is the JSON job read by sympy_bench.py.
type sympyJob struct {
	Timeout float64       `json:"timeout"`
	Budget  float64       `json:"budget"`
	Repeat  int           `json:"repeat"`
	Systems []sympySystem `json:"systems"`
}

// sympySystem is one system of a sympyJob.
type sympySystem struct {
	Name  string   `json:"name"`
	Vars  []string `json:"vars"`
	Polys []string `json:"polys"`
}

// runSympy times SymPy on all systems in one python3 process (more only
// after a hang or crash, see runExternal).
func runSympy(ctx context.Context, cfg config, systems []*system) (results, string) {
	path, err := lookTool(cfg.Python)
	if err != nil {
		rs := make(results)
		markRest(rs, systems, stNA, "SymPy: "+err.Error())
		return rs, ""
	}
	if out, err := exec.CommandContext(ctx, path, "-c", "import sympy").CombinedOutput(); err != nil {
		rs := make(results)
		markRest(rs, systems, stNA, "SymPy: not importable by "+path+": "+firstLine(string(out)))
		return rs, ""
	}
	dir, err := os.MkdirTemp("", "bench-compare-")
	if err != nil {
		rs := make(results)
		markRest(rs, systems, stError, "SymPy: "+err.Error())
		return rs, ""
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "sympy_bench.py")
	if err := os.WriteFile(script, sympyScript, 0o644); err != nil {
		rs := make(results)
		markRest(rs, systems, stError, "SymPy: "+err.Error())
		return rs, ""
	}
	x := external{
		name: "SymPy",
		// The script cuts off its own runs; the watchdog only catches a
		// process that ignores SIGALRM (a long call inside C code).
		watchdog: cfg.Timeout + 30*time.Second,
		command: func(ctx context.Context, from int) (*exec.Cmd, io.Reader, error) {
			job := sympyJob{
				Timeout: cfg.Timeout.Seconds(),
				Budget:  cfg.Budget.Seconds(),
				Repeat:  cfg.Repeat,
			}
			for _, s := range systems[from:] {
				job.Systems = append(job.Systems, sympySystem{s.name, s.ring.Vars(), s.polyStrings()})
			}
			in, err := json.Marshal(job)
			if err != nil {
				return nil, nil, err
			}
			return exec.CommandContext(ctx, path, "-u", script), bytes.NewReader(in), nil
		},
	}
	return runExternal(ctx, x, systems)
}
