package output

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.jsonl")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	f, err := OpenOutput(file)
	if err != nil {
		t.Fatalf("OpenOutput(new file): %v", err)
	}
	defer f.Close()
	tests := []struct {
		name, path, want string
	}{
		{"directory", dir, "a directory"},
		{"symbolic link", link, "a symbolic link"},
		{"locked by another run", file, "another run is writing it"},
	}
	for _, tc := range tests {
		g, err := OpenOutput(tc.path)
		var oe *OutputError
		if !errors.As(err, &oe) || oe.Path != tc.path || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: OpenOutput = %v; want an *OutputError saying %q", tc.name, err, tc.want)
		}
		if g != nil {
			g.Close()
		}
	}
}

func TestShardInfoNames(t *testing.T) {
	var none *ShardInfo
	sh := &ShardInfo{Index: 2, Count: 5}
	if none.String() != "all" || none.Name() != "a run without shards" || none.Parts() != 1 {
		t.Errorf("nil ShardInfo: %q %q %d", none.String(), none.Name(), none.Parts())
	}
	if sh.String() != "2/5" || sh.Name() != "shard 2/5" || sh.Parts() != 5 {
		t.Errorf("ShardInfo 2/5: %q %q %d", sh.String(), sh.Name(), sh.Parts())
	}
}
