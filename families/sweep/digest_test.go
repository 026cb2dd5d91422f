package sweep

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

// resign returns the records of b with every digest recomputed for the
// line as it now is, as someone who edits records deliberately would.
func resign(b []byte) []byte {
	var out []byte
	for line := range bytes.Lines(b) {
		if i := bytes.LastIndex(line, []byte(digestKey)); i >= 0 {
			line = sign(append(line[:i:i], "}\n"...))
		}
		out = append(out, line...)
	}
	return out
}

// editFirst returns b with the first match of re, in the first line that
// has one, replaced by repl (a regexp.Expand template); the test fails if
// no line matches.
func editFirst(t *testing.T, b []byte, re, repl string) []byte {
	t.Helper()
	rx := regexp.MustCompile(re)
	var out []byte
	done := false
	for line := range bytes.Lines(b) {
		if m := rx.FindSubmatchIndex(line); !done && m != nil {
			var e []byte
			e = rx.Expand(e, []byte(repl), line, m)
			line = append(append(append([]byte{}, line[:m[0]]...), e...), line[m[1]:]...)
			done = true
		}
		out = append(out, line...)
	}
	if !done {
		t.Fatalf("no record matches %s", re)
	}
	return out
}

// TestMergeFindsEdits: merge and --resume refuse a shard's record whose
// content was changed after it was written (issue 27, item 9: an edited
// class, dimension, member or family merged with status 0), through the
// digest each record of a sharded run carries; a record without a digest
// (an older families') is merged, counted and named; a merge of signed
// shards is byte for byte a run without shards.
func TestMergeFindsEdits(t *testing.T) {
	const pattern = "+=|x-+.-|+=|=====|.="
	opt := Options{Members: 2}
	whole, _, _ := runPlan(t, pattern, opt)
	var shards [][]byte
	for i := range 2 {
		o := opt
		o.Shard = Shard{Index: i, Count: 2}
		b, _, _ := runPlan(t, pattern, o)
		if bytes.Count(b, []byte(digestKey)) != bytes.Count(b, []byte("\n")) {
			t.Fatalf("shard %d: not every record carries a digest", i)
		}
		shards = append(shards, b)
	}
	if bytes.Contains(whole, []byte(digestKey)) {
		t.Fatal("a run without shards wrote digests")
	}
	cutDigest := func(b []byte) []byte {
		return editFirst(t, b, `,"digest":"[0-9a-f]{64}"\}`, "}")
	}
	tests := []struct {
		name     string
		shard0   []byte
		want     string // in the error; "" for a merge that succeeds
		unsigned int
	}{
		{"as written", shards[0], "", 0},
		{"class edited", editFirst(t, shards[0], `"class":"positive_dimensional"`, `"class":"finite"`), "its digest does not match", 0},
		{"dimension edited", editFirst(t, shards[0], `"dimension":1,`, `"dimension":2,`), "its digest does not match", 0},
		{"member edited", editFirst(t, shards[0], `("members":\[\{"[a-z]":)(\d)`, `${1}9${2}`), "its digest does not match", 0},
		{"family edited", editFirst(t, shards[0], `("families":\[\{"parameters":\["[a-z]+"\],"solution":\{"a":")`, `${1}2*`), "its digest does not match", 0},
		{"digest edited", editFirst(t, shards[0], `("digest":")[0-9a-f]`, `${1}x`), "its digest does not match", 0},
		{"digest shortened", editFirst(t, shards[0], `("digest":")[0-9a-f]`, `${1}`), "not a SHA-256 in hex", 0},
		{"digest moved", editFirst(t, shards[0], `^\{(.*),("digest":"[0-9a-f]{64}")\}`, `{${2},${1}}`), "not the last one", 0},
		{"class edited, digest re-signed", resign(editFirst(t, shards[0], `"class":"positive_dimensional"`, `"class":"finite"`)), "", 0},
		{"digest cut off", cutDigest(shards[0]), "", 1},
		{"digest cut off an edited record", cutDigest(editFirst(t, shards[0], `"class":"positive_dimensional"`, `"class":"finite"`)), "", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			sum, err := Merge(context.Background(), &out, []string{"shard-0", "shard-1"}, bytes.NewReader(tc.shard0), bytes.NewReader(shards[1]))
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "shard-0: line ") || out.Len() > 0 {
					t.Errorf("%v, %d bytes written; want a refusal naming shard-0's line and saying %q", err, out.Len(), tc.want)
				}
				// --resume of the shard refuses it as well.
				o := opt
				o.Shard = Shard{Index: 0, Count: 2}
				if _, err := resumeBytes(t, pattern, o, tc.shard0); err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("--resume: %v; want a refusal saying %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v", err)
			}
			if sum.Unsigned != tc.unsigned || tc.unsigned > 0 && !strings.HasPrefix(sum.FirstUnsigned, "shard-0 line ") {
				t.Errorf("%d unsigned records, the first at %q; want %d", sum.Unsigned, sum.FirstUnsigned, tc.unsigned)
			}
			if tc.name == "as written" && !bytes.Equal(out.Bytes(), whole) {
				t.Errorf("the merge differs from a run without shards")
			}
		})
	}
}

// resumeBytes resumes a run of opt from a checkpoint holding file and
// returns its error.
func resumeBytes(t *testing.T, pattern string, opt Options, file []byte) (*Summary, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ck.jsonl")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := NewPlan(context.Background(), grid.MustParseOps(pattern, z3), opt)
	if err != nil {
		t.Fatal(err)
	}
	return plan.RunFile(context.Background(), path, true)
}
