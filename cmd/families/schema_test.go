package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/schema"
)

// TestOutputsMatchSchemas validates real output of the commands against
// the JSON Schemas of schema/: analyzes of every class and kind (with
// members, puzzles, questions, a 4x4 grid's substitutions), a sweep's
// records with and without shards, a census with its done lines,
// decompositions with families and points, and the answers of solve,
// groebner and factor; every object, and every line of a stream, starts
// with its "schema" key (issue 29, item 10).
func TestOutputsMatchSchemas(t *testing.T) {
	dir := t.TempDir()
	analyzes := [][]string{
		{"--members", "3", "--puzzles", "2", "--questions", "1"},
		{"--ops", "x=|+x//-|x=|=====|x=", "--members", "2"},
		{"--ops", "+=|x-++-|+=|=====|x="},
		{"--ops", "+-|/----|-/|--x-/|--"},
		{"--ops", "-/|-----|-+|--+-x|--"},
		{"--ops", "x=|x-xx+|x=|=====|x="},
		{"--size", "4x4", "--ops", "+=+|x_-_+_-|x=x|=_=_=_=|+-=|x_x_+_+|+=x", "--lines", "rows,cols"},
	}
	for _, args := range analyzes {
		for _, format := range []string{"json", "jsonl"} {
			code, out, errOut := runCmd(t, "", append(args, "--format", format)...)
			if code != 0 {
				t.Fatalf("%v: status %d %s", args, code, errOut)
			}
			if err := validate("analysis.schema.json", out, false); err != nil {
				t.Errorf("%v --format %s: %v", args, format, err)
			}
		}
	}
	// A timed-out analysis is still a valid report.
	if _, out, _ := runCmd(t, "", "--ops", "x=|x-xx+|x=|=====|x=", "--timeout", "1ns", "--format", "json"); validate("analysis.schema.json", out, false) != nil {
		t.Errorf("a timed-out report: %v", validate("analysis.schema.json", out, false))
	}

	sweeps := [][]string{
		{"--ops", "+=|x-+.-|+=|=====|.="},
		{"--ops", "+=|x-+.-|+=|=====|.=", "--once-per-orbit", "--members", "5"},
		{"--ops", "+=|x-+.-|+=|=====|.=", "--shard", "1/2", "--out", filepath.Join(dir, "shard.jsonl")},
	}
	for _, args := range sweeps {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: status %d %s", args, code, errOut)
		}
		if i := len(args) - 1; args[i-1] == "--out" {
			b, _ := os.ReadFile(args[i])
			out = string(b)
			if !strings.Contains(out, `"digest":`) {
				t.Errorf("the shard has no digests to check")
			}
		}
		if err := validate("sweep-record.schema.json", out, true); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}

	code, out, errOut := runCmd(t, "", "census", "--size", "3x3", "--max", "12")
	if code != 0 || !strings.Contains(out, `"done":`) || !strings.Contains(out, `"grid":`) {
		t.Fatalf("census: status %d %s", code, errOut)
	}
	if err := validate("census-record.schema.json", out, true); err != nil {
		t.Errorf("census: %v", err)
	}

	for _, args := range [][]string{
		{"decompose", "--format", "json", "../../testdata/decompose/curve.sys"},
		{"decompose", "--format", "json", "--nonzero", "x", "../../testdata/decompose/curve.sys"},
		{"decompose", "--format", "json", "../../testdata/minass/systems/cyclic4.sys"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: status %d %s", args, code, errOut)
		}
		if err := validate("decompose.schema.json", out, false); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}

	polys := filepath.Join(dir, "polys.txt")
	if err := os.WriteFile(polys, []byte("# three polynomials, one answer line each\nx^2 - 1\n-2*x^2 + 2\n3/4*x*y^2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file  string
		lines bool
		args  []string
	}{
		{"solve.schema.json", false, []string{"solve", "--format", "json", "../../testdata/puzzles/p1.grid"}},
		{"solve.schema.json", false, []string{"solve", "--format", "json", "--distinct-digits", "1-9", "../../testdata/puzzles/crossmath.grid"}},
		{"groebner.schema.json", false, []string{"groebner", "--format", "json", "../../testdata/decompose/curve.sys"}},
		{"groebner.schema.json", false, []string{"groebner", "--format", "json", "--order", "lex", "../../testdata/decompose/points.sys"}},
		{"factor.schema.json", true, []string{"factor", "--format", "json", "x^4*y - y"}},
		{"factor.schema.json", true, []string{"factor", "--format", "json", polys}},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: status %d %s", c.args, code, errOut)
		}
		if err := validate(c.file, out, c.lines); err != nil {
			t.Errorf("%v: %v", c.args, err)
		}
	}
}

// validate checks out, one JSON document or (lines) JSON Lines, against
// the schema file, and that each document's first key is "schema" with
// the file's version: where a reader meets it first.
func validate(file, out string, lines bool) error {
	docs := []string{out}
	if lines {
		docs = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	if len(docs) == 0 || strings.TrimSpace(docs[0]) == "" {
		return fmt.Errorf("no output to validate")
	}
	for i, d := range docs {
		dec := json.NewDecoder(bytes.NewReader([]byte(d)))
		var key, val any
		_, err := dec.Token() // {
		if err == nil {
			key, err = dec.Token()
		}
		if err == nil {
			val, err = dec.Token()
		}
		if err != nil || key != "schema" || val != schema.Versions[file] {
			return fmt.Errorf("document %d: the first key is %v: %v (%v), want \"schema\": %q", i+1, key, val, err, schema.Versions[file])
		}
		if err := schema.Validate(file, []byte(d)); err != nil {
			return fmt.Errorf("document %d: %w", i+1, err)
		}
	}
	return nil
}
