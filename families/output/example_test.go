package output_test

import (
	"fmt"

	"github.com/families-project/families/families/output"
)

// A Slurm array 1-8 gives each task its shard of eight.
func ExampleShardFromEnv() {
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"}
	sh, ok, err := output.ShardFromEnv(func(k string) string { return env[k] }, 0)
	fmt.Println(sh, ok, err)
	// Output: 2/8 true <nil>
}

func ExampleParseShard() {
	sh, err := output.ParseShard("3/4")
	fmt.Println(sh, err)
	_, err = output.ParseShard("4/4")
	fmt.Println(err)
	// Output:
	// 3/4 <nil>
	// shard 4/4: want 0 <= i < N
}
