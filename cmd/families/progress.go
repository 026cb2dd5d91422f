package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// A progress draws a bar on a terminal for a long run (a sweep, a count):
// done and total, the rate, the time so far and the time left. The time
// left is the work left at the average rate since the first step was
// reported (timeLeft; the setup before it, such as a count's orbits, is
// not work at that rate), not github.com/schollz/progressbar's estimate
// from the last few seconds, which swung between 3 and 13 minutes within
// one minute of a count on a busy machine and said 0s before the first
// step. It is redrawn at most
// ten times a second. Its methods are called from one goroutine at a time.
// A nil *progress draws nothing.
type progress struct {
	w     io.Writer
	label string
	unit  string // what is counted, in the rate: "records" per second
	bar   *progressbar.ProgressBar
	first time.Time // when the first step was reported (update)
	base  int       // the steps done then
	shown time.Time // when the time left was last put in the description
	rated bool      // the description has a rate (a step was done)
}

// timeLeft returns the time left for the work after done of total steps
// in elapsed, at the average rate so far, and false while there is too
// little to go on (no step done, or less than a second).
func timeLeft(done, total int, elapsed time.Duration) (time.Duration, bool) {
	if done <= 0 || elapsed < time.Second || total < done {
		return 0, false
	}
	left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
	return left.Round(time.Second), true
}

// newProgress returns a progress on stderr, or nil (no bar) when stderr is
// not a terminal, so that logs and pipes get no control characters, and
// when the output goes to standard output as it is made (resultsToStdout)
// and that is the same terminal, where the bar's redraws would land
// between the results. The process's own standard output is checked: the
// command writes to it through a buffer.
func newProgress(stderr io.Writer, resultsToStdout bool, label, unit string) *progress {
	ef, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(ef.Fd())) {
		return nil
	}
	if resultsToStdout && term.IsTerminal(int(os.Stdout.Fd())) {
		ost, err1 := os.Stdout.Stat()
		est, err2 := ef.Stat()
		if err1 != nil || err2 != nil || os.SameFile(ost, est) {
			return nil
		}
	}
	return &progress{w: stderr, label: label, unit: unit}
}

// begin starts the clock of the rate and the time left at the start of
// the work, total being its size or 0 when the work has yet to find it
// out (the first update says). Without it the clock starts at the first
// update, and the rate of a single finished step is meaningless.
func (p *progress) begin(total int) {
	if p == nil {
		return
	}
	p.bar = progressbar.NewOptions(max(total, 1),
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.label),
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	p.bar.StartWithoutRender()
}

// update moves the bar to done of total.
func (p *progress) update(done, total int) {
	if p == nil || total <= 0 {
		return
	}
	if p.bar == nil {
		p.begin(total)
	}
	if p.bar.GetMax() != total {
		p.bar.ChangeMax(total)
	}
	now := time.Now()
	if p.first.IsZero() {
		p.first, p.base = now, done
	}
	elapsed := now.Sub(p.first)
	if now.Sub(p.shown) >= time.Second || !p.rated && done > p.base && elapsed > 0 {
		p.shown = now
		desc := p.label + ", time left unknown"
		if left, ok := timeLeft(done-p.base, total-p.base, elapsed); ok {
			desc = p.label + ", " + left.String() + " left"
		}
		if done > p.base && elapsed > 0 {
			desc += ", " + rateText(done-p.base, elapsed, p.unit)
			p.rated = true
		}
		p.bar.Describe(desc)
	}
	p.bar.Set(done)
}

// clear removes the bar from the terminal, so that what is printed next
// starts on a clean line.
func (p *progress) clear() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Clear()
	p.bar.Exit()
}

// rateText is the rate of done steps in elapsed ("3861 records/s", or per
// minute or hour when slower), said only once there is a rate to say:
// progressbar's own rate said "0 records/hr" before the first record.
func rateText(done int, elapsed time.Duration, unit string) string {
	perSec := float64(done) / elapsed.Seconds()
	switch {
	case perSec >= 1:
		return fmt.Sprintf("%.0f %s/s", perSec, unit)
	case perSec*60 >= 1:
		return fmt.Sprintf("%.0f %s/min", perSec*60, unit)
	}
	return fmt.Sprintf("%.1f %s/hr", perSec*3600, unit)
}
