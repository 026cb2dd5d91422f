package census

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/families-project/families/families/output"
)

// mergeLine bounds a line of a shard's file, as a checkpoint's (a record
// is one grid with its settings and families, far below it).
const mergeLine = 64 << 20

// A shardFile is one shard's output being merged: its reader and what
// its first line said.
type shardFile struct {
	path  string
	r     *bufio.Reader
	n     int // lines read
	info  Info
	shard output.ShardInfo
	cut   []byte // the shard key as written, cut from every line
	tasks int    // tasks read
}

// next reads the shard's next task: its lines up to and including its
// done line, each with the shard key cut, and the task's index.
func (sf *shardFile) next(ctx context.Context) ([][]byte, int, error) {
	var lines [][]byte
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		ln, err := readLine(sf.r)
		if err == errLongLine {
			return nil, 0, sf.refuse("line %d is longer than %d bytes", sf.n+1, mergeLine)
		}
		if err == io.EOF {
			if len(ln) > 0 {
				return nil, 0, sf.refuse("line %d is cut short (a shard still running or killed: resume it first)", sf.n+1)
			}
			return nil, 0, sf.refuse("ends after %d tasks of its %d (resume it first)", sf.tasks, sf.shard.Records)
		}
		if err != nil {
			return nil, 0, err
		}
		sf.n++
		var l line
		if err := json.Unmarshal(ln, &l); err != nil {
			return nil, 0, sf.refuse("line %d: %v", sf.n, err)
		}
		switch {
		case l.Census == nil || *l.Census != sf.info:
			return nil, 0, sf.refuse("line %d is not a line of census %s", sf.n, &sf.info)
		case l.Shard == nil || *l.Shard != sf.shard:
			return nil, 0, sf.refuse("line %d was not written by %s", sf.n, sf.shard.Name())
		}
		body := bytes.TrimSuffix(ln, []byte("\n"))
		if !bytes.HasSuffix(body, sf.cut) {
			return nil, 0, sf.refuse("line %d does not end in its shard key", sf.n)
		}
		out := append(bytes.Clone(body[:len(body)-len(sf.cut)]), '}', '\n')
		lines = append(lines, out)
		if l.Done != nil {
			sf.tasks++
			return lines, l.Done.Task, nil
		}
	}
}

var errLongLine = errors.New("line too long")

// readLine reads one line, at most mergeLine bytes, through a small
// buffer.
func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		s, err := r.ReadSlice('\n')
		buf = append(buf, s...)
		if len(buf) > mergeLine {
			return nil, errLongLine
		}
		if err != bufio.ErrBufferFull {
			return buf, err
		}
	}
}

func (sf *shardFile) refuse(format string, args ...any) error {
	return &output.CheckpointError{Err: fmt.Errorf("%s: "+format, append([]any{sf.path}, args...)...)}
}

// Merge writes to w the output of one census run without shards from
// the files of all its shards (each complete: every task closed by its
// done line), byte for byte: the tasks in order, each line without its
// shard key. Files of different censuses or splits, a missing, repeated
// or unfinished shard, or a line not written by its shard are refused
// with an *output.CheckpointError before anything more is written (w may
// hold the tasks before the fault). Cost: one JSON decode per line; it
// holds one task's lines at a time.
func Merge(ctx context.Context, w io.Writer, paths ...string) error {
	if len(paths) == 0 {
		return &output.CheckpointError{Err: fmt.Errorf("census merge: no files given")}
	}
	var files []*shardFile
	for _, p := range paths {
		// A shard's file is a regular file: opening a FIFO without a
		// writer would block, whatever the deadline (issue 27, item 6).
		if st, err := os.Stat(p); err == nil && !st.Mode().IsRegular() {
			return &output.CheckpointError{Err: fmt.Errorf("%s is not a regular file: a shard's output is", p)}
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sf := &shardFile{path: p, r: bufio.NewReaderSize(f, 1<<16)}
		if head, _ := sf.r.Peek(1); len(head) == 0 {
			// A shard that owns no task (more shards than tasks) writes
			// nothing; one that owns tasks and wrote none is found missing
			// below.
			continue
		}
		// The first line says which census and shard the file holds.
		first, err := readLine(sf.r)
		if err != nil {
			return sf.refuse("line 1 is cut short or too long")
		}
		var l line
		if err := json.Unmarshal(first, &l); err != nil || l.Census == nil || l.Shard == nil {
			return sf.refuse("line 1 is not a line of a census shard")
		}
		sf.info, sf.shard = *l.Census, *l.Shard
		key, _ := json.Marshal(sf.shard)
		sf.cut = append(append([]byte(`,"shard":`), key...), '}')
		// Read the first line again with the others.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		sf.r.Reset(f)
		files = append(files, sf)
	}
	if len(files) == 0 {
		return &output.CheckpointError{Err: fmt.Errorf("census merge: every file is empty")}
	}
	count := files[0].shard.Count
	byIndex := make([]*shardFile, count)
	for _, sf := range files {
		switch {
		case sf.info != files[0].info:
			return sf.refuse("is census %s, but %s is census %s", &sf.info, files[0].path, &files[0].info)
		case sf.shard.Count != count:
			return sf.refuse("is %s, but %s is %s: merge the shards of one split", sf.shard.Name(), files[0].path, files[0].shard.Name())
		case byIndex[sf.shard.Index] != nil:
			return sf.refuse("repeats %s of %s", sf.shard.Name(), byIndex[sf.shard.Index].path)
		}
		byIndex[sf.shard.Index] = sf
	}
	for i, sf := range byIndex {
		if sf == nil && i < files[0].info.Tasks {
			return &output.CheckpointError{Err: fmt.Errorf("census merge: shard %d/%d is missing", i, count)}
		}
	}
	bw := bufio.NewWriter(w)
	for t := range files[0].info.Tasks {
		sf := byIndex[t%count]
		lines, task, err := sf.next(ctx)
		if err != nil {
			return err
		}
		if task != t {
			return sf.refuse("line %d closes task %d where task %d was due", sf.n, task, t)
		}
		for _, ln := range lines {
			if _, err := bw.Write(ln); err != nil {
				return err
			}
		}
	}
	for _, sf := range byIndex {
		if sf == nil {
			continue
		}
		if _, err := sf.r.Peek(1); err == nil {
			return sf.refuse("has lines after its %d tasks", sf.tasks)
		}
	}
	return bw.Flush()
}
