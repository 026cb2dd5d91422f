package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/families-project/families/families/sweep"
)

const mergeUsage = `usage: families merge [--out FILE] SHARD.jsonl...

Combines the outputs of the shards of a sweep (families --ops PATTERN
--shard i/N --out SHARD.jsonl) into the records of one run, sorted by
setting index, on stdout or in --out, and writes the summary of the whole
sweep on stderr: the same records and summary as a sweep without shards.
A shard whose last line is incomplete (killed while writing) is refused:
resume it with --resume first. So are a setting present in two files,
files of different sweeps, a shard with fewer records than it plans, a
missing shard, a record whose index does not number its setting in the
pattern, and (for a sweep without --sample, whose options merge finds from
its id) records that are not exactly the settings the sweep plans. --out may be one of the inputs: it is replaced
only when the merge succeeds, and only if it is a regular file that no
sweep or merge is writing (exit status 2 otherwise). SIGINT or SIGTERM
stops the merge at once with status 1, leaving --out as it was.
`

func init() {
	register("merge", "combine the shard outputs of a sweep", runMerge)
}

func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("merge", mergeUsage, stdout)
	out := fs.String("out", "", "write the merged records to this file instead of stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("expected the shard files to merge")
	}
	// A signal stops the merge between two reads or records (and while
	// an input is opened): the temporary file goes, --out stays as it was.
	ctx, stop := commandContext(0)
	defer stop()
	var inputs []io.Reader
	for _, name := range fs.Args() {
		if name == "-" {
			return usagef("merge reads shard files, not standard input")
		}
		f, err := openInput(ctx, name, shardInput)
		if err != nil {
			return err
		}
		defer f.Close()
		inputs = append(inputs, bufio.NewReader(f))
	}
	var sum *sweep.Summary
	var err error
	if *out != "" {
		// Only a regular file is replaced, and not while a sweep or
		// another merge writes it.
		_, statErr := os.Lstat(*out)
		lock, err := sweep.OpenOutput(*out)
		if err != nil {
			return usageError{err}
		}
		defer lock.Close()
		if errors.Is(statErr, os.ErrNotExist) {
			defer func() {
				// OpenOutput created it; a failed merge leaves nothing.
				if sum == nil {
					os.Remove(*out)
				}
			}()
		}
	}
	if *out == "" {
		w := &trackedWriter{w: stdout}
		sum, err = sweep.MergeContext(ctx, w, fs.Args(), inputs...)
		if w.err != nil {
			return w.err // the output failed, not the inputs: status 1
		}
	} else {
		sum, err = mergeToFile(ctx, *out, fs.Args(), inputs)
	}
	if ctx.Err() != nil {
		if *out != "" {
			return fmt.Errorf("%w; %s was left as it was", stopCause(ctx), *out)
		}
		return fmt.Errorf("%w; the merged records are incomplete", stopCause(ctx))
	}
	if err != nil {
		return usageError{err}
	}
	_, err = sum.WriteTo(stderr)
	return err
}

// A trackedWriter keeps the first error of its writer, so that a failed
// write can be told from a refused input.
type trackedWriter struct {
	w   io.Writer
	err error
}

func (t *trackedWriter) Write(b []byte) (int, error) {
	n, err := t.w.Write(b)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}

// mergeToFile merges into a new file beside out and renames it to out at
// the end, so that out may also be an input (truncating it first would
// lose its records) and a failed merge leaves it as it was.
func mergeToFile(ctx context.Context, out string, names []string, inputs []io.Reader) (*sweep.Summary, error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return nil, err
	}
	sum, err := sweep.MergeContext(ctx, tmp, names, inputs...)
	if err == nil {
		// CreateTemp makes 0600: keep the mode of the file replaced, or
		// give a new one 0644, what os.Create makes under the usual umask.
		mode := os.FileMode(0o644)
		if fi, serr := os.Stat(out); serr == nil {
			mode = fi.Mode().Perm()
		}
		err = tmp.Chmod(mode)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return nil, err
	}
	return sum, nil
}
