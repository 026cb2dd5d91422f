package main

// maxJobs is the largest --jobs accepted by the sweep, count, export and
// census: each job is a goroutine with its own buffers, and a number far
// past any machine's cores only costs memory (--jobs 4294967296 ran out of
// it, --jobs 9223372036854775807 panicked in makeslice; issue 27, item 3).
const maxJobs = 1024

// checkJobs refuses a --jobs value below zero or above maxJobs, with the
// usage status 2.
func checkJobs(n int) error {
	switch {
	case n < 0:
		return usagef("--jobs must not be negative")
	case n > maxJobs:
		return usagef("--jobs %d is more than %d", n, maxJobs)
	}
	return nil
}
