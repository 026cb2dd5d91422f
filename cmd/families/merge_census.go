package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/families-project/families/families/census"
	"github.com/families-project/families/families/output"
)

// mergeCensus writes the merge of the shards' files to out or stdout
// under --timeout (the whole command, as elsewhere) and signals. A file
// that is not a complete shard of one census is bad input (status 2). out
// is a regular file, locked while written: the merge goes to a file beside
// it, renamed to out only when complete, so that a merge stopped by the
// limit, a signal or a refused shard leaves out as it was and says so.
// Cost: census.Merge's (one task's lines in memory at a time).
func mergeCensus(paths []string, out string, timeout time.Duration, stdout io.Writer) error {
	if len(paths) == 0 {
		return usagef("--merge needs the shards' files as arguments")
	}
	ctx, stop := commandContext(timeout)
	defer stop()
	var err error
	if out == "" {
		w := &trackedWriter{w: stdout}
		err = census.Merge(ctx, w, paths...)
		if w.err != nil {
			return w.err // the output failed, not the inputs: status 1
		}
	} else {
		// Only a regular file is replaced, and not while a census or a
		// merge writes it.
		_, statErr := os.Lstat(out)
		lock, oerr := output.OpenOutput(out)
		if oerr != nil {
			return usageError{oerr}
		}
		defer lock.Close()
		err = replaceFile(ctx, out, func(w io.Writer) error { return census.Merge(ctx, w, paths...) })
		if err != nil && errors.Is(statErr, os.ErrNotExist) {
			os.Remove(out) // OpenOutput created it; a failed merge leaves nothing
		}
	}
	var ce *output.CheckpointError
	var of outputFailure
	switch {
	case err == nil && interrupt.Err() != nil:
		// The merge is complete: say so, not just "interrupted".
		if out == "" {
			return errors.New("interrupted after the merge was complete: standard output holds every merged line")
		}
		return fmt.Errorf("interrupted after the merge was complete: %s holds the merged lines", out)
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return stopped(ctx, out)
	case errors.As(err, &ce):
		return usageError{err}
	case errors.As(err, &of):
		return err // a full disk, say: status 1
	}
	return err
}
