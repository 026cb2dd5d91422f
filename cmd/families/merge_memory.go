package main

import (
	"fmt"
	"os"
)

// mergeLive is how many bytes of memory merge holds for every byte of its
// inputs while it sorts them: each record's line and the fields it checks.
// Measured: the two shards of Wolf's sweep, 70.7 MB, 110 MB of live heap
// after the last collection (GOGC=25), 1.55 bytes a byte; 2 leaves room for
// records smaller than Wolf's (the fields checked weigh more per byte).
const mergeLive = 2

// mergeMemory is the memory this process may use (availableMemory; tests
// replace it).
var mergeMemory = availableMemory

// mergeFits refuses, before anything is read, inputs of total bytes whose
// records would not fit in memory avail (0: unknown, no bound): the
// collector keeps the heap under half of avail (tuneGC's soft limit) and
// merge holds mergeLive times its inputs, so at most avail/(2 mergeLive)
// bytes of inputs are merged. Past that, the process would be ended by
// the kernel, or swap, part-way. Cost: arithmetic.
func mergeFits(total, avail int64) error {
	if avail <= 0 {
		return nil
	}
	if most := avail / (2 * mergeLive); total > most {
		return usagef("the inputs hold %s, more than the %s merge can hold here: it keeps every record in memory to sort them, about %d times the inputs, within half of the %s this process may use (the machine's, the cgroup's or ulimit -v)",
			byteText(total), byteText(most), mergeLive, byteText(avail))
	}
	return nil
}

// mergeInputBytes is the total size of the files names (each a regular
// file: openInput refused the others before). Cost: one stat a file.
func mergeInputBytes(names []string) int64 {
	var total int64
	for _, name := range names {
		if st, err := os.Stat(name); err == nil {
			total += st.Size()
		}
	}
	return total
}

// byteText writes n bytes in GB or MB with one decimal, as the memory
// figures of the documentation are written.
func byteText(n int64) string {
	if n >= 1e9 {
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
