package sweep

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
	"github.com/families-project/families/internal/words"
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
//
// The file must be a regular file (or absent), and it stays locked for the
// run (OpenOutput): a path of another kind, or a file another run is
// writing, is refused with an *OutputError before anything is written.
func (p *Plan) RunFile(ctx context.Context, path string, resume bool) (*Summary, error) {
	f, err := OpenOutput(path)
	if err != nil {
		return nil, err
	}
	sum, err := p.RunOpened(ctx, f, path, resume)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return sum, err
}

// RunOpened is RunFile on a file that OpenOutput opened (and locked) for
// path, so that a caller can hold the lock from before planning; it leaves
// f open.
func (p *Plan) RunOpened(ctx context.Context, f *os.File, path string, resume bool) (*Summary, error) {
	sum := NewSummary()
	skip := 0
	var err error
	if resume {
		if skip, err = p.recover(ctx, f, path, sum); err != nil {
			return nil, err
		}
	} else if err := f.Truncate(0); err != nil {
		// Truncated only once locked: a refused run leaves the file alone.
		return nil, err
	}
	return p.run(ctx, f, skip, sum)
}

// recover reads the records of a checkpoint, checks them against the plan,
// cuts a torn last line and leaves f positioned at the end. A file that is
// not this run's checkpoint, or one past output.DefaultLimits (readlimit.go), is
// a *CheckpointError, and f is left as it was. It reads one line at a
// time under ctx: once ctx is done it returns ctx's cause, f unchanged.
func (p *Plan) recover(ctx context.Context, f *os.File, path string, sum *Summary) (int, error) {
	refuse := func(format string, args ...any) (int, error) {
		return 0, &CheckpointError{Err: fmt.Errorf(format, args...)}
	}
	lim := output.DefaultLimits
	if st, err := f.Stat(); err == nil && st.Size() > lim.File {
		// Refused before reading: a sparse file of 5 GB takes no time.
		return refuse("%w", &output.LimitError{Name: path, Limit: lim.File})
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	lr := output.NewLineReader(ctx, f, path, lim)
	n := 0
	var keep int64
	for {
		line, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var le *output.LimitError
		if errors.As(err, &le) {
			return refuse("%w", err)
		}
		if err != nil {
			return 0, err
		}
		if line[len(line)-1] != '\n' {
			break // torn by a kill: cut below
		}
		v, err := parseRecord(line)
		if err == nil {
			_, _, err = unsign(line, v.Digest)
		}
		if err != nil {
			return refuse("%s: record %d: %w", path, n+1, err)
		}
		if err := p.owns(v); err != nil {
			return refuse("%s: record %d (%s) %w", path, n+1, v.Ops, err)
		}
		if n >= len(p.items) || v.Index.Cmp(p.items[n].idx) != 0 || v.Ops != p.items[n].s.String() {
			return refuse("%s: record %d (%s) is not this sweep's record %d: the file comes from another sweep or shard", path, n+1, v.Ops, n+1)
		}
		if err := sum.Add(line); err != nil {
			return refuse("%s: record %d (%s): %w", path, n+1, v.Ops, err)
		}
		n++
		keep = lr.Offset()
	}
	if err := f.Truncate(keep); err != nil {
		return 0, err
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		return 0, err
	}
	return n, nil
}

// owns reports, as an error, a record that another sweep or shard wrote.
func (p *Plan) owns(v *view) error {
	switch {
	case v.Sweep == nil:
		return errors.New(`has no "sweep" key: an older families wrote it, and it cannot be checked against this sweep; run again without --resume`)
	case *v.Sweep != *p.sweep:
		return fmt.Errorf("comes from another sweep: %s, while this run is %s; the pattern, lines, evaluation, filters, sample or members differ", v.Sweep, p.sweep)
	case (v.Shard == nil) != (p.shard == nil) || v.Shard != nil && *v.Shard != *p.shard:
		return fmt.Errorf("was written by %s, and this run is %s", v.Shard.Name(), p.shard.Name())
	}
	return nil
}

// mergePoll is how many records (or planned settings) Merge handles
// between two looks at its context: a look costs a lock, a record a JSON
// decode, so the looks cost nothing measurable and a signal is seen within
// milliseconds.
const mergePoll = 1024

// Merge combines the outputs of the shards of a sweep, read from inputs
// (named by names in messages), into the records and summary of one run:
// the records sorted by index, without their "shard" key. It refuses a
// torn last line (a shard that did not finish: resume it first), an index
// that occurs twice, records of different sweeps or shard counts, a shard
// with fewer records than it plans, and inputs that hold fewer settings
// than the sweep (a missing shard), and a record whose digest does not
// match its content (edited after it was written: digest.go), each with a
// message that says which.
// Records without the "sweep" key (written by an older families) are
// merged unchecked if all are such. Nothing is written unless every check
// passes. It stops once ctx is done, returning its cause and writing
// nothing more: it looks at ctx before every read of an input and every
// mergePoll records while parsing, checking against the plan and writing,
// so that an interrupted merge ends at once rather than after reading
// everything. Cost: one JSON decode per record, and memory for all of
// them.
func Merge(ctx context.Context, w io.Writer, names []string, inputs ...io.Reader) (*Summary, error) {
	var all []mergeRec
	unsigned, firstUnsigned := 0, ""
	for k, in := range inputs {
		name := fmt.Sprintf("input %d", k+1)
		if k < len(names) {
			name = names[k]
		}
		if err := readShard(ctx, in, name, func(line []byte, n int) error {
			if n%mergePoll == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			v, err := parseRecord(line)
			signed := false
			if err == nil {
				line, signed, err = unsign(line, v.Digest)
			}
			if err == nil && v.Shard != nil {
				line, err = cutShard(line, v.Shard)
			}
			if err != nil {
				return fmt.Errorf("%s: line %d: %w", name, n, err)
			}
			if !signed && v.Shard != nil {
				if unsigned++; unsigned == 1 {
					firstUnsigned = fmt.Sprintf("%s line %d", name, n)
				}
			}
			// What merging checks is kept; the members, families and
			// solutions, which the summary reads again from the line,
			// are not (they were most of a merge's memory).
			v.Members, v.Families, v.Solutions = nil, nil, nil
			all = append(all, mergeRec{v, bytes.Clone(line), name, n})
			return nil
		}); err != nil {
			if ctx.Err() != nil {
				return nil, context.Cause(ctx)
			}
			return nil, err
		}
	}
	if err := checkMerge(all); err != nil {
		return nil, err
	}
	slices.SortStableFunc(all, func(a, b mergeRec) int { return a.v.Index.Cmp(b.v.Index) })
	for i := 1; i < len(all); i++ {
		if a, b := all[i-1], all[i]; a.v.Index.Cmp(b.v.Index) == 0 {
			return nil, fmt.Errorf("%s and %s both hold setting %s (index %s)", a.src, b.src, b.v.Ops, b.v.Index)
		}
	}
	if len(all) > 0 && all[0].v.Sweep != nil {
		z, _ := grid.ParseSize(all[0].v.Size) // checkIndex parsed them
		pat, _ := grid.ParseOps(all[0].v.Sweep.Pattern, z)
		if err := checkPlan(ctx, all, pat); err != nil {
			return nil, err
		}
	}
	sum := NewSummary()
	sum.Unsigned, sum.FirstUnsigned = unsigned, firstUnsigned
	bw := bufio.NewWriter(w)
	for i, r := range all {
		if i%mergePoll == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
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

// A mergeRec is one record read by Merge, with where it was read.
type mergeRec struct {
	v    *view
	line []byte
	src  string
	n    int // line number in src
}

func (r mergeRec) where() string { return fmt.Sprintf("%s line %d", r.src, r.n) }

// cutShard removes the "shard" key, which record writes last, from a
// record's line, so that the merged records are those of a run without
// shards.
func cutShard(line []byte, sh *ShardInfo) ([]byte, error) {
	b, err := json.Marshal(sh)
	if err != nil {
		return nil, err
	}
	suffix := append(append([]byte(`,"shard":`), b...), "}\n"...)
	if !bytes.HasSuffix(line, suffix) {
		return nil, errors.New(`the "shard" key is not the last one, where a sweep writes it`)
	}
	cut := len(line) - len(suffix)
	return append(line[:cut:cut], "}\n"...), nil
}

// checkMerge checks that the records of a merge come from one sweep and
// one split into shards, and that none of them is missing.
func checkMerge(all []mergeRec) error {
	if len(all) == 0 {
		return nil
	}
	first := all[0]
	perShard := map[int]int{}
	settings := 0
	for _, r := range all {
		v := r.v
		settings += 1 + len(v.Equivalent)
		switch {
		case (v.Sweep == nil) != (first.v.Sweep == nil):
			with, without := first, r
			if v.Sweep != nil {
				with, without = r, first
			}
			return fmt.Errorf(`%s has a "sweep" key and %s has none: the files come from different versions of families`, with.where(), without.where())
		case v.Sweep == nil:
			continue
		case *v.Sweep != *first.v.Sweep:
			return fmt.Errorf("%s and %s come from different sweeps, %s and %s", first.where(), r.where(), first.v.Sweep, v.Sweep)
		case v.Shard.Parts() != first.v.Shard.Parts():
			return fmt.Errorf("%s was written by %s and %s by %s: merge the shards of one split", first.where(), first.v.Shard.Name(), r.where(), v.Shard.Name())
		}
		if v.Shard != nil {
			perShard[v.Shard.Index]++
		}
	}
	sw := first.v.Sweep
	if sw == nil {
		return nil // unchecked: an older families wrote no marks
	}
	patterns := map[string]*grid.Setting{}
	for _, r := range all {
		if err := checkIndex(r, patterns); err != nil {
			return err
		}
	}
	// A shard that has fewer records than it plans did not finish.
	seen := map[int]bool{}
	for _, r := range all {
		sh := r.v.Shard
		if sh == nil || seen[sh.Index] {
			continue
		}
		seen[sh.Index] = true
		switch got := perShard[sh.Index]; {
		case got > sh.Records:
			return fmt.Errorf("%s: shard %s has %d records among the inputs but plans %d: it is given more than once; give each shard's file once", r.src, sh, got, sh.Records)
		case got < sh.Records:
			return fmt.Errorf("%s: shard %s has %d of its %d records: it did not finish; resume it (--resume) before merging", r.src, sh, got, sh.Records)
		}
	}
	if settings != sw.Settings {
		msg := fmt.Sprintf("the inputs hold %d of the %d settings of sweep %s", settings, sw.Settings, sw)
		if n := first.v.Shard.Parts(); n > 1 {
			var missing []string
			for i := range n {
				if !seen[i] {
					missing = append(missing, fmt.Sprintf("%d/%d", i, n))
				}
			}
			msg += "; missing shards: " + strings.Join(missing, ", ")
		}
		return errors.New(msg)
	}
	return nil
}

// checkIndex checks a record against its sweep's pattern as resuming
// checks it against the plan: its index must number, in the pattern, the
// very setting of its "ops" (grid.Setting.Nth), so that an edited index
// or setting, or two swapped indices, are refused. patterns caches the
// parsed patterns by size and text.
func checkIndex(r mergeRec, patterns map[string]*grid.Setting) error {
	v := r.v
	k := v.Size + " " + v.Sweep.Pattern
	pat, ok := patterns[k]
	if !ok {
		z, err := grid.ParseSize(v.Size)
		if err == nil {
			pat, err = grid.ParseOps(v.Sweep.Pattern, z)
		}
		if err != nil {
			return fmt.Errorf("%s: the sweep's pattern %s of size %s does not parse: %w", r.where(), v.Sweep.Pattern, v.Size, err)
		}
		patterns[k] = pat
	}
	s, err := pat.Nth(v.Index)
	if err != nil {
		return fmt.Errorf("%s: index %s is not a setting of the pattern %s (%s settings): the record was altered", r.where(), v.Index, pat, pat.Count())
	}
	if s.String() != v.Ops {
		return fmt.Errorf("%s: index %s of the pattern %s is the setting %s, but the record is of %s: the record was altered", r.where(), v.Index, pat, s, v.Ops)
	}
	return nil
}

// A SweepInfo identifies the sweep a record belongs to. It is the same in
// every record of a sweep, whichever shard wrote it, so that resuming and
// merging can tell the records of different sweeps apart.
type SweepInfo struct {
	// ID is a hash of what decides the records: the pattern, the lines,
	// the evaluation, the filters, the sample and its seed, the members
	// asked for and their filter, whether families are computed, and
	// OncePerOrbit. The limits (--timeout) and Jobs are left out: they
	// change how long a record takes, not what it is, so that a sweep can
	// be resumed with more time or on another machine.
	ID string `json:"id"`
	// Pattern is the pattern swept, for people.
	Pattern string `json:"pattern"`
	// Settings is the number of settings of the whole sweep, every shard.
	Settings int `json:"settings"`
}

// String describes the sweep in messages: its ID, pattern and settings.
func (s *SweepInfo) String() string {
	return fmt.Sprintf("%s (pattern %s, %s)", s.ID, s.Pattern, words.Count(s.Settings, "setting"))
}

// sweepID hashes the options that decide the records of a sweep (see
// SweepInfo.ID) into 16 hex digits. opt is NewPlan's, with its defaults.
func sweepID(pattern *grid.Setting, sel grid.LineSet, opt Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "families sweep 1\nsize %s\npattern %s\nlines %s\neval %s\nno families %t\n",
		pattern.Size(), pattern, sel, opt.Analysis.Eval, opt.Analysis.NoFamilies)
	fmt.Fprintf(h, "positive %t\nall ops %t\n", opt.Filter.Positive, opt.Filter.RequireAllOps)
	if opt.Sample > 0 {
		fmt.Fprintf(h, "sample %d seed %d\n", opt.Sample, opt.Seed)
	}
	fmt.Fprintf(h, "members %d\n", opt.Members)
	if opt.Members > 0 {
		mf := opt.MemberFilter
		fmt.Fprintf(h, "min %d max digits %d distinct %t all ops %t budget %d\n", mf.Min, mf.MaxDigits, mf.Distinct, mf.AllOps, mf.Budget)
	}
	fmt.Fprintf(h, "once per orbit %t\n", opt.OncePerOrbit)
	return hex.EncodeToString(h.Sum(nil)[:8])
}
