package sweep

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/families-project/families/poly"
)

// A Shard is one of Count parts of a sweep, numbered from 0. The zero
// Shard (and any with Count 1) is the whole sweep. Settings are split by
// orbit, so that the settings that share one solve land in the same shard:
// an orbit goes to the shard given by its key (a SHA-256 hash) modulo
// Count, which depends only on the system, never on timing or on the other
// shards, and spreads orbits evenly.
type Shard struct{ Index, Count int }

// ParseShard reads "i/N" with 0 <= i < N (so N >= 1: "0/0" is refused
// like "1/0").
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("sweep: shard %s: want i/N, such as 0/4", poly.QuoteInput(s))
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("sweep: shard %s: want i/N with integers, such as 0/4", poly.QuoteInput(s))
	}
	sh := Shard{i, n}
	if n < 1 {
		// Validate takes the zero Shard for the whole sweep; written out,
		// 0/0 is a mistake.
		return Shard{}, fmt.Errorf("sweep: shard %d/%d: want 0 <= i < N", i, n)
	}
	return sh, sh.Validate()
}

// Validate reports a shard whose index is not in [0, Count).
func (sh Shard) Validate() error {
	if sh == (Shard{}) {
		return nil
	}
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return fmt.Errorf("sweep: shard %d/%d: want 0 <= i < N", sh.Index, sh.Count)
	}
	return nil
}

// String returns "i/N", or "all" for the whole sweep.
func (sh Shard) String() string {
	if sh.Count <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", sh.Index, sh.Count)
}

// owns reports whether the orbit with key k belongs to the shard.
func (sh Shard) owns(k key) bool {
	if sh.Count <= 1 {
		return true
	}
	return binary.BigEndian.Uint64(k[:8])%uint64(sh.Count) == uint64(sh.Index)
}

// ShardFromEnv finds the shard of a batch job from its environment, read
// with getenv (os.Getenv): a Slurm array job sets SLURM_ARRAY_TASK_ID,
// SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT (an array 1-8 gives
// shards 0/8 to 7/8; the array must have step 1), a Kubernetes Indexed Job
// sets JOB_COMPLETION_INDEX (0-based) and needs count, its completions, from
// the command line (--shards). count > 0 overrides Slurm's count too. ok is
// false when neither is set.
func ShardFromEnv(getenv func(string) string, count int) (sh Shard, ok bool, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, fmt.Errorf("sweep: %s=%q is not an integer", name, getenv(name))
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
				return sh, false, fmt.Errorf("sweep: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: give --shards")
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
			return sh, false, fmt.Errorf("sweep: JOB_COMPLETION_INDEX is set: give --shards with the job's completions")
		}
		sh = Shard{id, count}
	default:
		return sh, false, nil
	}
	return sh, true, sh.Validate()
}
