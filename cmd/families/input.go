package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/families-project/families/families/output"
)

// An inputLimit bounds what a command reads from one input file or from
// standard input (issue 27, items 1 and 6): at most file bytes in all and
// line bytes in one line (newline excluded). Past either the command is
// refused with status 2.
type inputLimit struct {
	file, line int64
}

// textInput bounds the text inputs: the polynomial systems of groebner
// and factor, the grids of solve and check. 64 MiB is some thousand times
// the largest system of the test data; a line is one polynomial, and 4 MiB
// of text is over 100,000 terms.
var textInput = inputLimit{file: 64 << 20, line: 4 << 20}

// shardInput bounds each input of merge as the sweep package bounds every
// file it reads back (output.MaxFile, output.MaxLine): a sweep run writes at
// most 2^21 records (a shard), about 1 KB each with the default members,
// and one record with 100,000 members (--members' bound) is some
// megabytes. The sweep package reads within the same bounds again.
var shardInput = inputLimit{file: output.MaxFile, line: output.MaxLine}

// inputError is a refused input: bad input, status 2.
func inputError(name string, err error) error {
	return usageError{fmt.Errorf("%s: %w", name, err)}
}

// inputName is how messages name the input "-".
func inputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// openInput opens name for reading under ctx and lim; "-" is stdin. The
// open itself runs aside, so that a FIFO without a writer (whose open
// blocks) cannot outlast ctx: once ctx is done openInput returns its cause
// and leaves the open behind (the process is about to end). A directory,
// or a regular file larger than lim.file, is refused before reading.
//
// The reader it returns fails with ctx's cause once ctx is done, even in
// the middle of a read that never returns (a FIFO or a terminal that
// never delivers: it is read aside too), and with a usage error past lim
// (that does not name the input: callers do); closing it closes the file.
func openInput(ctx context.Context, name string, lim inputLimit) (io.ReadCloser, error) {
	var src io.ReadCloser
	if name == "-" {
		src = io.NopCloser(stdin)
	} else {
		st, err := os.Stat(name) // does not block, whatever name is
		if err != nil {
			return nil, usageError{err}
		}
		if st.IsDir() {
			return nil, usagef("%s is a directory, not an input file", name)
		}
		if st.Mode().IsRegular() && st.Size() > lim.file {
			return nil, inputError(name, fmt.Errorf("%s is more than the %s an input may have", output.SizeText(st.Size()), output.SizeText(lim.file)))
		}
		type opened struct {
			f   *os.File
			err error
		}
		done := make(chan opened, 1)
		go func() {
			f, err := os.Open(name)
			done <- opened{f, err}
		}()
		select {
		case o := <-done:
			if o.err != nil {
				return nil, usageError{o.err}
			}
			src = o.f
		case <-ctx.Done():
			go func() {
				// Close the file if the open ever completes.
				if o := <-done; o.f != nil {
					o.f.Close()
				}
			}()
			return nil, fmt.Errorf("opening %s: %w", name, context.Cause(ctx))
		}
	}
	pr, pw := io.Pipe()
	stop := context.AfterFunc(ctx, func() { pw.CloseWithError(context.Cause(ctx)) })
	go func() {
		defer stop()
		pw.CloseWithError(pump(pw, src, lim))
	}()
	return &boundedReader{pr: pr, src: src}, nil
}

// pump copies src to w in chunks, checking lim as it goes; it returns nil
// at the end of src, or the first error (of src, of w, or a usage error
// for a limit passed, which does not name the input).
func pump(w io.Writer, src io.Reader, lim inputLimit) error {
	buf := make([]byte, 64<<10)
	var total, line, lines int64
	for {
		n, err := src.Read(buf)
		b := buf[:n]
		if total += int64(n); total > lim.file {
			return usagef("more than the %s an input may have", output.SizeText(lim.file))
		}
		// Only the current line's length matters: it runs from the last
		// newline, perhaps over several chunks.
		for {
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				line += int64(len(b))
				break
			}
			if line += int64(i); line > lim.line {
				break
			}
			lines++
			line, b = 0, b[i+1:]
		}
		if line > lim.line {
			return usagef("line %d is longer than the %s a line may have", lines+1, output.SizeText(lim.line))
		}
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// A boundedReader is the reading end of openInput.
type boundedReader struct {
	pr  *io.PipeReader
	src io.Closer
}

func (b *boundedReader) Read(p []byte) (int, error) { return b.pr.Read(p) }

// Close stops the pump and closes the file (a read blocked on it may then
// return, for FIFOs and pipes).
func (b *boundedReader) Close() error {
	b.pr.Close()
	return b.src.Close()
}

// readInputContext returns the whole of name ("-": standard input) under
// ctx and lim (see openInput): a usage error past lim or for a file that
// cannot be read, ctx's cause once ctx is done.
func readInputContext(ctx context.Context, name string, lim inputLimit) (string, error) {
	r, err := openInput(ctx, name, lim)
	if err != nil {
		return "", err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("reading %s: %w", inputName(name), context.Cause(ctx))
		}
		return "", inputError(inputName(name), err)
	}
	return string(b), nil
}

// countCheckpointLines counts the complete lines of the regular file at
// path, a checkpoint given to --resume, without holding it: a file past
// output.MaxFile is not counted (false; the sweep refuses it itself), and
// the count stops, false, once ctx is done. It only feeds a progress line,
// so every failure is false. Cost: one read of the file in 64 KiB chunks.
func countCheckpointLines(ctx context.Context, path string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > output.MaxFile {
		return 0, false
	}
	buf := make([]byte, 64<<10)
	n := 0
	for {
		if ctx.Err() != nil {
			return 0, false
		}
		k, err := f.Read(buf)
		n += bytes.Count(buf[:k], []byte{'\n'})
		if errors.Is(err, io.EOF) {
			return n, true
		}
		if err != nil {
			return 0, false
		}
	}
}
