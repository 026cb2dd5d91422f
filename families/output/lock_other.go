//go:build !unix

package output

import "os"

const oNoFollow = 0

// lockFile does nothing where flock is not available.
func lockFile(*os.File) error { return nil }
