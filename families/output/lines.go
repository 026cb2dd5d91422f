package output

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
)

// The bounds on the JSON Lines files that are read back: a sweep's
// checkpoint (--resume), each input of a merge, a census's checkpoint.
// Without them a file of one endless line (a sparse file, /dev/zero as a
// shard) was read into memory whole.
const (
	// MaxLine is the longest line read back, newline excluded. A record
	// lists at most 100,000 members (the command line's bound) of at most
	// some dozen numbers each: some tens of megabytes.
	MaxLine = 64 << 20
	// MaxFile is the largest sweep checkpoint or merge input: one run
	// (one shard) writes at most 2^21 records, about 1 KB each with the
	// default members. A census checkpoint has no such bound (its reading
	// keeps one line at a time), only MaxLine.
	MaxFile = 4 << 30
)

// A Limits pair bounds what a LineReader reads: at most Line bytes in one
// line (newline excluded) and File bytes in all; File 0 is no bound.
type Limits struct {
	Line, File int64
}

// DefaultLimits are the bounds of every file read back: MaxLine per line,
// MaxFile per file. A census checkpoint uses them with File 0.
var DefaultLimits = Limits{Line: MaxLine, File: MaxFile}

// A LimitError refuses a file past a bound of its Limits. The file was
// not changed. Callers report it as bad input (status 2).
type LimitError struct {
	Name  string // the file, as messages name it
	Line  int    // the line past Limit, or 0 for the file as a whole
	Limit int64
}

func (e *LimitError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: more than the %s a file read back may have", e.Name, SizeText(e.Limit))
	}
	return fmt.Sprintf("%s: line %d is longer than the %s a line may have", e.Name, e.Line, SizeText(e.Limit))
}

// SizeText writes n bytes in the largest binary unit that divides it
// ("64 MiB"), or in bytes, as the limits of inputs are given.
func SizeText(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// A LineReader reads a file line by line within Limits, and fails with
// its context's cause once the context is done: the context is looked at
// before every read of the underlying reader (every 64 KiB at most), so
// a file of any size is read under the caller's deadline. It holds one
// line at a time: memory is at most the line limit plus 64 KiB.
type LineReader struct {
	ctx  context.Context
	br   *bufio.Reader
	name string
	lim  Limits
	buf  []byte
	n    int   // lines returned
	off  int64 // bytes returned
}

// NewLineReader reads r (named name in errors) within lim under ctx.
func NewLineReader(ctx context.Context, r io.Reader, name string, lim Limits) *LineReader {
	return &LineReader{ctx: ctx, br: bufio.NewReaderSize(ctxReader{ctx, r}, 64<<10), name: name, lim: lim}
}

// Next returns the next line with its newline; the last line of a file
// that does not end in a newline comes without one (a torn line, for the
// caller to judge). At the end it returns io.EOF; past a bound a
// *LimitError; once the context is done its cause. The line is valid
// until the next call: clone it to keep it.
func (l *LineReader) Next() ([]byte, error) {
	l.buf = l.buf[:0]
	for {
		frag, err := l.br.ReadSlice('\n')
		l.buf = append(l.buf, frag...)
		if l.lim.File > 0 && l.off+int64(len(l.buf)) > l.lim.File {
			return nil, &LimitError{Name: l.name, Limit: l.lim.File}
		}
		content := int64(len(l.buf))
		if err == nil {
			content-- // the newline
		}
		if l.lim.Line > 0 && content > l.lim.Line {
			return nil, &LimitError{Name: l.name, Line: l.n + 1, Limit: l.lim.Line}
		}
		switch {
		case err == nil:
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(l.buf) == 0 {
				return nil, io.EOF
			}
		default:
			if l.ctx.Err() != nil {
				return nil, context.Cause(l.ctx)
			}
			return nil, fmt.Errorf("%s: %w", l.name, err)
		}
		l.n++
		l.off += int64(len(l.buf))
		return l.buf, nil
	}
}

// Line returns the number of the line Next returned last (1 for the
// first).
func (l *LineReader) Line() int { return l.n }

// Offset returns the bytes of the lines returned so far.
func (l *LineReader) Offset() int64 { return l.off }

// A ctxReader fails its reads once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, context.Cause(c.ctx)
	}
	return c.r.Read(b)
}
