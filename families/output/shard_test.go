package output

import "testing"

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"0/4", Shard{Index: 0, Count: 4}, true},
		{"3/4", Shard{Index: 3, Count: 4}, true},
		{" 1 / 2 ", Shard{Index: 1, Count: 2}, true},
		{"4/4", Shard{}, false},
		{"-1/4", Shard{}, false},
		{"1/0", Shard{}, false},
		{"0/0", Shard{}, false},
		{"0/-3", Shard{}, false},
		{"1", Shard{}, false},
		{"a/b", Shard{}, false},
	}
	for _, tc := range tests {
		got, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		shards int
		want   Shard
		ok     bool
		err    bool
	}{
		{"none", nil, 0, Shard{}, false, false},
		{"slurm from 0", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"}, 0, Shard{Index: 2, Count: 8}, true, false},
		{"slurm from 1", map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"}, 0, Shard{Index: 7, Count: 8}, true, false},
		{"slurm with --shards", map[string]string{"SLURM_ARRAY_TASK_ID": "3"}, 4, Shard{Index: 3, Count: 4}, true, false},
		{"slurm without count", map[string]string{"SLURM_ARRAY_TASK_ID": "3"}, 0, Shard{}, false, true},
		{"slurm out of range", map[string]string{"SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "8"}, 0, Shard{}, true, true},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "5"}, 6, Shard{Index: 5, Count: 6}, true, false},
		{"kubernetes without --shards", map[string]string{"JOB_COMPLETION_INDEX": "5"}, 0, Shard{}, false, true},
		{"not a number", map[string]string{"JOB_COMPLETION_INDEX": "five"}, 6, Shard{}, false, true},
	}
	for _, tc := range tests {
		got, ok, err := ShardFromEnv(func(k string) string { return tc.env[k] }, tc.shards)
		if (err != nil) != tc.err || !tc.err && (ok != tc.ok || got != tc.want) {
			t.Errorf("%s: %v, %v, %v; want %v, %v, error %v", tc.name, got, ok, err, tc.want, tc.ok, tc.err)
		}
	}
}
