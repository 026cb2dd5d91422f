package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeFits checks the bound on what merge holds in memory: inputs
// past a quarter of the memory the process may use are refused, none when
// that memory is unknown.
func TestMergeFits(t *testing.T) {
	const gb = 1 << 30
	tests := []struct {
		total, avail int64
		ok           bool
	}{
		{70 << 20, 23 * gb, true}, // Wolf's two shards on this machine
		{5 * gb, 23 * gb, true},
		{6 * gb, 23 * gb, false},
		{gb, 4 * gb, true},
		{gb + 1, 4 * gb, false},
		{100 * gb, 0, true}, // unknown memory: no bound
		{0, 1, true},
	}
	for _, tc := range tests {
		err := mergeFits(tc.total, tc.avail)
		if (err == nil) != tc.ok {
			t.Errorf("mergeFits(%d MB, %d MB) = %v; want ok %t", tc.total>>20, tc.avail>>20, err, tc.ok)
		}
	}
}

// TestHardeningMergeMemory runs merge on inputs larger than it can hold
// with the memory given: refused at once with status 2 and one line
// naming the sizes, before anything is read or --out touched. Before,
// merge read them and was ended by the kernel part-way (it holds about
// twice its inputs).
func TestHardeningMergeMemory(t *testing.T) {
	old := mergeMemory
	defer func() { mergeMemory = old }()
	dir := t.TempDir()
	var shards []string
	for i := range 2 {
		p := filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		// Sparse: no disk is used, and nothing is read if refused.
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, 300<<20); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, p)
	}
	out := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		memory int64
		code   int
		msg    string
	}{
		{1 << 30, 2, "the inputs hold 629.1 MB, more than the 268.4 MB merge can hold here"},
		{0, 2, "line 1 is longer than"}, // no bound: read, and refused for what it holds
	}
	for _, tc := range tests {
		mergeMemory = func() int64 { return tc.memory }
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"merge", "--out", out}, shards...), &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.msg) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("memory %d MB: status %d, stderr %q; want %d and one line with %q", tc.memory>>20, code, stderr.String(), tc.code, tc.msg)
		}
		if b, _ := os.ReadFile(out); string(b) != "old\n" {
			t.Errorf("memory %d MB: --out changed to %.60q", tc.memory>>20, b)
		}
	}
}
