package census

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/families-project/families/families/output"
)

// resumeLimits bound the lines of a census checkpoint read back
// (output.MaxLine: a line is one grid's record or a done line, far
// shorter). The file as a whole has no bound: it is read one line at a
// time, twice, so memory does not grow with it, and under the run's
// context, so its length costs time only within the run's --timeout.
var resumeLimits = output.Limits{Line: output.MaxLine}

// recover reads a checkpoint, checks it against the census, cuts it after
// its last done line and leaves f there; it returns the tasks done. A
// file that is not this run's checkpoint, or one with a line past
// resumeLimits, is a *output.CheckpointError and f is left as it was; so
// it is once ctx is done (the error is then ctx's cause).
//
// The first pass checks every line and finds the end of the last task
// done; the second adds the lines up to there to sum. Two passes instead
// of one, because the records of a task count only once its done line is
// read, and holding them until then let a file of records without done
// lines fill memory. Cost: two JSON decodes per line kept.
func (c *Census) recover(ctx context.Context, f *os.File, path string, sum *Summary) (int, error) {
	refuse := func(format string, args ...any) (int, error) {
		return 0, &output.CheckpointError{Err: fmt.Errorf(format, args...)}
	}
	var keep int64
	tasks := 0
	err := c.eachCheckpointLine(ctx, f, path, func(l *line, n int, off int64) error {
		switch {
		case l.Census == nil:
			return fmt.Errorf("%s: line %d is not a census line", path, n)
		case *l.Census != *c.info:
			return fmt.Errorf("%s: line %d comes from another census, %s; this run is %s (the size, lines, evaluation, bounds, --any-ops, --analyze or --rank differ)", path, n, l.Census, c.info)
		case (l.Shard == nil) != (c.shard == nil) || l.Shard != nil && *l.Shard != *c.shard:
			return fmt.Errorf("%s: line %d was written by shard %s, and this run is shard %s", path, n, l.Shard, c.shard)
		case l.Done == nil:
			return nil
		case tasks >= c.ntasks || l.Done.Task != c.taskIndex(tasks):
			return fmt.Errorf("%s: line %d closes task %d, which is not this run's next task", path, n, l.Done.Task)
		}
		tasks++
		keep = off
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return 0, context.Cause(ctx)
		}
		var ce *output.CheckpointError
		if errors.As(err, &ce) {
			return 0, err
		}
		return refuse("%w", err)
	}
	// Every line up to keep was read and checked: add them.
	err = c.eachCheckpointLine(ctx, io.NewSectionReader(f, 0, keep), path, func(l *line, _ int, _ int64) error {
		if l.Done != nil {
			sum.addDone(*l.Done)
		} else {
			r := l.Record
			sum.addRecord(&r)
		}
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return 0, context.Cause(ctx)
		}
		return 0, err
	}
	if err := f.Truncate(keep); err != nil {
		return 0, err
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		return 0, err
	}
	return tasks, nil
}

// eachCheckpointLine calls each with every complete line of r decoded,
// its number from 1 and the offset just past it, within resumeLimits and
// under ctx, from r's start (an *os.File is rewound first). It stops at a
// last line without its newline (torn by a kill: the caller cuts it), at
// the first error of each, and at a line that is not JSON.
func (c *Census) eachCheckpointLine(ctx context.Context, r io.Reader, path string, each func(l *line, n int, off int64) error) error {
	if s, ok := r.(io.Seeker); ok {
		if _, err := s.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	lr := output.NewLineReader(ctx, r, path, resumeLimits)
	for {
		b, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if b[len(b)-1] != '\n' {
			return nil // torn by a kill
		}
		var l line
		if err := json.Unmarshal(b, &l); err != nil {
			return fmt.Errorf("%s: line %d: %v", path, lr.Line(), err)
		}
		if err := each(&l, lr.Line(), lr.Offset()); err != nil {
			return err
		}
	}
}
