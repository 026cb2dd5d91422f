package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// stageLines returns a families.Options.Progress that writes one line per
// stage of an analysis ("families: decomposition (1.2 s)") on stderr, only
// when stderr is a terminal and only once the analysis has run for over a
// second: a quick analysis stays silent, a slow one says where it is. stop
// ends the one-second timer. Both are no-ops off a terminal.
func stageLines(stderr io.Writer) (progress func(stage string), stop func()) {
	ef, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(ef.Fd())) {
		return nil, func() {}
	}
	start := time.Now()
	var mu sync.Mutex
	cur, shown := "", ""
	show := func() {
		if cur != "" && cur != shown {
			fmt.Fprintf(stderr, "families: %s (%.1f s)\n", cur, time.Since(start).Seconds())
			shown = cur
		}
	}
	t := time.AfterFunc(time.Second, func() {
		mu.Lock()
		defer mu.Unlock()
		show()
	})
	progress = func(stage string) {
		mu.Lock()
		defer mu.Unlock()
		cur = stage
		if time.Since(start) > time.Second {
			show()
		}
	}
	return progress, func() { t.Stop() }
}
