package sweep

import "github.com/families-project/families/families/output"

// An OutputError reports an output path that a run must not write
// (output.OutputError).
type OutputError = output.OutputError

// OpenOutput opens and locks a run's output file (output.OpenOutput).
var OpenOutput = output.OpenOutput

// A CheckpointError refuses a file given to --resume or merge by its
// content (output.CheckpointError).
type CheckpointError = output.CheckpointError

// A ShardInfo says which shard of a sharded run wrote a record
// (output.ShardInfo).
type ShardInfo = output.ShardInfo
