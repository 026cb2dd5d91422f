package output

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/families-project/families/poly"
)

// A Shard is one of Count parts of a run, numbered from 0. The zero Shard
// (and any with Count 1) is the whole run. Which work a shard owns is the
// run's choice (the sweep splits by orbit, the census by task); a Shard
// only names the part.
type Shard struct{ Index, Count int }

// ParseShard reads "i/N" with 0 <= i < N (so N >= 1: "0/0" is refused
// like "1/0"). Cost: constant.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %s: want i/N, such as 0/4", poly.QuoteInput(s))
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %s: want i/N with integers, such as 0/4", poly.QuoteInput(s))
	}
	sh := Shard{i, n}
	if n < 1 {
		// Validate takes the zero Shard for the whole run; written out,
		// 0/0 is a mistake.
		return Shard{}, fmt.Errorf("shard %d/%d: want 0 <= i < N", i, n)
	}
	return sh, sh.Validate()
}

// Validate reports a shard whose index is not in [0, Count). Cost:
// constant.
func (sh Shard) Validate() error {
	if sh == (Shard{}) {
		return nil
	}
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return fmt.Errorf("shard %d/%d: want 0 <= i < N", sh.Index, sh.Count)
	}
	return nil
}

// String returns "i/N", or "all" for the whole run.
func (sh Shard) String() string {
	if sh.Count <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", sh.Index, sh.Count)
}

// ShardFromEnv finds the shard of a batch job from its environment, read
// with getenv (os.Getenv): a Slurm array job sets SLURM_ARRAY_TASK_ID,
// SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT (an array 1-8 gives
// shards 0/8 to 7/8; the array must have step 1), a Kubernetes Indexed Job
// sets JOB_COMPLETION_INDEX (0-based) and needs count, its completions, from
// the command line (--shards). count > 0 overrides Slurm's count too. ok is
// false when neither is set. Cost: a few environment reads.
func ShardFromEnv(getenv func(string) string, count int) (sh Shard, ok bool, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not an integer", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		id, err := num("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return sh, false, err
		}
		lo := 0
		if getenv("SLURM_ARRAY_TASK_MIN") != "" {
			if lo, err = num("SLURM_ARRAY_TASK_MIN"); err != nil {
				return sh, false, err
			}
		}
		n := count
		if n <= 0 {
			if getenv("SLURM_ARRAY_TASK_COUNT") == "" {
				return sh, false, fmt.Errorf("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: give --shards")
			}
			if n, err = num("SLURM_ARRAY_TASK_COUNT"); err != nil {
				return sh, false, err
			}
		}
		sh = Shard{id - lo, n}
	case getenv("JOB_COMPLETION_INDEX") != "":
		id, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return sh, false, err
		}
		if count <= 0 {
			return sh, false, fmt.Errorf("JOB_COMPLETION_INDEX is set: give --shards with the job's completions")
		}
		sh = Shard{id, count}
	default:
		return sh, false, nil
	}
	return sh, true, sh.Validate()
}

// A ShardInfo says which shard of a sharded run wrote a record, and how
// many records (the sweep) or tasks (the census) that shard writes in all,
// so that merging finds a missing or unfinished shard.
type ShardInfo struct {
	Index   int `json:"index"`
	Count   int `json:"count"`
	Records int `json:"records"`
}

// String returns "i/N", or "all" for a run without shards (nil).
func (sh *ShardInfo) String() string {
	if sh == nil {
		return "all"
	}
	return fmt.Sprintf("%d/%d", sh.Index, sh.Count)
}

// Name names the shard in messages: "shard i/N", or "a run without
// shards" for nil.
func (sh *ShardInfo) Name() string {
	if sh == nil {
		return "a run without shards"
	}
	return "shard " + sh.String()
}

// Parts returns the number of shards of the split, 1 for a run without
// shards (nil).
func (sh *ShardInfo) Parts() int {
	if sh == nil {
		return 1
	}
	return sh.Count
}
