package sweep

import (
	"encoding/binary"

	"github.com/families-project/families/families/output"
)

// A Shard is one of Count parts of a sweep (output.Shard). Settings are
// split by orbit, so that the settings that share one solve land in the
// same shard: an orbit goes to the shard given by its key (a SHA-256
// hash) modulo Count, which depends only on the system, never on timing
// or on the other shards, and spreads orbits evenly.
type Shard = output.Shard

// ParseShard reads "i/N" (output.ParseShard).
var ParseShard = output.ParseShard

// ShardFromEnv finds the shard of a batch job from its environment
// (output.ShardFromEnv).
var ShardFromEnv = output.ShardFromEnv

// ownsOrbit reports whether the orbit with key k belongs to shard sh.
func ownsOrbit(sh Shard, k key) bool {
	if sh.Count <= 1 {
		return true
	}
	return binary.BigEndian.Uint64(k[:8])%uint64(sh.Count) == uint64(sh.Index)
}
