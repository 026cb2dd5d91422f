package census

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"slices"
	"time"
)

// A Summary counts what a census found: tasks, grids by answer, the
// search's work, and the smallest grid (least sum, then standard-form
// order).
type Summary struct {
	Tasks         int
	Grids         int
	Nodes, Leaves int64
	// RunNodes and RunTasks count the work of this run alone, not of the
	// tasks a --resume kept, for the rate.
	RunNodes     int64
	RunTasks     int
	ByAnswer     map[string]int
	StoppedEarly int
	Timeouts     int // analyses that hit the time limit
	Smallest     string
	smallestSum  int64
	Settings     *big.Int // settings of all grids found
	// SettingsClass counts the settings of every image of the grids found
	// that is itself a census grid (Record.SettingsClass).
	SettingsClass *big.Int
	Elapsed       time.Duration
	// GridTexts holds the first listed grids found, in output order, and
	// FamilyGrids the first listed whose answer is a family: a summary's
	// memory does not grow with the grids (Grids counts them all).
	GridTexts   []string
	FamilyGrids []string
}

// listed is how many grids a summary keeps and lists.
const listed = 20

// NewSummary returns an empty summary.
func NewSummary() *Summary {
	return &Summary{ByAnswer: map[string]int{}, Settings: new(big.Int), SettingsClass: new(big.Int)}
}

func (s *Summary) addRecord(r *Record) {
	s.Grids++
	s.ByAnswer[r.Answer.Kind]++
	if r.Answer.StoppedEarly {
		s.StoppedEarly++
	}
	s.Timeouts += r.Answer.Timeouts
	if r.Settings != nil {
		s.Settings.Add(s.Settings, r.Settings)
	}
	if r.SettingsClass != nil {
		s.SettingsClass.Add(s.SettingsClass, r.SettingsClass)
	}
	if s.Smallest == "" || r.Sum < s.smallestSum {
		s.Smallest, s.smallestSum = r.Grid, r.Sum
	}
	if len(s.GridTexts) < listed {
		s.GridTexts = append(s.GridTexts, r.Grid)
	}
	if r.Answer.Kind == "family" && len(s.FamilyGrids) < listed {
		s.FamilyGrids = append(s.FamilyGrids, r.Grid)
	}
}

func (s *Summary) addDone(d Done) {
	s.Tasks++
	s.Nodes += d.Nodes
	s.Leaves += d.Leaves
}

// WriteTo writes the summary for people.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "census: %d tasks, %d grids up to symmetry", s.Tasks, s.Grids)
	if s.Grids > 0 {
		fmt.Fprintf(&b, " (%d settings in all, %d with their images)", s.Settings, s.SettingsClass)
	}
	fmt.Fprintln(&b)
	if s.Grids > 0 {
		fmt.Fprint(&b, "  answers:")
		for _, k := range []string{"isolated", "family", "unknown"} {
			fmt.Fprintf(&b, " %s %d", k, s.ByAnswer[k])
		}
		if s.StoppedEarly > 0 {
			fmt.Fprintf(&b, "; %d stopped early (--analyse)", s.StoppedEarly)
		}
		if s.Timeouts > 0 {
			fmt.Fprintf(&b, "; %d analyses timed out", s.Timeouts)
		}
		fmt.Fprintln(&b)
		fmt.Fprintf(&b, "  smallest (least sum, %d): %s\n", s.smallestSum, s.Smallest)
		list := slices.Clone(s.GridTexts)
		if s.Grids > len(list) {
			list = append(list, fmt.Sprintf("... and %d more", s.Grids-len(list)))
		}
		for _, t := range list {
			fmt.Fprintf(&b, "  %s\n", t)
		}
	}
	fmt.Fprintf(&b, "search: %d numbers assigned, %d complete grids tested", s.Nodes, s.Leaves)
	if sec := s.Elapsed.Seconds(); sec > 0 && s.RunTasks > 0 {
		fmt.Fprintf(&b, "; this run: %d tasks, %.0f numbers/s", s.RunTasks, float64(s.RunNodes)/sec)
	}
	fmt.Fprintf(&b, "\ntime %s\n", s.Elapsed.Round(time.Millisecond))
	n, err := w.Write(b.Bytes())
	return int64(n), err
}
