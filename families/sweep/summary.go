package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"slices"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/words"
)

// view is the part of a record that summaries, resumption and merging
// read; everything else is carried as written.
type view struct {
	Ops       string `json:"ops"`
	Size      string `json:"size"`
	Lines     string `json:"lines"`
	Eval      string `json:"eval"`
	Class     string `json:"class"`
	Dimension *int   `json:"dimension"`
	Families  []struct {
		Kind string `json:"kind"`
	} `json:"families"`
	// Only the class of a solution is read; its values stay undecoded.
	Solutions []struct {
		Class string `json:"class"`
	} `json:"solutions"`
	Members        []map[string]*big.Int `json:"members"`
	Representative string                `json:"representative"`
	Equivalent     []string              `json:"equivalent"`
	Index          *big.Int              `json:"index"`
	Sweep          *SweepInfo            `json:"sweep"`
	Shard          *ShardInfo            `json:"shard"`
	Digest         *string               `json:"digest"` // see digest.go
}

func parseRecord(line []byte) (*view, error) {
	v := new(view)
	if err := json.Unmarshal(line, v); err != nil {
		return nil, fmt.Errorf("sweep: bad record: %w", err)
	}
	if v.Index == nil || v.Ops == "" {
		return nil, fmt.Errorf("sweep: record without ops or index: %.60s", line)
	}
	return v, nil
}

// A Summary counts the records of a sweep: settings by class, dimension
// and kind of solution, the systems actually solved, and the settings with
// positive-integer members with the distinct grids among those members (up
// to the symmetries of the grid, by grid.StandardForm). A run and a merge
// of its shards give equal summaries, since both read the written records
// in index order.
type Summary struct {
	Records  int // lines written
	Settings int // settings they stand for (with OncePerOrbit, orbits count all members)
	Solved   int // records whose system was solved for them, not renamed from another
	ByClass  map[string]int
	ByDim    map[string]map[int]int // class, dimension
	// Kinds counts families by kind and solutions (points) by class.
	FamilyKinds, SolutionKinds map[string]int
	// WithMembers lists the settings with members, in index order, each
	// with its first member.
	WithMembers []MemberSetting
	// Grids holds the standard forms (grid.StandardForm: setting and
	// numbers) of all listed members; NumberGrids their numbers alone, up
	// to the symmetries of the grid (the same numbers can solve several
	// settings).
	Grids, NumberGrids map[string]bool
	// Timeouts lists the settings whose system hit the time limit.
	Timeouts []string
	// Unsigned counts the records of a sharded run that a merge took
	// without a digest (see digest.go), FirstUnsigned says where the
	// first was; a run and a merge of signed shards leave them zero.
	Unsigned      int
	FirstUnsigned string
}

// A MemberSetting is a setting with positive-integer members.
type MemberSetting struct {
	Ops, First string
	Members    int
}

// NewSummary returns an empty summary.
func NewSummary() *Summary {
	return &Summary{ByClass: map[string]int{}, ByDim: map[string]map[int]int{},
		FamilyKinds: map[string]int{}, SolutionKinds: map[string]int{}, Grids: map[string]bool{}, NumberGrids: map[string]bool{}}
}

// Add counts one record (a JSON line). Cost: a JSON decode, and a standard
// form (up to 8 symmetry transforms) per member.
func (s *Summary) Add(line []byte) error {
	v, err := parseRecord(line)
	if err != nil {
		return err
	}
	s.Records++
	s.Settings += 1 + len(v.Equivalent)
	if v.Representative == "" {
		s.Solved++
	}
	s.ByClass[v.Class]++
	if v.Dimension != nil {
		if s.ByDim[v.Class] == nil {
			s.ByDim[v.Class] = map[int]int{}
		}
		s.ByDim[v.Class][*v.Dimension]++
	}
	for _, f := range v.Families {
		s.FamilyKinds[f.Kind]++
	}
	for _, p := range v.Solutions {
		if p.Class != "" {
			s.SolutionKinds[p.Class]++
		}
	}
	if v.Class == families.ClassTimeout {
		s.Timeouts = append(s.Timeouts, v.Ops)
	}
	if len(v.Members) == 0 {
		return nil
	}
	z, err := grid.ParseSize(v.Size)
	if err != nil {
		return err
	}
	texts := make([]string, len(v.Members))
	for k, m := range v.Members {
		vals := make([]*big.Rat, z.Numbers())
		for i, name := range z.Names() {
			if m[name] == nil {
				return fmt.Errorf("sweep: record %s: member without %s", v.Ops, name)
			}
			vals[i] = new(big.Rat).SetInt(m[name])
		}
		texts[k] = z.FormatNumbers(vals)
		s.NumberGrids[numbersKey(z, vals)] = true
		if key, err := standardKey(v, z, vals); err == nil {
			s.Grids[key] = true
		} else {
			s.Grids[v.Ops+" "+texts[k]] = true // no standard form: count it as it is
		}
	}
	s.WithMembers = append(s.WithMembers, MemberSetting{Ops: v.Ops, First: texts[0], Members: len(v.Members)})
	return nil
}

// numbersKey returns the least text of the numbers under the symmetries
// that keep the grid's shape.
func numbersKey(z grid.Size, vals []*big.Rat) string {
	best := ""
	for _, g := range grid.Symmetries(z) {
		img := make([]*big.Rat, len(vals))
		for i, v := range vals {
			img[g.MapNumber(z, i)] = v
		}
		if t := z.FormatNumbers(img); best == "" || t < best {
			best = t
		}
	}
	return best
}

func standardKey(v *view, z grid.Size, vals []*big.Rat) (string, error) {
	s, err := grid.ParseOps(v.Ops, z)
	if err != nil {
		return "", err
	}
	sel, err := grid.ParseLineSet(v.Lines)
	if err != nil {
		return "", err
	}
	ev, err := grid.ParseEval(v.Eval)
	if err != nil {
		return "", err
	}
	im, err := s.StandardForm(vals, sel, ev)
	if err != nil {
		return "", err
	}
	return im.Setting.String() + " " + im.Setting.Size().FormatNumbers(im.Values), nil
}

// classOrder lists the classes in the order the table shows them.
var classOrder = []string{families.ClassInconsistent, families.ClassFinite, families.ClassPositiveDim, families.ClassTimeout, families.ClassError}

// WriteTo writes the summary as a table for people.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "sweep: %s", words.Count(s.Settings, "setting"))
	if s.Records != s.Settings {
		fmt.Fprintf(&b, " in %s (one per orbit)", words.Count(s.Records, "record"))
	}
	fmt.Fprintf(&b, ", %s solved, the others renamed from an equivalent setting\n", words.Count(s.Solved, "system"))
	fmt.Fprintf(&b, "  %-22s %9s %9s\n", "class", "dimension", "records")
	classes := slices.Clone(classOrder)
	for c := range s.ByClass {
		if !slices.Contains(classes, c) {
			classes = append(classes, c)
		}
	}
	for _, c := range classes {
		fmt.Fprintf(&b, "  %-22s %9s %9d\n", c, "", s.ByClass[c])
		if c == families.ClassPositiveDim || c == families.ClassFinite {
			for _, d := range slices.Sorted(maps.Keys(s.ByDim[c])) {
				fmt.Fprintf(&b, "  %-22s %9d %9d\n", "", d, s.ByDim[c][d])
			}
		}
	}
	kinds := func(title string, m map[string]int) {
		if len(m) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s:", title)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(&b, " %s %d", k, m[k])
		}
		fmt.Fprintln(&b)
	}
	kinds("families by kind", s.FamilyKinds)
	kinds("solutions of finite systems by kind", s.SolutionKinds)
	if len(s.Timeouts) > 0 {
		fmt.Fprintf(&b, "timeouts (%d):", len(s.Timeouts))
		for i, t := range s.Timeouts {
			if i == 10 {
				fmt.Fprint(&b, " ...")
				break
			}
			fmt.Fprintf(&b, " %s", t)
		}
		fmt.Fprintln(&b)
	}
	fmt.Fprintf(&b, "settings with positive-integer members: %d; among their members %s of numbers and %s (setting and numbers), up to the symmetries of the grid\n",
		len(s.WithMembers), words.Count(len(s.NumberGrids), "distinct grid"), words.Count(len(s.Grids), "distinct calcrostic"))
	for i, m := range s.WithMembers {
		if i == 20 {
			fmt.Fprintf(&b, "  ... and %d more\n", len(s.WithMembers)-20)
			break
		}
		fmt.Fprintf(&b, "  %s  %s", m.Ops, m.First)
		if m.Members > 1 {
			fmt.Fprintf(&b, "  (+%d more)", m.Members-1)
		}
		fmt.Fprintln(&b)
	}
	n, err := w.Write(b.Bytes())
	return int64(n), err
}
