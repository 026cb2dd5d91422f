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
//
// The same lines cover the stages after the analysis (members, puzzles,
// questions), and a stage that runs on says so every stageRepeat ("still
// at puzzles"), so that a terminal is never silent for long.
func stageLines(stderr io.Writer) (progress func(stage string), stop func()) {
	ef, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(ef.Fd())) {
		return nil, func() {}
	}
	delay := stageDelay()
	start := time.Now()
	var mu sync.Mutex
	cur, shown := "", ""
	var since time.Time // when cur was last shown
	show := func() {
		switch {
		case cur == "":
		case cur != shown:
			fmt.Fprintf(stderr, "families: %s (%.1f s)\n", cur, time.Since(start).Seconds())
			shown, since = cur, time.Now()
		case time.Since(since) >= stageRepeat:
			fmt.Fprintf(stderr, "families: still at %s (%.1f s)\n", cur, time.Since(start).Seconds())
			since = time.Now()
		}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTimer(delay)
		defer t.Stop()
		select {
		case <-done:
			return
		case <-t.C:
		}
		tick := time.NewTicker(stageTick)
		defer tick.Stop()
		for {
			mu.Lock()
			show()
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	progress = func(stage string) {
		mu.Lock()
		defer mu.Unlock()
		cur = stage
		if time.Since(start) >= delay {
			show()
		}
	}
	var once sync.Once
	return progress, func() { once.Do(func() { close(done) }) }
}

// stageRepeat is how often a stage that runs on is said again; stageTick
// how often that is looked at.
const (
	stageRepeat = 5 * time.Second
	stageTick   = 250 * time.Millisecond
)

// stageDelay is how long a command runs before its stages are shown: a
// second, or FAMILIES_STAGE_DELAY (a duration; the terminal tests set 0 to
// see every stage of a quick run).
func stageDelay() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("FAMILIES_STAGE_DELAY")); err == nil && d >= 0 {
		return d
	}
	return time.Second
}
