package output

import (
	"fmt"
	"io/fs"
	"os"
)

// An OutputError reports an output path that a run must not write: one
// that is not a regular file (a device, a directory, a symbolic link, a
// pipe), or one that another run holds locked. Nothing was written.
type OutputError struct {
	Path   string
	Reason string
}

// Error names the path and the reason.
func (e *OutputError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Reason) }

// A CheckpointError refuses the file given to --resume (or to a merge) by
// its content: it is not a checkpoint of this run (another sweep, census
// or shard, an edited or unreadable record). The file was left as it was.
type CheckpointError struct{ Err error }

// Error returns the reason.
func (e *CheckpointError) Error() string { return e.Err.Error() }

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *CheckpointError) Unwrap() error { return e.Err }

// CheckOutput reports, as an *OutputError, a path that exists and is not
// a regular file: writing it would replace a device, a directory or a
// link's target with a regular file, or never end (a pipe). A path that
// does not exist is fine. Cost: one lstat.
func CheckOutput(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil // absent (or unreadable: opening it will say why)
	case fi.Mode().IsRegular():
		return nil
	}
	return &OutputError{path, fmt.Sprintf("not a regular file (%s): write the output to a regular file", kind(fi.Mode()))}
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// OpenOutput opens the regular file at path for reading and writing,
// creating it (0644 before the umask) but not truncating it, and takes an
// exclusive lock on it for as long as it stays open, so that two runs
// never write one file at once: the second gets an *OutputError, as does
// a path that is not a regular file. Cost: an lstat, an open and a lock.
func OpenOutput(path string) (*os.File, error) {
	if err := CheckOutput(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|oNoFollow, 0o644)
	if err != nil {
		return nil, err
	}
	// The path may have changed between the check and the open.
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, &OutputError{path, "not a regular file"}
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, &OutputError{path, fmt.Sprintf("another run is writing it (it holds the file's lock: %v); wait for it, or write elsewhere", err)}
	}
	return f, nil
}
