package census

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"math/big"
	"os"

	"github.com/families-project/families/families/output"
	"github.com/families-project/families/schema"
)

// A Record is one grid of the census, in standard form, as one JSON line.
type Record struct {
	// Schema names the line's JSON Schema (schema.CensusRecord): the
	// first key of every line, grid or task end, where a reader meets it.
	Schema  string           `json:"schema"`
	Grid    string           `json:"grid"`
	Numbers map[string]int64 `json:"numbers"`
	Size    string           `json:"size"`
	Lines   string           `json:"lines"`
	Eval    string           `json:"eval"`
	Sum     int64            `json:"sum"`
	Largest int64            `json:"largest"`
	// Settings counts the settings under which the grid makes every line
	// zero (with all of + - x / unless AnyOps); SettingsAnyOps counts them
	// with any operators.
	Settings       *big.Int `json:"settings"`
	SettingsAnyOps *big.Int `json:"settings_any_ops"`
	// SettingsClass counts the settings (as Settings does) of every grid
	// in Images together: the whole class. For Wolf's 3x3 grid it is 6, 3
	// for the grid and 3 for its mirror image, the settings an
	// operators-first sweep finds.
	SettingsClass *big.Int `json:"settings_class"`
	// Images are the distinct images of the grid under the symmetries of
	// its shape that are themselves census grids (the grid first), each
	// with its settings.
	Images []Image `json:"images"`
	// Ranked settings had their tangent dimension computed; Checked were
	// re-checked exactly with the grid package's evaluation.
	Ranked int `json:"ranked"`
	// TangentDimension is the least tangent dimension among the ranked
	// settings (see Analysis.TangentDimension).
	TangentDimension int               `json:"tangent_dimension"`
	Checked          int               `json:"checked"`
	Analyzes         []Analysis        `json:"analyzes,omitempty"`
	Answer           Answer            `json:"answer"`
	Task             int               `json:"task"`
	Census           *Info             `json:"census"`
	Shard            *output.ShardInfo `json:"shard,omitempty"`
}

// An Image is a grid's image under one symmetry.
type Image struct {
	Symmetry string   `json:"symmetry"`
	Grid     string   `json:"grid"`
	Settings *big.Int `json:"settings"`
}

// doneLine is the line that closes a task in the output.
type doneLine struct {
	Schema string            `json:"schema"`
	Done   *Done             `json:"done"`
	Census *Info             `json:"census"`
	Shard  *output.ShardInfo `json:"shard,omitempty"`
}

// line is what resuming and summaries read of any output line.
type line struct {
	Record
	Done *Done `json:"done"`
}

// Write runs the census writing JSON Lines to w: each task's records,
// then its done line. With skip > 0 the first skip tasks are taken as
// written already. The summary covers what this call wrote and sum (when
// not nil) what was written before.
func (c *Census) Write(ctx context.Context, w io.Writer, skip int, sum *Summary) (*Summary, error) {
	if sum == nil {
		sum = NewSummary()
	}
	bw := bufio.NewWriter(w)
	err := c.Run(ctx, skip, func(recs []*Record, d Done) error {
		for _, r := range recs {
			r.Schema = schema.CensusRecord
			b, err := json.Marshal(r)
			if err != nil {
				return err
			}
			bw.Write(append(b, '\n'))
			sum.addRecord(r)
		}
		b, err := json.Marshal(doneLine{Schema: schema.CensusRecord, Done: &d, Census: c.info, Shard: c.shard})
		if err != nil {
			return err
		}
		bw.Write(append(b, '\n'))
		sum.addDone(d)
		sum.RunNodes += d.Nodes
		sum.RunTasks++
		// Flush at every task, so that the file is a checkpoint.
		return bw.Flush()
	})
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	c.cache.mu.Lock()
	sum.Analyzed, sum.Reused = c.cache.analyzed, c.cache.reused
	c.cache.mu.Unlock()
	return sum, err
}

// WriteFile runs the census into the file at path, which is also the
// checkpoint: with resume, the tasks whose done line is in the file are
// kept (the file must come from the same census and shard), anything after
// the last done line is cut, and the run goes on with the next task, so a
// run killed at any moment and resumed ends with the file of an
// uninterrupted run. The file is opened with output.OpenOutput: a path that
// is not a regular file (a symbolic link, a device, a directory, a pipe),
// or one another run holds locked, is refused with a *output.OutputError
// before anything is written. Cost: Run's for the remaining tasks, one
// JSON decode per kept line.
func (c *Census) WriteFile(ctx context.Context, path string, resume bool) (*Summary, error) {
	f, err := output.OpenOutput(path)
	if err != nil {
		return nil, err
	}
	sum, err := c.WriteOpened(ctx, f, path, resume)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return sum, err
}

// WriteOpened is WriteFile on a file already opened, and locked, by
// output.OpenOutput (path names it in messages); it leaves f open.
func (c *Census) WriteOpened(ctx context.Context, f *os.File, path string, resume bool) (*Summary, error) {
	sum := NewSummary()
	skip := 0
	var err error
	if resume {
		if skip, err = c.recover(ctx, f, path, sum); err != nil {
			return nil, err
		}
	} else if err = f.Truncate(0); err != nil {
		return nil, err
	}
	return c.Write(ctx, f, skip, sum)
}
