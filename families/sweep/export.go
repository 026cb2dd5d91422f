package sweep

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
)

// Formats are the export formats: the computer algebra systems whose
// scripts Export writes, and json for any other consumer.
var Formats = []string{"singular", "m2", "sympy", "maple", "json"}

// A System is one exported system with its expected answers, as every
// format states them. The equations, nonzero conditions and basis are in
// Singular's syntax over the ring Vars with the grevlex order.
type System struct {
	Name      string   `json:"name"`
	Ops       string   `json:"ops"`
	Vars      []string `json:"vars"`
	Equations []string `json:"equations"`
	Nonzero   []string `json:"nonzero"`
	// Class is inconsistent, finite or positive_dimensional.
	Class     string   `json:"class"`
	Dimension int      `json:"dimension"`
	Degree    *int     `json:"degree,omitempty"`
	Basis     []string `json:"basis"`
	// Member is a positive-integer solution, checked exactly by the sweep.
	Member map[string]*big.Int `json:"member,omitempty"`
	// Family is the first family of a positive-dimensional system: its
	// parameters, every number as an expression in them (rational kind),
	// its dimension and its prime component's reduced basis.
	Family *families.FamilyReport `json:"family,omitempty"`
}

// An ExportSummary says what Export wrote.
type ExportSummary struct {
	Systems int    // systems written
	Skipped int    // records without expected answers (timeout, error)
	Runner  string // the command that checks them, to run from any directory
	Sweep   *Summary
}

// Export runs the plan and writes its systems with their expected answers
// to dir in one format (see Formats), with a runner that feeds every system
// to that solver, checks each answer and prints "N passed, N failed"
// (exit status 1 when one failed). The runner checks, per system: that the
// system saturated by the product of its nonzero conditions has the
// expected reduced grevlex basis (as an ideal), so consistent or not, its
// dimension, its degree when finite, that the member solves the equations
// with every number nonzero, and that the family solves them (for a
// rational family, by substitution over the field of its parameters) and
// that its component contains the saturated ideal. dir also gets
// records.jsonl, the sweep's records. A record of class timeout or error
// has no expected answers and is skipped. Cost: Run's, plus writing.
func (p *Plan) Export(ctx context.Context, format, dir string) (*ExportSummary, error) {
	if !slices.Contains(Formats, format) {
		return nil, fmt.Errorf("sweep: unknown export format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	sub := filepath.Join(dir, format)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, err
	}
	var recs bytes.Buffer
	sum, err := p.Run(ctx, &recs)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "records.jsonl"), recs.Bytes(), 0o644); err != nil {
		return nil, err
	}
	es := &ExportSummary{Sweep: sum}
	var systems []*System
	for line := range bytes.Lines(recs.Bytes()) {
		sys, err := exportSystem(line, len(systems)+1)
		if err != nil {
			return nil, err
		}
		if sys == nil {
			es.Skipped++
			continue
		}
		systems = append(systems, sys)
	}
	es.Systems = len(systems)
	w := writers[format]
	if es.Runner, err = w(sub, systems); err != nil {
		return nil, err
	}
	return es, nil
}

// exportSystem reads the expected answers of one record.
func exportSystem(line []byte, n int) (*System, error) {
	var r struct {
		families.Report
		Members []map[string]*big.Int `json:"members"`
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, err
	}
	switch r.Class {
	case families.ClassInconsistent, families.ClassFinite, families.ClassPositiveDim:
	default:
		return nil, nil
	}
	z, err := grid.ParseSize(r.Size)
	if err != nil {
		return nil, err
	}
	sys := &System{
		Name: fmt.Sprintf("s%05d", n), Ops: r.Ops, Vars: z.Names(), Equations: r.Equations,
		Nonzero: r.Nonzero, Class: r.Class, Dimension: *r.Dimension, Degree: r.Degree, Basis: r.Basis,
	}
	if len(r.Members) > 0 {
		sys.Member = r.Members[0]
	}
	if len(r.Families) > 0 {
		sys.Family = &r.Families[0]
	}
	return sys, nil
}

// The runners of the Python formats, written as they are.
var (
	//go:embed runners/sympy_run.py
	sympyRunner string
	//go:embed runners/json_check.py
	jsonChecker string
)

var writers = map[string]func(dir string, systems []*System) (string, error){
	"singular": writeSingular,
	"m2":       writeM2,
	"sympy":    writeSymPy,
	"maple":    writeMaple,
	"json":     writeJSON,
}

// writeRunner writes the shell script run.sh that runs a command in its
// own directory, and returns its path.
func writeRunner(dir, command string) (string, error) {
	path := filepath.Join(dir, "run.sh")
	text := "#!/bin/sh\n# Feeds every exported system to the solver and checks the expected answers.\ncd \"$(dirname \"$0\")\" && exec " + command + "\n"
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		return "", err
	}
	return "sh " + path, nil
}

// product returns the product of the nonzero conditions.
func product(ps []string) string {
	if len(ps) == 0 {
		return "1"
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = "(" + p + ")"
	}
	return strings.Join(out, "*")
}

// rationalFamily reports whether a family can be checked by substitution.
func rationalFamily(f *families.FamilyReport) bool {
	return f != nil && f.Kind == "rational" && len(f.Parameters) > 0
}

// memberSubst lists name, value pairs of a member in the order of vars.
func memberValues(vars []string, m map[string]*big.Int) []string {
	out := make([]string, len(vars))
	for i, v := range vars {
		out[i] = m[v].String()
	}
	return out
}

func writeJSON(dir string, systems []*System) (string, error) {
	b, err := json.MarshalIndent(systems, "", " ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "systems.json"), append(b, '\n'), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "check.py"), []byte(jsonChecker), 0o644); err != nil {
		return "", err
	}
	return writeRunner(dir, "python3 check.py systems.json")
}

func writeSymPy(dir string, systems []*System) (string, error) {
	b, err := json.MarshalIndent(systems, "", " ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "systems.json"), append(b, '\n'), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "run.py"), []byte(sympyRunner), 0o644); err != nil {
		return "", err
	}
	return writeRunner(dir, "python3 run.py systems.json")
}
