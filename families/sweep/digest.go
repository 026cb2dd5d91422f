package sweep

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
)

// Every record of a sharded run ends in a "digest" key, after "shard": the
// SHA-256, in hex, of the record's line as it was without it (shard key
// and newline included). Merge and --resume recompute it and refuse a
// record whose content was changed after it was written (issue 27, item
// 9: an edited class, dimension, member or family merged with status 0
// into a file that differed from one run's). It finds edits, not forgery:
// whoever recomputes the hash can write any record. Merge cuts the digest
// with the shard key, so a merge still gives exactly a run's records (a
// run without shards writes none).
//
// Records without a digest (written by a families from before digests,
// or with the key cut off) are still merged and resumed, and merge says
// how many there were and where the first was: their content cannot be
// checked. Their other checks (index against setting, the sweep's plan)
// still apply.

// digestKey starts the digest's key, the last of a signed record.
const digestKey = `,"digest":"`

// digestLen is the length of a digest in hex.
const digestLen = 2 * sha256.Size

// sign returns a record's line (a JSON object and a newline) with the
// digest of that line as a last key.
func sign(line []byte) []byte {
	sum := sha256.Sum256(line)
	out := make([]byte, 0, len(line)+len(digestKey)+digestLen+1)
	out = append(out, line[:len(line)-2]...) // without "}\n"
	out = append(out, digestKey...)
	out = hex.AppendEncode(out, sum[:])
	return append(out, "\"}\n"...)
}

// errEdited is the error of a record whose digest does not match.
var errEdited = errors.New("the record was edited after it was written: its digest does not match its content (rerun that shard, or restore the file)")

// unsign checks the digest of a record's line, whose decoded "digest" key
// is digest (nil: none), and returns the line without it. A line without
// a digest comes back as it is, signed false.
func unsign(line []byte, digest *string) (_ []byte, signed bool, _ error) {
	if digest == nil {
		return line, false, nil
	}
	suffix := digestKey + *digest + "\"}\n"
	if len(*digest) != digestLen || !bytes.HasSuffix(line, []byte(suffix)) {
		return nil, false, errors.New(`the "digest" key is not the last one, or not a SHA-256 in hex, as a sweep writes it: the record was edited`)
	}
	cut := len(line) - len(suffix)
	orig := append(line[:cut:cut], "}\n"...)
	sum := sha256.Sum256(orig)
	if hex.EncodeToString(sum[:]) != *digest {
		return nil, false, errEdited
	}
	return orig, true, nil
}
