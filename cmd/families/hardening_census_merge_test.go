package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHardeningCensusMergeTimeout checks that --timeout bounds census
// --merge as it bounds every other command (issue 27): a merge stopped by
// it has status 1, says it timed out, and leaves --out as it was (no
// temporary file beside it, no new file); one within its limit is the
// bytes of one run. Before, --merge ignored --timeout and ran to the end
// with status 0.
func TestHardeningCensusMergeTimeout(t *testing.T) {
	dir := t.TempDir()
	flags := []string{"census", "--size", "4x3", "--max", "5"}
	var out, errb bytes.Buffer
	one := filepath.Join(dir, "one.jsonl")
	if code := run(append(flags, "--out", one), &out, &errb); code != 0 {
		t.Fatalf("one run: exit %d: %s", code, errb.String())
	}
	want, _ := os.ReadFile(one)
	var shards []string
	for i := range 3 {
		p := filepath.Join(dir, "shard-"+string(rune('0'+i))+".jsonl")
		if code := run(append(flags, "--shard", string(rune('0'+i))+"/3", "--out", p), &out, &errb); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errb.String())
		}
		shards = append(shards, p)
	}
	tests := []struct {
		name    string
		timeout string // "" for none
		old     string // --out's content before, "" for no file; "-" for stdout
		code    int
		stderr  string
	}{
		{"no limit, new file", "", "", 0, ""},
		{"no limit, file replaced", "", "old\n", 0, ""},
		{"limit far off", "1h", "old\n", 0, ""},
		{"limit passed, file kept", "1ns", "old\n", 1, "timed out after 1ns (--timeout); OUT was left as it was"},
		{"limit passed, no file made", "1ns", "", 1, "timed out after 1ns (--timeout); OUT was left as it was"},
		{"limit passed, stdout", "1ns", "-", 1, "timed out after 1ns (--timeout); the merged records are incomplete"},
	}
	for k, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sub := filepath.Join(dir, "m"+string(rune('a'+k)))
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			outPath := filepath.Join(sub, "merged.jsonl")
			args := []string{"census", "--merge"}
			if tc.timeout != "" {
				args = append(args, "--timeout", tc.timeout)
			}
			if tc.old != "-" {
				args = append(args, "--out", outPath)
				if tc.old != "" {
					if err := os.WriteFile(outPath, []byte(tc.old), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			var stdout, stderr bytes.Buffer
			code := run(append(args, shards...), &stdout, &stderr)
			msg := strings.ReplaceAll(tc.stderr, "OUT", outPath)
			if code != tc.code || !strings.Contains(stderr.String(), msg) || strings.Count(stderr.String(), "\n") > 1 {
				t.Fatalf("%v: status %d, stderr %q; want %d and one line with %q", args, code, stderr.String(), tc.code, msg)
			}
			got, err := os.ReadFile(outPath)
			switch {
			case tc.old == "-" && code == 0:
				got, err = stdout.Bytes(), nil
			case tc.old == "-":
				got, err = nil, os.ErrNotExist
			}
			switch {
			case code == 0 && !bytes.Equal(got, want):
				t.Errorf("merged (%d bytes, %v) differs from one run (%d bytes)", len(got), err, len(want))
			case code != 0 && tc.old == "" && !os.IsNotExist(err):
				t.Errorf("a stopped merge left %s (%d bytes, %v); want no file", outPath, len(got), err)
			case code != 0 && tc.old != "" && tc.old != "-" && string(got) != tc.old:
				t.Errorf("a stopped merge changed %s to %.100q; want it left as it was", outPath, got)
			}
			if tmp, _ := filepath.Glob(filepath.Join(sub, ".merged.jsonl.*.tmp")); len(tmp) > 0 {
				t.Errorf("temporary files left: %v", tmp)
			}
		})
	}
}
