package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/schema"
)

// TestOutputsMatchSchemas validates real output of the commands against
// the JSON Schemas of schema/: analyzes of every class and kind (with
// members, puzzles, questions, a 4x4 grid's substitutions), a sweep's
// records with and without shards, a census with its done lines, and
// decompositions with families and points (issue 29, item 10).
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
			if !strings.HasPrefix(out, `{"schema":"`+schema.Version+`"`) && !strings.HasPrefix(out, "{\n  \"schema\": \""+schema.Version+"\"") {
				t.Errorf("%v --format %s: the first key is not \"schema\": %.60q", args, format, out)
			}
			if err := schema.Validate("analysis.schema.json", []byte(out)); err != nil {
				t.Errorf("%v --format %s: %v", args, format, err)
			}
		}
	}
	// A timed-out analysis is still a valid report.
	if _, out, _ := runCmd(t, "", "--ops", "x=|x-xx+|x=|=====|x=", "--timeout", "1ns", "--format", "json"); schema.Validate("analysis.schema.json", []byte(out)) != nil {
		t.Errorf("a timed-out report: %v", schema.Validate("analysis.schema.json", []byte(out)))
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
		if err := schema.ValidateLines("sweep-record.schema.json", []byte(out)); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}

	code, out, errOut := runCmd(t, "", "census", "--size", "3x3", "--max", "12")
	if code != 0 || !strings.Contains(out, `"done":`) || !strings.Contains(out, `"grid":`) {
		t.Fatalf("census: status %d %s", code, errOut)
	}
	if err := schema.ValidateLines("census-record.schema.json", []byte(out)); err != nil {
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
		if err := schema.Validate("decompose.schema.json", []byte(out)); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}
