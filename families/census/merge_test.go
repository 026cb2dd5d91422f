package census

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
)

// writeShards runs every shard of opt into files of dir and returns their
// paths, and the bytes of the same census run whole.
func writeShards(t *testing.T, opt Options, n int, dir string) ([]string, []byte) {
	t.Helper()
	var whole bytes.Buffer
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(context.Background(), &whole, 0, nil); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := range n {
		o := opt
		o.Shard = output.Shard{Index: i, Count: n}
		o.Jobs = 1 + i%2 // the answers may not depend on the goroutines
		sc, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "shard-"+string(rune('a'+i))+".jsonl")
		if _, err := sc.WriteFile(context.Background(), p, false); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths, whole.Bytes()
}

// TestMergeShardsIsOneRun: N shards merged are byte for byte the census
// run whole, for several N (more shards than tasks too), with and
// without the families of every grid, whatever order the files come in.
func TestMergeShardsIsOneRun(t *testing.T) {
	tests := []struct {
		name   string
		opt    Options
		shards []int
	}{
		{"4x3 max 4", Options{Size: grid.Size{Rows: 4, Cols: 3}, Max: 4}, []int{2, 3, 7}},
		{"4x4 max 2 families", Options{Size: grid.Size{Rows: 4, Cols: 4}, Max: 2, Families: true}, []int{2}},
	}
	for _, tc := range tests {
		for _, n := range tc.shards {
			dir := t.TempDir()
			paths, whole := writeShards(t, tc.opt, n, dir)
			// Reversed: the order of the files does not matter.
			for i, j := 0, len(paths)-1; i < j; i, j = i+1, j-1 {
				paths[i], paths[j] = paths[j], paths[i]
			}
			var merged bytes.Buffer
			if err := Merge(context.Background(), &merged, paths...); err != nil {
				t.Fatalf("%s, %d shards: %v", tc.name, n, err)
			}
			if !bytes.Equal(merged.Bytes(), whole) || len(whole) == 0 {
				t.Errorf("%s, %d shards: merged %d bytes differ from one run's %d", tc.name, n, merged.Len(), len(whole))
			}
		}
	}
}

// TestMergeRefuses: a missing, repeated, unfinished or foreign shard is
// refused with a CheckpointError naming the fault.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	opt := Options{Size: grid.Size{Rows: 4, Cols: 3}, Max: 4}
	paths, _ := writeShards(t, opt, 3, dir)
	other, _ := writeShards(t, Options{Size: grid.Size{Rows: 3, Cols: 4}, Max: 4}, 3, t.TempDir())
	data, err := os.ReadFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.jsonl")
	lines := bytes.SplitAfter(data, []byte("\n"))
	os.WriteFile(cut, bytes.Join(lines[:len(lines)-2], nil), 0o644)
	torn := filepath.Join(dir, "torn.jsonl")
	os.WriteFile(torn, data[:len(data)-5], 0o644)
	tests := []struct {
		name  string
		paths []string
		want  string
	}{
		{"missing", paths[:2], "shard 2/3 is missing"},
		{"repeated", []string{paths[0], paths[1], paths[1], paths[2]}, "repeats shard 1/3"},
		{"unfinished", []string{paths[0], cut, paths[2]}, "ends after"},
		{"torn", []string{paths[0], torn, paths[2]}, "cut short"},
		{"another census", []string{paths[0], other[1], paths[2]}, "but"},
		{"none", nil, "no files"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		err := Merge(context.Background(), &buf, tc.paths...)
		var ce *output.CheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Merge = %v; want a CheckpointError saying %q", tc.name, err, tc.want)
		}
	}
}
