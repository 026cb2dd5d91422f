package census

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
	"github.com/families-project/families/internal/words"
)

// Options selects the grids of a census and how much algebra each gets.
type Options struct {
	Size  grid.Size
	Lines grid.LineSet // 0: all lines (rows, cols, diag, short)
	Eval  grid.Eval
	// Max bounds every number, MaxSum the sum of all numbers; at least
	// one must be positive.
	Max, MaxSum int64
	// AnyOps counts settings with any operators; by default a setting
	// must use each of + - x / (Wolf's condition).
	AnyOps bool
	// Analyze bounds the settings per grid given to the engine (0: none);
	// Rank bounds the settings per grid whose tangent dimension is
	// computed to choose them (default DefaultRank).
	Analyze, Rank int
	// Families answers every grid: isolated (proved by the Jacobian or
	// the engine) or on a family, named by its setting in standard form
	// and its canonical formulas (Family.Key), each distinct setting
	// analyzed once per run (families.go). Analyze then bounds the
	// settings tried per grid (at least 1).
	Families bool
	// SystemWork bounds the engine on one setting by a work budget
	// (internal/work units, about UnitsPerMillisecond per millisecond of
	// one core here; 0: none), past which the setting's analysis is class
	// timeout. Work, not time: whether an analysis finishes, and so every
	// answer, is a function of the setting, whatever the load or the
	// goroutines. The whole run is bounded by the context given to Run
	// (a wall-clock deadline ends the run, it does not change answers).
	SystemWork int64
	// Jobs is the number of tasks searched at once (0: one per CPU).
	Jobs int
	// Shard selects every Count-th task from Index (the zero Shard: all).
	Shard output.Shard
	// Progress, when set, is called after each task with the tasks done
	// and the run's total.
	Progress func(done, total int)
}

// DefaultRank is the default of Options.Rank.
const DefaultRank = 1024

// UnitsPerMillisecond is the work (internal/work units: polls of the
// Gröbner engines and the factorizer) that families.Analyze spends in
// about a millisecond of one core of the machine of BENCHMARKS.md, a
// guide for choosing Options.SystemWork; the budget itself counts work.
const UnitsPerMillisecond = 20

// DefaultSystemWork is the command's default per-setting budget: about a
// minute of one core (1,200,000 units). The 4x4 settings the census
// meets spend a few thousand.
const DefaultSystemWork = 60_000 * UnitsPerMillisecond

// WorkOf converts a duration to the work budget spent in about that long
// (UnitsPerMillisecond a millisecond, at least 1 for a positive d), for a
// limit given as a time: --system-timeout.
func WorkOf(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return max(1, d.Milliseconds()*UnitsPerMillisecond)
}

// MaxLine bounds the numbers of a line: a line of k numbers has 4^(k-1)
// operator tuples, and the search tries them all.
const MaxLine = 8

// A Census is a prepared run: the geometry, the search order and the
// tasks (one per value of the first number searched). The tasks are a
// computed range, not a list: task t of the whole census searches the
// first value t + 1, and this run's i-th task is the shard's i-th such t
// (taskIndex), so a census's memory does not grow with its bound.
type Census struct {
	opt    Options
	g      *geometry
	steps  []step
	ntasks int // tasks of this run (shard)
	total  int // tasks of every shard
	info   *Info
	shard  *output.ShardInfo
	cache  *analysisCache
	images *imageCache
}

// Info identifies a census in its records: what decides them (ID hashes
// the size, lines, evaluation, bounds, AnyOps, Analyze and Rank, not the
// timeout or jobs) and its tasks, so that --resume refuses another
// census's file.
type Info struct {
	ID     string `json:"id"`
	Size   string `json:"size"`
	Max    int64  `json:"max,omitempty"`
	MaxSum int64  `json:"max_sum,omitempty"`
	Tasks  int    `json:"tasks"`
}

// String describes the census in messages: its ID, size, bounds and
// tasks.
func (in *Info) String() string {
	s := fmt.Sprintf("id %s (%s", in.ID, in.Size)
	if in.Max > 0 {
		s += fmt.Sprintf(" --max %d", in.Max)
	}
	if in.MaxSum > 0 {
		s += fmt.Sprintf(" --max-sum %d", in.MaxSum)
	}
	return s + ", " + words.Count(in.Tasks, "task") + ")"
}

// New checks the options and plans the search. Cost: O(lines x numbers).
func New(opt Options) (*Census, error) {
	if opt.Max < 0 || opt.MaxSum < 0 || opt.Max == 0 && opt.MaxSum == 0 {
		return nil, errors.New("census: give a positive bound on the numbers (--max) or on their sum (--max-sum)")
	}
	if opt.Analyze < 0 || opt.Rank < 0 || opt.Jobs < 0 {
		return nil, errors.New("census: --analyze, --rank and --jobs must not be negative")
	}
	if err := opt.Shard.Validate(); err != nil {
		return nil, err
	}
	if opt.Rank == 0 {
		opt.Rank = DefaultRank
	}
	if opt.Lines == 0 {
		opt.Lines = grid.AllLines
	}
	g, err := newGeometry(opt.Size, opt.Lines, opt.Eval)
	if err != nil {
		return nil, err
	}
	if g.maxLen > MaxLine {
		return nil, fmt.Errorf("census: %s grid has lines of %d numbers; the census tries every operator tuple of a line and allows at most %d", opt.Size, g.maxLen, MaxLine)
	}
	n := int64(opt.Size.Numbers())
	hi := opt.Max
	if opt.MaxSum > 0 {
		if opt.MaxSum < n {
			return nil, fmt.Errorf("census: --max-sum %d is below %d, the sum of a %s grid of ones", opt.MaxSum, n, opt.Size)
		}
		if hi == 0 || opt.MaxSum-n+1 < hi {
			hi = opt.MaxSum - n + 1
		}
	}
	c := &Census{opt: opt, g: g, steps: g.order(), cache: newAnalysisCache(), images: newImageCache()}
	// Bounds that cannot finish are refused before anything else (work.go);
	// past this check hi is far below the range of an int.
	if err := c.checkBounds(); err != nil {
		return nil, err
	}
	c.total = int(hi)
	c.ntasks = c.total
	if sh := opt.Shard; sh.Count > 1 {
		c.ntasks = 0
		if sh.Index < c.total {
			c.ntasks = (c.total-sh.Index-1)/sh.Count + 1
		}
	}
	c.info = &Info{ID: c.id(), Size: opt.Size.String(), Max: opt.Max, MaxSum: opt.MaxSum, Tasks: c.total}
	if opt.Shard.Count > 1 {
		c.shard = &output.ShardInfo{Index: opt.Shard.Index, Count: opt.Shard.Count, Records: c.ntasks}
	}
	return c, nil
}

// taskIndex returns the census-wide index of this run's i-th task: the
// first number searched is taskIndex(i) + 1.
func (c *Census) taskIndex(i int) int {
	if sh := c.opt.Shard; sh.Count > 1 {
		return sh.Index + i*sh.Count
	}
	return i
}

func (c *Census) id() string {
	o := c.opt
	h := sha256.New()
	// Version 2: left-to-right lines that are zero whatever one number
	// (0 x n) are searched, and records carry settings_class.
	fmt.Fprintf(h, "families census 2\nsize %s\nlines %s\neval %s\nmax %d\nmax sum %d\nany ops %t\nanalyze %d\nrank %d\n",
		o.Size, o.Lines, o.Eval, o.Max, o.MaxSum, o.AnyOps, o.Analyze, o.Rank)
	if o.Families {
		// Only then, so that the IDs of other censuses stay as they were.
		fmt.Fprintf(h, "families true\n")
	}
	if o.SystemWork != DefaultSystemWork && (o.Analyze > 0 || o.Families) {
		// The budget decides which analyzes finish, so a file made with
		// another one is another census; the default keeps the IDs of
		// the censuses made before budgets.
		fmt.Fprintf(h, "system work %d\n", o.SystemWork)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Tasks returns the number of tasks this run (shard) searches.
func (c *Census) Tasks() int { return c.ntasks }

// Order returns the names of the numbers in the order the search assigns
// them, with "*" after those it tries over their whole range (the others
// are solved from a line).
func (c *Census) Order() []string {
	var out []string
	for _, st := range c.steps {
		nm := c.opt.Size.Name(st.num)
		if st.gen < 0 {
			nm += "*"
		}
		out = append(out, nm)
	}
	return out
}

// A taskResult is what one task found.
type taskResult struct {
	records []*Record
	done    Done
	err     error
}

// search runs one task: every grid whose first searched number is v.
// It returns the representatives found, analyzed.
func (c *Census) search(ctx context.Context, t int) (res taskResult) {
	v := int64(c.taskIndex(t)) + 1
	res.done = Done{Task: int(v - 1)}
	var found [][]int64
	leaf := func(vals []int64) error {
		res.done.Leaves++
		if err := ctx.Err(); err != nil {
			return err
		}
		if c.representative(vals) {
			found = append(found, slices.Clone(vals))
		}
		return nil
	}
	s := newSearcher(c.g, c.steps, c.hiOf(), c.opt.MaxSum, leaf)
	s.stop = ctx.Err
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(overflow); !ok {
					panic(p)
				}
				res.err = fmt.Errorf("%w (task %d)", ErrOverflow, v)
			}
		}()
		if err := s.run(v); err != nil {
			res.err = err
		}
	}()
	res.done.Nodes = s.nodes
	if res.err != nil {
		return res
	}
	slices.SortFunc(found, func(a, b []int64) int { return slices.Compare(formKey(c.opt.Size, a), formKey(c.opt.Size, b)) })
	for _, vals := range found {
		r, err := c.record(ctx, vals)
		if err != nil {
			res.err = err
			return res
		}
		r.Task = res.done.Task
		res.records = append(res.records, r)
	}
	// A record made while ctx ended may hold analyzes it cut short (class
	// timeout, by the whole run's limit and not the setting's): the task
	// is not done. A ctx still live here was live throughout.
	if err := ctx.Err(); err != nil {
		res.err = err
		return res
	}
	res.done.Grids = len(res.records)
	return res
}

func (c *Census) hiOf() int64 {
	if c.opt.Max > 0 {
		return c.opt.Max
	}
	return c.opt.MaxSum - int64(c.opt.Size.Numbers()) + 1
}

// valid reports the settings of vals that count, or nil when none does.
func (c *Census) valid(vals []int64) *settings {
	st := c.g.countSettings(vals)
	if st.count(c.opt.AnyOps).Sign() == 0 {
		return nil
	}
	return st
}

// representative reports whether vals is an all-lines-zero grid and the
// standard form of its class: no image of it
// under a symmetry of the grid that is itself such a grid has a smaller
// key (formKey). Images that are not such grids do not count: the lines
// read left to right and top to bottom, so an image of a solution need
// not be one (the transpose of Wolf's 3x3 grid is not).
func (c *Census) representative(vals []int64) bool {
	if !c.g.hasSetting(vals, c.opt.AnyOps) {
		return false
	}
	z := c.opt.Size
	key := formKey(z, vals)
	for _, s := range grid.Symmetries(z)[1:] {
		img := image(z, s, vals)
		if keyLess(formKey(z, img), key) && c.g.hasSetting(img, c.opt.AnyOps) {
			return false
		}
	}
	return true
}

// Run searches the census's tasks from skip on, on Jobs goroutines,
// and calls emit with each task's records and its Done, in task order
// whatever the timing. It stops at the first error (an error of emit, a
// cancelled ctx or ErrOverflow). At most window(jobs) tasks are under way
// or waiting to be emitted at any time, so its memory does not grow with
// the number of tasks.
func (c *Census) Run(ctx context.Context, skip int, emit func([]*Record, Done) error) error {
	jobs := c.opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := c.ntasks - skip
	if n <= 0 {
		return nil
	}
	w := min(window(jobs), n)
	// Task i's result goes to slots[i%w]; the dispatcher takes a place in
	// free before it hands out task i, and the emitter gives it back once
	// task i is emitted, so task i-w has left slots[i%w] before task i can
	// be put there.
	slots := make([]chan taskResult, w)
	for i := range slots {
		slots[i] = make(chan taskResult, 1)
	}
	free := make(chan struct{}, w)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				slots[i%w] <- c.search(ctx, skip+i)
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range n {
			select {
			case free <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	// On an early return the goroutines stop at once (their searches see
	// ctx), and Run returns when they have.
	defer func() { cancel(); wg.Wait() }()
	for i := range n {
		var r taskResult
		select {
		case r = <-slots[i%w]:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			return r.err
		}
		for _, rec := range r.records {
			rec.Census, rec.Shard = c.info, c.shard
		}
		if err := emit(r.records, r.done); err != nil {
			return err
		}
		<-free
		if c.opt.Progress != nil {
			c.opt.Progress(skip+i+1, c.ntasks)
		}
	}
	return nil
}

// window returns how many tasks Run lets be under way or wait to be
// emitted: twice the goroutines, so that a slow task holds up the output
// but not the other goroutines until that many later tasks are done.
func window(jobs int) int { return 2 * jobs }

// Done marks a finished task in the output: its index (the first
// searched number minus 1), the representatives it found, the numbers it
// assigned and the complete grids it reached (every line zero under some
// operators, before the all-operators and standard-form tests).
type Done struct {
	Task   int   `json:"task"`
	Grids  int   `json:"grids"`
	Nodes  int64 `json:"nodes"`
	Leaves int64 `json:"leaves"`
}

// record builds the record of representative vals: its settings, its
// images, the exact re-check and the engine's answer.
func (c *Census) record(ctx context.Context, vals []int64) (*Record, error) {
	z, g, o := c.opt.Size, c.g, c.opt
	st := c.valid(vals)
	r := &Record{Grid: gridText(z, vals), Numbers: map[string]int64{}, Size: z.String(), Lines: g.sel.String(), Eval: g.ev.String(),
		Settings: st.count(o.AnyOps), SettingsAnyOps: st.Any, SettingsClass: new(big.Int)}
	for i, nm := range z.Names() {
		r.Numbers[nm] = vals[i]
		r.Sum += vals[i]
		r.Largest = max(r.Largest, vals[i])
	}
	seen := map[string]bool{}
	for _, s := range grid.Symmetries(z) {
		img := image(z, s, vals)
		t := gridText(z, img)
		if seen[t] {
			continue
		}
		seen[t] = true
		if ist := c.valid(img); ist != nil {
			n := ist.count(o.AnyOps)
			r.Images = append(r.Images, Image{Symmetry: s.String(), Grid: t, Settings: n})
			r.SettingsClass.Add(r.SettingsClass, n)
		}
	}
	cands := g.rankSettings(ctx, vals, st, o.AnyOps, o.Rank, o.Families)
	r.Ranked = len(cands)
	if len(cands) == 0 {
		return nil, fmt.Errorf("census: internal error: grid %s counts %s settings but lists none", r.Grid, r.Settings)
	}
	r.TangentDimension = cands[0].dim
	r.Answer.Kind = "unknown"
	if o.Families {
		if cands[0].dim == 0 {
			// Full rank at the grid: a nonsingular isolated solution.
			s, err := grid.NewSetting(z, cands[0].ops)
			if err != nil {
				return nil, err
			}
			if err := g.check(s, vals); err != nil {
				return nil, err
			}
			r.Checked++
			r.Answer = Answer{Kind: "isolated", Ops: settingString(z, cands[0].ops), By: "jacobian"}
			return r, nil
		}
		return r, c.answerFamilies(ctx, r, vals, cands)
	}
	if o.Analyze == 0 && cands[0].dim == 0 {
		// No engine asked for: the Jacobian's full rank alone proves the
		// grid isolated under that setting.
		r.Answer = Answer{Kind: "isolated", Ops: settingString(z, cands[0].ops), By: "jacobian"}
	}
	for i, cd := range cands {
		if i >= max(o.Analyze, 1) {
			break
		}
		s, err := grid.NewSetting(z, cd.ops)
		if err != nil {
			return nil, err
		}
		if err := g.check(s, vals); err != nil {
			return nil, err
		}
		r.Checked++
		if i >= o.Analyze {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := g.analyze(ctx, s, vals, o.SystemWork)
		a.TangentDimension = cd.dim
		r.Analyzes = append(r.Analyzes, a)
		switch {
		case a.Isolated:
			r.Answer = Answer{Kind: "isolated", Ops: a.Ops, By: "engine", Timeouts: r.Answer.Timeouts}
		case a.Class == "timeout":
			r.Answer.Timeouts++
			if cd.dim == 0 && r.Answer.Kind != "isolated" {
				r.Answer.Kind, r.Answer.Ops, r.Answer.By, r.Answer.Family = "isolated", a.Ops, "jacobian", nil
			}
		case a.Family != nil && r.Answer.Kind != "isolated" && (r.Answer.Family == nil || a.Family.Dimension < r.Answer.Family.Dimension):
			r.Answer.Kind, r.Answer.Ops, r.Answer.Family = "family", a.Ops, a.Family
		}
		if a.Isolated || r.Answer.Kind == "isolated" {
			break
		}
	}
	if r.Answer.Kind != "isolated" && o.Analyze > 0 && len(r.Analyzes) < len(cands) {
		r.Answer.StoppedEarly = true
	}
	if r.Answer.Kind != "isolated" && big.NewInt(int64(r.Ranked)).Cmp(r.Settings) < 0 && o.Analyze > 0 {
		r.Answer.StoppedEarly = true
	}
	return r, nil
}

// settingString writes operators as an --ops string.
func settingString(z grid.Size, ops []grid.Op) string {
	s, err := grid.NewSetting(z, ops)
	if err != nil {
		return err.Error()
	}
	return s.String()
}
