package main

import (
	"bufio"
	"io"
	"os"

	"github.com/families-project/families/families/sweep"
)

const mergeUsage = `usage: families merge [--out FILE] SHARD.jsonl...

Combines the outputs of the shards of a sweep (families --ops PATTERN
--shard i/N --out SHARD.jsonl) into the records of one run, sorted by
setting index, on stdout or in --out, and writes the summary of the whole
sweep on stderr: the same records and summary as a sweep without shards.
A shard whose last line is incomplete (killed while writing) is refused:
resume it with --resume first. A setting present in two files is refused.
`

func init() {
	register("merge", "combine the shard outputs of a sweep", runMerge)
}

func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("merge", mergeUsage, stderr)
	out := fs.String("out", "", "write the merged records to this file instead of stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("expected the shard files to merge")
	}
	var inputs []io.Reader
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return usageError{err}
		}
		defer f.Close()
		inputs = append(inputs, bufio.NewReader(f))
	}
	w := stdout
	var file *os.File
	if *out != "" {
		var err error
		if file, err = os.Create(*out); err != nil {
			return usageError{err}
		}
		w = file
	}
	sum, err := sweep.Merge(w, fs.Args(), inputs...)
	if file != nil {
		if cerr := file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return usageError{err}
	}
	_, err = sum.WriteTo(stderr)
	return err
}
