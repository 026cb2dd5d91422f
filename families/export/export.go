package export

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
	"github.com/families-project/families/families/sweep"
)

// Formats are the export formats: the computer algebra systems whose
// scripts Write writes, and json for any other consumer.
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

// A Summary says what Write wrote.
type Summary struct {
	Systems int // systems written
	Skipped int // records without expected answers (timeout, error)
	// Unsolved is the number of the plan's records not made because the
	// context ended first (Write then returns its cause with the summary):
	// their systems were not written.
	Unsolved int
	Runner   string // the command that checks them, to run from any directory
	// Checks is the number of checks the runner makes; it fails unless
	// all of them run and pass.
	Checks int
	Sweep  *sweep.Summary
}

// Write runs the plan and writes its systems with their expected answers
// to dir in one format (see Formats), with a runner that feeds every system
// to that solver, checks each answer and prints "N passed, N failed"
// (exit status 1 unless all Summary.Checks ran and passed: a check
// that did not run, say after a solver error, fails the run too). The
// names the scripts introduce start with "fam", so they never shadow a
// number of the grid. The runner checks, per system: that the
// system saturated by the product of its nonzero conditions has the
// expected reduced grevlex basis (as an ideal), so consistent or not, its
// dimension, its degree when finite, that the member solves the equations
// with every number nonzero, and that the family solves them (for a
// rational family, by substitution over the field of its parameters) and
// that its component contains the saturated ideal. dir also gets
// records.jsonl, the sweep's records. A record of class timeout or error
// has no expected answers and is skipped. Once ctx is done, Write writes
// the systems of the records made so far (a prefix of the plan's, see
// Run) and returns the summary, with Unsolved counting the rest, and the
// context's cause. Cost: Run's, plus writing.
func Write(ctx context.Context, p *sweep.Plan, format, dir string) (*Summary, error) {
	if !slices.Contains(Formats, format) {
		return nil, fmt.Errorf("export: unknown format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	sub := filepath.Join(dir, format)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, err
	}
	var recs bytes.Buffer
	sum, runErr := p.Run(ctx, &recs)
	if runErr != nil && ctx.Err() == nil {
		return nil, runErr
	}
	if err := os.WriteFile(filepath.Join(dir, "records.jsonl"), recs.Bytes(), 0o644); err != nil {
		return nil, err
	}
	es, err := exportRecords(format, sub, recs.Bytes())
	if err != nil {
		return nil, err
	}
	es.Sweep = sum
	if runErr != nil {
		es.Unsolved = p.Len() - bytes.Count(recs.Bytes(), []byte{'\n'})
		return es, context.Cause(ctx)
	}
	return es, nil
}

// exportRecords writes the systems of a sweep's records to dir in format.
func exportRecords(format, dir string, recs []byte) (*Summary, error) {
	es := new(Summary)
	var systems []*System
	for line := range bytes.Lines(recs) {
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
	command, checks, err := writers[format](dir, systems)
	if err != nil {
		return nil, err
	}
	es.Checks = checks
	if es.Runner, err = writeRunner(dir, command, checks); err != nil {
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

// writers write the systems in each format and return the command that
// checks them and the number of checks it makes.
var writers = map[string]func(dir string, systems []*System) (command string, checks int, err error){
	"singular": writeSingular,
	"m2":       writeM2,
	"sympy":    writeSymPy,
	"maple":    writeMaple,
	"json":     writeJSON,
}

// writeRunner writes the shell script run.sh that runs a command in its
// own directory, and returns how to call it. The script succeeds only when
// the command's last line of output is the tally of all checks passing
// and its status is 0: Singular exits with status 0 whatever happened, and
// a solver that stops early prints no complete tally.
func writeRunner(dir, command string, checks int) (string, error) {
	path := filepath.Join(dir, "run.sh")
	text := fmt.Sprintf(`#!/bin/sh
# Feeds every exported system to the solver and checks the expected answers:
# succeeds only when the solver ends with "%[1]d passed, 0 failed".
cd "$(dirname "$0")" || exit 1
{ %[2]s || echo "FAILED: exit status $?"; } |
	awk '{ print; fflush(); last = $0 } END { exit last != "%[1]d passed, 0 failed" }'
`, checks, command)
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

// memberValues lists the values of a member in the order of vars.
func memberValues(vars []string, m map[string]*big.Int) []string {
	out := make([]string, len(vars))
	for i, v := range vars {
		out[i] = m[v].String()
	}
	return out
}

// The Python runners take the number of checks they must pass as their
// second argument; these count them as the runners make them.

// jsonChecks counts check.py's checks of s: the class, the member, a
// rational family, and the basis on the member and the family's points.
func jsonChecks(s *System) int {
	n := 1
	if s.Member != nil {
		n++
	}
	if rationalFamily(s.Family) {
		n++
	}
	if s.Member != nil || rationalFamily(s.Family) {
		n++
	}
	return n
}

// sympyChecks counts run.py's checks of s, which are those of the scripts:
// basis, dimension, degree, member, family component and rational family.
func sympyChecks(s *System) int {
	n := 2
	if s.Degree != nil {
		n++
	}
	if s.Member != nil {
		n++
	}
	if s.Family != nil {
		n++
	}
	if rationalFamily(s.Family) {
		n++
	}
	return n
}

// writePython writes systems.json and a Python runner with its check count.
func writePython(dir, name, text string, systems []*System, count func(*System) int) (string, int, error) {
	b, err := json.MarshalIndent(systems, "", " ")
	if err != nil {
		return "", 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "systems.json"), append(b, '\n'), 0o644); err != nil {
		return "", 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		return "", 0, err
	}
	checks := 0
	for _, s := range systems {
		checks += count(s)
	}
	return fmt.Sprintf("python3 %s systems.json %d", name, checks), checks, nil
}

func writeJSON(dir string, systems []*System) (string, int, error) {
	return writePython(dir, "check.py", jsonChecker, systems, jsonChecks)
}

func writeSymPy(dir string, systems []*System) (string, int, error) {
	return writePython(dir, "run.py", sympyRunner, systems, sympyChecks)
}
