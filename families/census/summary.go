package census

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/families-project/families/internal/words"
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
	Timeouts     int // analyzes that spent their work budget (Options.SystemWork)
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
	// Families counts the grids on each named family (Options.Families),
	// by Family.Key, with the family's setting and formulas; Analyzed and
	// Reused count engine runs and answers taken from the run's cache.
	Families         map[string]*FamilyCount
	Analyzed, Reused int
}

// A FamilyCount is one named family and the grids found on it.
type FamilyCount struct {
	Key    string
	Ops    string
	Family *Family
	Grids  int
	First  string // the first grid found on it, in output order
}

// listed is how many grids a summary keeps and lists.
const listed = 20

// NewSummary returns an empty summary.
func NewSummary() *Summary {
	return &Summary{ByAnswer: map[string]int{}, Settings: new(big.Int), SettingsClass: new(big.Int), Families: map[string]*FamilyCount{}}
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
	if f := r.Answer.Family; f != nil && f.Key != "" {
		fc := s.Families[f.Key]
		if fc == nil {
			fc = &FamilyCount{Key: f.Key, Ops: r.Answer.Ops, Family: f, First: r.Grid}
			s.Families[f.Key] = fc
		}
		fc.Grids++
	}
}

// TopFamilies returns the k families holding the most grids, most first
// (ties by key). Cost: a sort of the families.
func (s *Summary) TopFamilies(k int) []*FamilyCount {
	out := make([]*FamilyCount, 0, len(s.Families))
	for _, fc := range s.Families {
		out = append(out, fc)
	}
	slices.SortFunc(out, func(a, b *FamilyCount) int {
		if a.Grids != b.Grids {
			return b.Grids - a.Grids
		}
		return strings.Compare(a.Key, b.Key)
	})
	return out[:min(k, len(out))]
}

func (s *Summary) addDone(d Done) {
	s.Tasks++
	s.Nodes += d.Nodes
	s.Leaves += d.Leaves
}

// WriteTo writes the summary for people.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "census: %s, %s up to symmetry", words.Count(s.Tasks, "task"), words.Count(s.Grids, "grid"))
	if s.Grids > 0 {
		fmt.Fprintf(&b, " (%s in all, %d with their images)", words.CountBig(s.Settings, "setting"), s.SettingsClass)
	}
	fmt.Fprintln(&b)
	if s.Grids > 0 {
		fmt.Fprint(&b, "  answers:")
		for _, k := range []string{"isolated", "family", "unknown"} {
			fmt.Fprintf(&b, " %s %d", k, s.ByAnswer[k])
		}
		if s.StoppedEarly > 0 {
			fmt.Fprintf(&b, "; %d stopped early (--analyze)", s.StoppedEarly)
		}
		if s.Timeouts > 0 {
			fmt.Fprintf(&b, "; %s timed out", words.Count(s.Timeouts, "analysis"))
		}
		fmt.Fprintln(&b)
		if len(s.Families) > 0 {
			fmt.Fprintf(&b, "  families: %d named, holding %s; settings analyzed this run %d, answers reused %d; most grids:\n", len(s.Families), words.Count(s.ByAnswer["family"], "grid"), s.Analyzed, s.Reused)
			for _, fc := range s.TopFamilies(5) {
				fmt.Fprintf(&b, "    %s (first %s) on %s, key %s: %s\n", words.Count(fc.Grids, "grid"), fc.First, fc.Ops, fc.Key, fc.Family.Formulas())
			}
		}
		fmt.Fprintf(&b, "  smallest (least sum, %d): %s\n", s.smallestSum, s.Smallest)
		list := slices.Clone(s.GridTexts)
		if s.Grids > len(list) {
			list = append(list, fmt.Sprintf("... and %d more", s.Grids-len(list)))
		}
		for _, t := range list {
			fmt.Fprintf(&b, "  %s\n", t)
		}
	}
	fmt.Fprintf(&b, "search: %s assigned, %s tested", words.Count(s.Nodes, "number"), words.Count(s.Leaves, "complete grid"))
	if sec := s.Elapsed.Seconds(); sec > 0 && s.RunTasks > 0 {
		fmt.Fprintf(&b, "; this run: %s, %.0f numbers/s", words.Count(s.RunTasks, "task"), float64(s.RunNodes)/sec)
	}
	fmt.Fprintf(&b, "\ntime %s\n", s.Elapsed.Round(time.Millisecond))
	n, err := w.Write(b.Bytes())
	return int64(n), err
}
