// Package output owns the files that long runs write and resume: how a
// run is split into shards (Shard, ShardInfo, ShardFromEnv for Slurm
// array jobs and Kubernetes Indexed Jobs), how an output file is opened
// (OpenOutput: a regular file, locked while it is written) and how a file
// that is not a run's checkpoint is refused (CheckpointError), and how
// those files are read back, one bounded line at a time under a deadline
// (LineReader, MaxLine, MaxFile). Both the
// sweep (families/sweep) and the census (families/census) use it, so a
// shard or an output path means the same thing, with the same messages,
// in every command.
package output
