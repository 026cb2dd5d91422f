package sweep

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"sync"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/poly"
)

// Options configure a sweep.
type Options struct {
	// Analysis selects the lines and the evaluation and bounds the algebra
	// of each system (Limits.Timeout is per system: a system that hits it
	// is reported with class timeout).
	Analysis families.Options
	Filter   Filter
	Shard    Shard
	// Sample, when positive, draws that many settings at random (see
	// Sample) instead of sweeping all of them; Seed seeds the draw.
	Sample int
	Seed   uint64
	// Jobs is the number of settings solved at once; 0 means one per CPU.
	Jobs int
	// Members is how many positive-integer members a consistent system
	// reports, smallest first (0: none; the families and solutions are
	// still computed, they are part of the analysis).
	Members int
	// MemberFilter selects members; its Min is raised to 1 (positive) and
	// a zero Budget means DefaultMemberBudget.
	MemberFilter members.Filter
	// OncePerOrbit writes one record per orbit, for its first setting,
	// with the others in its "equivalent" key.
	OncePerOrbit bool
	// Progress, if set, is called from one goroutine as records finish,
	// with the records finished so far (written, or waiting for an earlier
	// one to be written) and the total of this run. Finished rather than
	// written records give a steady rate: one slow record would otherwise
	// hold back every record after it and the rate with it.
	Progress func(done, total int)
}

// DefaultMemberBudget is the parameter tuples tried per family when
// looking for members in a sweep: a family whose members are absent or
// rare costs about that many exact evaluations, which a sweep pays for
// every consistent setting, so it is smaller than members.DefaultBudget.
const DefaultMemberBudget = 1 << 14

// maxPlan bounds the records one plan holds in memory (about 550 bytes
// each while planning, so some 1.2 GB at most); larger sweeps are split
// into shards or sampled.
const maxPlan = 1 << 21

// maxSwept bounds the settings a plan enumerates: every shard computes the
// orbit key of every setting of the sweep (about 0.06 ms each), so a
// pattern with more settings passing the filters is refused before any
// is planned. 2^24 is every setting of a 3x3 pattern whose 12 row and
// column cells are all wildcards.
const maxSwept = 1 << 24

// A Plan is the list of settings one run of a sweep reports, in output
// order (increasing index), grouped into orbits: settings whose systems are
// the same up to renaming the numbers by a symmetry of the grid and
// nonzero factors of the equations, which are solved once.
type Plan struct {
	pattern *grid.Setting
	opt     Options
	sel     grid.LineSet
	items   []*item
	cache   *lineCache
	ring    *poly.Ring // the ring of every setting of the pattern
	swept   int        // settings of the whole sweep (every shard)
	orbits  int        // orbits of this shard
	sweep   *SweepInfo // written in every record
	shard   *ShardInfo // written in every record of a sharded run; nil otherwise
}

type item struct {
	idx        *big.Int
	s          *grid.Setting
	info       orbitInfo
	lead       *leader
	equivalent []string
}

// A leader is the first setting of an orbit, whose system is solved.
type leader struct {
	it *item
	// mu is held while rec is computed, so that an orbit is solved once
	// however many of its records are being made at the same time.
	mu        sync.Mutex
	rec       *Record // the leader's own record, without index; nil until solved
	remaining int     // records of this run still to be written that need rec
}

// solved returns the leader's record, computing it with analyze unless it
// is known. A record computed once ctx is done is returned but not kept:
// the cancellation may have stopped its algebra (class timeout), and a
// later run of the plan must solve the orbit again rather than reuse it.
func (l *leader) solved(ctx context.Context, analyze func() *Record) *Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rec != nil {
		return l.rec
	}
	rec := analyze()
	if ctx.Err() == nil {
		l.rec = rec
	}
	return rec
}

// forget drops the leader's record.
func (l *leader) forget() {
	l.mu.Lock()
	l.rec = nil
	l.mu.Unlock()
}

// NewPlan lists the settings of pattern that pass opt.Filter (or a sample
// of them), keeps those of opt.Shard, and groups them into orbits. Every
// shard computes the orbit key of every setting of the sweep, so that the
// split is the same in all of them. Cost: the enumeration (see Settings)
// plus one system build per setting, spread over opt.Jobs goroutines;
// about 0.1 ms per setting of a 3x3 grid. A setting without wildcards is
// a pattern of one setting (export writes one system so).
func NewPlan(ctx context.Context, pattern *grid.Setting, opt Options) (*Plan, error) {
	if err := opt.Shard.Validate(); err != nil {
		return nil, err
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.GOMAXPROCS(0)
	}
	if opt.MemberFilter.Budget == 0 {
		opt.MemberFilter.Budget = DefaultMemberBudget
	}
	opt.MemberFilter.Min = max(opt.MemberFilter.Min, 1)
	p := &Plan{pattern: pattern, opt: opt, sel: opt.Analysis.Lines}
	if p.sel == 0 {
		p.sel = pattern.DefaultLines()
	}
	var err error
	if p.cache, err = newLineCache(pattern, p.sel, opt.Analysis.Eval); err != nil {
		return nil, err
	}
	if p.ring, err = pattern.Ring(poly.Grevlex); err != nil {
		return nil, err
	}
	if opt.Sample <= 0 {
		if err := checkSize(pattern, p.sel, opt); err != nil {
			return nil, err
		}
	}
	leaders := map[key]*leader{}
	var chunk []*item
	flush := func() error {
		if err := p.keyChunk(ctx, chunk); err != nil {
			return err
		}
		for _, it := range chunk {
			if !ownsOrbit(opt.Shard, it.info.orbit) {
				continue
			}
			l := leaders[it.info.orbit]
			if l == nil {
				l = &leader{it: it}
				leaders[it.info.orbit] = l
			} else if opt.OncePerOrbit {
				l.it.equivalent = append(l.it.equivalent, it.s.String())
			}
			it.lead = l
			if l.it == it || !opt.OncePerOrbit {
				if len(p.items) >= maxPlan {
					return &TooLargeError{Settings: maxPlan, AtLeast: true, PerRun: maxPlan}
				}
				p.items = append(p.items, it)
			}
		}
		p.swept += len(chunk)
		chunk = chunk[:0]
		return nil
	}
	add := func(idx *big.Int, s *grid.Setting) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk = append(chunk, &item{idx: idx, s: s})
		if len(chunk) == 4096 {
			return flush()
		}
		return nil
	}
	if opt.Sample > 0 {
		idx, ss, err := Sample(pattern, p.sel, opt.Filter, opt.Sample, opt.Seed)
		if err != nil {
			return nil, err
		}
		for i := range ss {
			if err := add(idx[i], ss[i]); err != nil {
				return nil, err
			}
		}
	} else {
		for idx, s := range Settings(pattern, p.sel, opt.Filter) {
			if err := add(idx, s); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	p.orbits = len(leaders)
	p.sweep = &SweepInfo{ID: sweepID(pattern, p.sel, opt), Pattern: pattern.String(), Settings: p.swept}
	if opt.Shard.Count > 1 {
		p.shard = &ShardInfo{Index: opt.Shard.Index, Count: opt.Shard.Count, Records: len(p.items)}
	}
	return p, nil
}

// checkSize counts the settings of pattern that pass the filter (cheaply,
// stopping past the limits) and refuses, before anything is planned, a
// sweep with more than maxSwept of them or one whose shard would hold more
// than maxPlan on average, with OncePerOrbit too (its records are fewer,
// but they list every setting: an unsharded export of the 2^24 settings
// of a 3x3 pattern passed 4 GB resident while still planning).
func checkSize(pattern *grid.Setting, sel grid.LineSet, opt Options) error {
	m, err := newMatcher(pattern, sel, opt.Filter)
	if err != nil {
		return err
	}
	shards := max(opt.Shard.Count, 1)
	n := m.count(maxSwept)
	switch {
	case n > maxSwept:
		return &TooLargeError{Settings: maxSwept, PerRun: maxSwept, AtLeast: true, Pattern: pattern.String()}
	case shards < (n+maxPlan-1)/maxPlan: // not n > maxPlan*shards, which overflows for --shard 0/9223372036854775807
		return &TooLargeError{Settings: n, PerRun: maxPlan, Shards: (n + maxPlan - 1) / maxPlan}
	}
	return nil
}

// TooLargeError is NewPlan's refusal of a sweep with more settings than
// one run plans. Its message gives the sweep command's remedies (--shard,
// --sample); other commands that plan (export) word their own from it.
type TooLargeError struct {
	Settings int    // settings that pass the filters (more than this when AtLeast)
	AtLeast  bool   // counting stopped at Settings
	PerRun   int    // the most one run plans
	Shards   int    // the fewest shards that hold them, 0 when not counted
	Pattern  string // set when more pass than any sweep plans: no sharding helps
}

func (e *TooLargeError) Error() string {
	switch {
	case e.Pattern != "":
		return fmt.Sprintf("sweep: more than %d settings of %s pass the filters, more than a sweep plans (%d): narrow the pattern or the filters, or draw a --sample", e.Settings, e.Pattern, e.PerRun)
	case e.Shards == 0:
		return fmt.Sprintf("sweep: more than %d settings in one run: split it with --shard or draw a --sample", e.PerRun)
	}
	return fmt.Sprintf("sweep: %d settings pass the filters, more than %d per run: split the sweep into at least %d shards (--shard i/N) or draw a --sample", e.Settings, e.PerRun, e.Shards)
}

// keyChunk computes the orbit keys of a chunk of settings in parallel.
func (p *Plan) keyChunk(ctx context.Context, chunk []*item) error {
	var wg sync.WaitGroup
	errs := make([]error, p.opt.Jobs)
	for w := range p.opt.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(chunk); i += p.opt.Jobs {
				if errs[w] = ctx.Err(); errs[w] != nil {
					return
				}
				chunk[i].info, errs[w] = p.cache.orbitKeys(chunk[i].s)
				if errs[w] != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Len returns the number of records the plan writes.
func (p *Plan) Len() int { return len(p.items) }

// Swept returns the number of settings of the whole sweep, every shard.
func (p *Plan) Swept() int { return p.swept }

// Orbits returns the number of orbits of the plan's shard: the systems it
// solves.
func (p *Plan) Orbits() int { return p.orbits }

// An Orbit is a group of the plan's settings whose systems are the same up
// to renaming the numbers by a symmetry of the grid and nonzero factors of
// the equations: solving the leader's system solves them all.
type Orbit struct {
	// Leader is the orbit's first setting, the one Run solves.
	Leader *grid.Setting
	// Settings are the orbit's settings in the plan, in plan order (the
	// leader first), and Maps[i][j] is the number of Settings[i] that
	// stands for number j of the leader: a solution x of the leader gives
	// the solution y of Settings[i] with y[Maps[i][j]] = x[j].
	Settings []*grid.Setting
	Maps     [][]int
}

// OrbitList returns the orbits of the plan's settings in the order of
// their leaders. Cost: O(settings * numbers).
func (p *Plan) OrbitList() []*Orbit {
	byLeader := map[*leader]*Orbit{}
	var out []*Orbit
	for _, it := range p.items {
		o := byLeader[it.lead]
		if o == nil {
			o = &Orbit{Leader: it.lead.it.s}
			byLeader[it.lead] = o
			out = append(out, o)
		}
		o.Settings = append(o.Settings, it.s)
		o.Maps = append(o.Maps, transportMap(it.lead.it.info.ren, it.info.ren))
	}
	return out
}

// Run solves the plan's systems on opt.Jobs goroutines and writes one JSON
// line per record to w, in plan order whatever the timing. It returns the
// summary of the records. On cancellation of ctx it stops, having written
// only records computed before, so that the output is a prefix of a whole
// run's (see RunFile). Cost: one analysis per orbit (see families.Analyze),
// and for a consistent one a family decomposition and the member search
// when opt.Members > 0; the other settings of an orbit get the leader's
// basis renamed and reduced again. A plan may be run again, one run at a
// time; it then solves its systems again, whatever an earlier run left
// (also one that was cancelled).
func (p *Plan) Run(ctx context.Context, w io.Writer) (*Summary, error) {
	return p.run(ctx, w, 0, NewSummary())
}

type result struct {
	pos  int
	line []byte
	err  error
}

func (p *Plan) run(ctx context.Context, w io.Writer, skip int, sum *Summary) (*Summary, error) {
	// Every orbit starts unsolved: an earlier run that was cancelled may
	// have left records and counts behind (its workers are all done).
	for _, it := range p.items {
		it.lead.rec, it.lead.remaining = nil, 0
	}
	for _, it := range p.items[skip:] {
		it.lead.remaining++
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := p.opt.Jobs
	tasks := make(chan int)
	results := make(chan result, jobs)
	// window bounds how far the workers run ahead of the writer.
	window := make(chan struct{}, 16*jobs+64)
	go func() {
		defer close(tasks)
		for pos := skip; pos < len(p.items); pos++ {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case tasks <- pos:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pos := range tasks {
				line, err := p.record(ctx, p.items[pos])
				if err == nil && p.shard != nil {
					line = sign(line)
				}
				results <- result{pos, line, err}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	bw := bufio.NewWriterSize(w, 1<<16)
	pending := map[int][]byte{}
	next := skip
	finished := 0
	var firstErr error
	lastFlush := time.Now()
	for r := range results {
		if r.err != nil && firstErr == nil {
			firstErr = r.err
			cancel()
		}
		if ctx.Err() != nil {
			continue // a record finished after cancellation may be wrong
		}
		pending[r.pos] = r.line
		if finished++; p.opt.Progress != nil {
			p.opt.Progress(finished, len(p.items)-skip)
		}
		for line, ok := pending[next]; ok; line, ok = pending[next] {
			delete(pending, next)
			if _, err := bw.Write(line); err != nil && firstErr == nil {
				firstErr = err
				cancel()
				break
			}
			if err := sum.Add(line); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
			l := p.items[next].lead
			if l.remaining--; l.remaining == 0 {
				// Every record that needs it is written: free it.
				l.forget()
			}
			next++
			<-window
			if time.Since(lastFlush) > 200*time.Millisecond {
				if err := bw.Flush(); err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				lastFlush = time.Now()
			}
		}
	}
	if err := bw.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr == nil && next < len(p.items) {
		firstErr = context.Cause(ctx)
		if firstErr == nil {
			firstErr = errors.New("sweep: stopped early")
		}
	}
	return sum, firstErr
}
