package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/families-project/families/families/output"
)

// readShard calls each on every line of a merge input in (named name),
// numbered from 1, within DefaultLimits and under ctx. A last line without
// its newline (a shard killed while writing) is refused, as is a file past
// a bound (a *output.LimitError); an error of each ends the reading.
func readShard(ctx context.Context, in io.Reader, name string, each func(line []byte, n int) error) error {
	lr := output.NewLineReader(ctx, in, name, output.DefaultLimits)
	for {
		line, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if line[len(line)-1] != '\n' {
			return fmt.Errorf("%s: the last line is incomplete: resume that shard (--resume) before merging", name)
		}
		if err := each(line, lr.Line()); err != nil {
			return err
		}
	}
}
