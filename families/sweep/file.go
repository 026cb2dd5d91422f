package sweep

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
)

// RunFile runs the plan writing to the file at path, which is also the
// checkpoint. Without resume the file is created or truncated. With resume
// the records already in it are kept: they must be the plan's first
// records (the file is refused if it comes from another sweep), a torn
// last line (a process killed while writing) is cut off, and the run goes
// on from there. Since Run only ever writes a prefix of the plan's records
// in order, a sweep killed at any moment and resumed ends with exactly the
// records of an uninterrupted run (except that a system near its time
// limit may time out in one run and not in the other). The summary covers
// the whole file. Cost: Run's, for the records not yet written, plus one
// JSON decode per record kept.
func (p *Plan) RunFile(ctx context.Context, path string, resume bool) (*Summary, error) {
	flag := os.O_RDWR | os.O_CREATE
	if !resume {
		flag |= os.O_TRUNC
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		return nil, err
	}
	sum := NewSummary()
	skip := 0
	if resume {
		if skip, err = p.recover(f, path, sum); err != nil {
			f.Close()
			return nil, err
		}
	}
	sum, err = p.run(ctx, f, skip, sum)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return sum, err
}

// recover reads the records of a checkpoint, checks them against the plan,
// cuts a torn last line and leaves f positioned at the end.
func (p *Plan) recover(f *os.File, path string, sum *Summary) (int, error) {
	data, err := io.ReadAll(f)
	if err != nil {
		return 0, err
	}
	keep := bytes.LastIndexByte(data, '\n') + 1
	n := 0
	for line := range bytes.Lines(data[:keep]) {
		v, err := parseRecord(line)
		if err != nil {
			return 0, fmt.Errorf("%s: record %d: %v", path, n+1, err)
		}
		if n >= len(p.items) || v.Index.Cmp(p.items[n].idx) != 0 || v.Ops != p.items[n].s.String() {
			return 0, fmt.Errorf("%s: record %d (%s) is not this sweep's record %d: the file comes from another sweep or shard", path, n+1, v.Ops, n+1)
		}
		if err := sum.Add(line); err != nil {
			return 0, err
		}
		n++
	}
	if err := f.Truncate(int64(keep)); err != nil {
		return 0, err
	}
	if _, err := f.Seek(int64(keep), io.SeekStart); err != nil {
		return 0, err
	}
	return n, nil
}

// Merge combines the outputs of the shards of a sweep, read from inputs
// (named by names in messages), into the records and summary of one run:
// the records sorted by index. It refuses a torn last line (a shard that
// did not finish: resume it first) and an index that occurs twice. It
// cannot tell whether a shard is missing: compare the summary's count with
// the sweep's. Cost: one JSON decode per record, and memory for all of
// them.
func Merge(w io.Writer, names []string, inputs ...io.Reader) (*Summary, error) {
	type rec struct {
		v    *view
		line []byte
		src  string
	}
	var all []rec
	for k, in := range inputs {
		name := fmt.Sprintf("input %d", k+1)
		if k < len(names) {
			name = names[k]
		}
		data, err := io.ReadAll(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			return nil, fmt.Errorf("%s: the last line is incomplete: resume that shard (--resume) before merging", name)
		}
		n := 0
		for line := range bytes.Lines(data) {
			n++
			v, err := parseRecord(line)
			if err != nil {
				return nil, fmt.Errorf("%s: line %d: %v", name, n, err)
			}
			all = append(all, rec{v, line, name})
		}
	}
	slices.SortStableFunc(all, func(a, b rec) int { return a.v.Index.Cmp(b.v.Index) })
	sum := NewSummary()
	bw := bufio.NewWriter(w)
	for i, r := range all {
		if i > 0 && r.v.Index.Cmp(all[i-1].v.Index) == 0 {
			return nil, fmt.Errorf("%s and %s both hold setting %s (index %s)", all[i-1].src, r.src, r.v.Ops, r.v.Index)
		}
		if _, err := bw.Write(r.line); err != nil {
			return nil, err
		}
		if err := sum.Add(r.line); err != nil {
			return nil, err
		}
	}
	return sum, bw.Flush()
}
