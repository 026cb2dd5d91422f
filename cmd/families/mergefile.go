package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
)

// mergeStage, when set (by tests), is called as replaceFile passes its
// stages: "written" once the new file is complete and closed, before the
// last look at ctx, and "replaced" once it has replaced out.
var mergeStage func(stage string)

// replaceFile calls write on a new file beside out and renames that file
// to out at the end, so that out may also be an input of write and a
// failed or stopped write leaves out as it was (the temporary file is
// removed). It looks at ctx once more just before the rename: a signal or
// time limit that came until then leaves out as it was and returns ctx's
// cause (the caller says so); one that comes after finds the work
// complete (the caller says that instead). Errors writing the file are
// outputFailures (status 1); write's own errors are returned as they are.
// Cost: write's, and the file written once.
func replaceFile(ctx context.Context, out string, write func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return outputFailure{err}
	}
	w := &trackedWriter{w: tmp}
	err = write(w)
	if w.err != nil {
		err = outputFailure{w.err}
	}
	if err == nil {
		// CreateTemp makes 0600: keep the mode of the file replaced, or
		// give a new one 0644, what os.Create makes under the usual umask.
		mode := os.FileMode(0o644)
		if fi, serr := os.Stat(out); serr == nil {
			mode = fi.Mode().Perm()
		}
		if err = tmp.Chmod(mode); err != nil {
			err = outputFailure{err}
		}
	}
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = outputFailure{cerr}
	}
	if err == nil && mergeStage != nil {
		mergeStage("written")
	}
	if err == nil && ctx.Err() != nil {
		err = context.Cause(ctx)
	}
	if err == nil {
		if rerr := os.Rename(tmp.Name(), out); rerr != nil {
			err = outputFailure{rerr}
		}
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if mergeStage != nil {
		mergeStage("replaced")
	}
	return nil
}
