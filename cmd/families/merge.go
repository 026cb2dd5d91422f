package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/families-project/families/families/sweep"
	"github.com/families-project/families/internal/words"
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
pattern, a record edited after it was written (each record of a shard
carries a digest of its content; records without one, from an older
families, are merged with a warning that counts them), and (for a sweep
without --sample, whose options merge finds from its id) records that are
not exactly the settings the sweep plans. Merge holds every record in
memory to sort them, about twice the inputs: inputs past a quarter of the
memory the process may use (the machine's, the cgroup's or ulimit -v) are
refused before anything is read. --out may be one of the inputs: it is replaced
only when the merge succeeds, and only if it is a regular file that no
sweep or merge is writing (exit status 2 otherwise). SIGINT or SIGTERM
stops the merge at once with status 1, leaving --out as it was; one that
comes after --out was replaced finds the merge complete, and the status is
1 with a line saying so.
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
		if err != nil && ctx.Err() != nil {
			return stopped(ctx, *out)
		}
		if err != nil {
			return err
		}
		defer f.Close()
		inputs = append(inputs, bufio.NewReader(f))
	}
	// Every record is held to be sorted: inputs past the memory are
	// refused before anything is read.
	if err := mergeFits(mergeInputBytes(fs.Args()), mergeMemory()); err != nil {
		return err
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
		sum, err = sweep.Merge(ctx, w, fs.Args(), inputs...)
		if w.err != nil {
			return w.err // the output failed, not the inputs: status 1
		}
	} else {
		sum, err = mergeToFile(ctx, *out, fs.Args(), inputs)
	}
	if err != nil {
		// Stopped: by a signal, a refused input or a failed output, and
		// in every case before --out was replaced (mergeToFile replaces
		// it last, and only when nothing failed and no signal came).
		var of outputFailure
		switch {
		case ctx.Err() != nil:
			return stopped(ctx, *out)
		case errors.As(err, &of):
			return err // a full disk, say: status 1, as for a sweep
		}
		return usageError{err}
	}
	// The merge is complete (--out replaced, or every record written to
	// the buffered stdout), even if a signal came after the last look.
	if _, werr := sum.WriteTo(stderr); werr != nil {
		return werr
	}
	if sum.Unsigned > 0 {
		fmt.Fprintf(stderr, "families merge: warning: %s %s no digest (the first: %s): a families from before digests wrote %s, or the digest was cut off, so an edit to %s cannot be found\n", words.Count(sum.Unsigned, "record"), words.Pick(sum.Unsigned, "carries", "carry"), sum.FirstUnsigned, words.Pick(sum.Unsigned, "it", "them"), words.Pick(sum.Unsigned, "it", "them"))
	}
	if ctx.Err() != nil {
		where := "standard output holds every merged record"
		if *out != "" {
			where = *out + " holds the merged records"
		}
		return fmt.Errorf("interrupted after the merge was complete: %s", where)
	}
	return nil
}

// stopped is the error of a merge that ctx stopped before it was
// complete: --out (when not "") was not replaced.
func stopped(ctx context.Context, out string) error {
	if out != "" {
		return fmt.Errorf("%w; %s was left as it was", stopCause(ctx), out)
	}
	return fmt.Errorf("%w; the merged records are incomplete", stopCause(ctx))
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

// An outputFailure is a failure to write the merged file (a full disk, a
// directory not writable), not a refused input: status 1.
type outputFailure struct{ err error }

func (e outputFailure) Error() string { return e.err.Error() }
func (e outputFailure) Unwrap() error { return e.err }

// mergeToFile merges into a new file beside out and renames it to out at
// the end (replaceFile), so that out may also be an input (truncating it
// first would lose its records) and a failed or stopped merge leaves it as
// it was. Writing errors are outputFailures.
func mergeToFile(ctx context.Context, out string, names []string, inputs []io.Reader) (*sweep.Summary, error) {
	var sum *sweep.Summary
	err := replaceFile(ctx, out, func(w io.Writer) error {
		var err error
		sum, err = sweep.Merge(ctx, w, names, inputs...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return sum, nil
}
