package puzzle

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/families-project/families/families/members"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
)

// CanonicalLetters are the letters Encode gives the digits of a member in
// order of first appearance; I is left out, as in Wolf's puzzles, since
// it reads as 1.
const CanonicalLetters = "ABCDEFGHJK"

// randomLetters are the letters a seeded random encoding draws from: the
// capitals without I and O, which read as digits.
const randomLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ"

// Encode writes numbers as letter words: one letter per digit used, the
// same digit always the same letter. With rng nil the letters are
// CanonicalLetters in order of first appearance of their digits (reading
// the numbers in order, each from its first digit), as Wolf's P1 is
// encoded: 24 8 192 / 24 4 96 / 48 2 96 gives AB C DEA / AB B EF / BC A EF.
// Otherwise each digit gets a distinct letter drawn by rng. A nil number
// gives an empty word. It returns the words and the letter of each digit.
// Cost: O(digits).
func Encode(vals []*big.Int, rng *rand.Rand) (words []string, letters digits.Solution, err error) {
	var letterOf [10]rune
	var pool []rune
	if rng != nil {
		pool = []rune(randomLetters)
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	} else {
		pool = []rune(CanonicalLetters)
	}
	next := 0
	letters = digits.Solution{}
	words = make([]string, len(vals))
	for i, v := range vals {
		if v == nil {
			continue
		}
		if v.Sign() < 0 {
			return nil, nil, fmt.Errorf("puzzle: cannot encode the negative number %s", v)
		}
		var b strings.Builder
		for _, c := range v.String() {
			d := c - '0'
			if letterOf[d] == 0 {
				letterOf[d] = pool[next]
				letters[pool[next]] = int(d)
				next++
			}
			b.WriteRune(letterOf[d])
		}
		words[i] = b.String()
	}
	return words, letters, nil
}

// MaxPuzzleDigits is the most digits a number of a digit puzzle can have:
// the digit solver (families/digits) takes words of at most 18 letters, so
// that every word's value fits in an int64.
const MaxPuzzleDigits = 18

// PuzzleOptions choose how members become digit puzzles.
type PuzzleOptions struct {
	// Diagonals gives the diagonals of the grid as extra clues; without
	// it the puzzle shows the rows and columns only (short operator rows),
	// and a member's diagonals still hold but are not stated.
	Diagonals bool
	// Random draws the letters with a generator seeded by Seed instead of
	// the canonical letters in order of first appearance.
	Random bool
	Seed   uint64
	// Skipped, when not nil, is called with every member that makes no
	// puzzle because one of its numbers has more than MaxPuzzleDigits
	// digits; such members are skipped, and the search goes on.
	Skipped func(*members.Member)
}

// A Puzzle is a digit puzzle with exactly one solution.
type Puzzle struct {
	// Grid is the puzzle as a token grid with letter words.
	Grid *tokengrid.Grid
	// Letters gives the digit of every letter: the unique solution.
	Letters digits.Solution
	// Solution is the member the puzzle encodes.
	Solution *members.Member
	// Digits is the puzzle as the digit solver reads it.
	Digits *digits.Puzzle
}

// Text returns the puzzle's token grid, as `families solve` reads it.
func (p *Puzzle) Text() string {
	s, err := tokengrid.Render(p.Grid)
	if err != nil {
		return err.Error()
	}
	return s
}

// LetterMap returns the letters as strings, the form of the "letters" key.
func (p *Puzzle) LetterMap() map[string]int {
	out := make(map[string]int, len(p.Letters))
	for c, d := range p.Letters {
		out[string(c)] = d
	}
	return out
}

// MarshalJSON writes {"text": grid, "letters": {"A": 2, ...}, "solution":
// member}.
func (p *Puzzle) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Text     string          `json:"text"`
		Letters  map[string]int  `json:"letters"`
		Solution *members.Member `json:"solution"`
	}{p.Text(), p.LetterMap(), p.Solution})
}

// A puzzleMaker holds what every puzzle of one source shares: the grid as
// shown and the lines it states.
type puzzleMaker struct {
	shown *grid.Setting
	base  *tokengrid.Grid
	lines []grid.Line
	eval  digits.Eval
	rng   *rand.Rand
}

// shownSetting returns s with every operator that lies on no line of sel
// made absent, so that a grid written from it states exactly those lines.
func shownSetting(s *grid.Setting, sel grid.LineSet) (*grid.Setting, error) {
	lines, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	z := s.Size()
	used := map[grid.Pos]bool{}
	for _, l := range lines {
		for _, p := range l.Cells {
			used[p] = true
		}
	}
	var ops []grid.Op
	for R := range z.LayoutRows() {
		for C := range z.LayoutCols() {
			p := grid.Pos{R: R, C: C}
			if p.Kind() == grid.NumberCell {
				continue
			}
			if used[p] {
				ops = append(ops, s.Op(p))
			} else {
				ops = append(ops, grid.Absent)
			}
		}
	}
	return grid.NewSetting(z, ops)
}

func (src source) puzzleMaker(opt PuzzleOptions) (*puzzleMaker, error) {
	sel := src.Lines
	if !opt.Diagonals {
		sel &^= grid.Diag | grid.Short
	}
	shown, err := shownSetting(src.Setting, sel)
	if err != nil {
		return nil, err
	}
	if src.Setting.HasAbsentNumbers() {
		return nil, fmt.Errorf("puzzle: a grid with absent numbers makes no digit puzzle")
	}
	base, err := grid.Tokens(shown, nil)
	if err != nil {
		return nil, err
	}
	// The lines are those a reader of the shown grid finds (FromGrid), so
	// the uniqueness proved is that of the puzzle as printed.
	lines, err := shown.Lines(shown.DefaultLines())
	if err != nil {
		return nil, err
	}
	pm := &puzzleMaker{shown: shown, base: base, lines: lines, eval: digitsEval(src.Eval)}
	if opt.Random {
		pm.rng = rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	}
	return pm, nil
}

// make encodes member m and solves the puzzle; it returns nil when the
// puzzle has more than one solution.
func (pm *puzzleMaker) make(ctx context.Context, m *members.Member) (*Puzzle, error) {
	words, letters, err := Encode(m.Values, pm.rng)
	if err != nil {
		return nil, err
	}
	p := &digits.Puzzle{Eval: pm.eval}
	for i := range pm.lines {
		p.Lines = append(p.Lines, digitsLine(&pm.lines[i], words))
	}
	single := map[rune]bool{}
	var order []rune
	for _, w := range words {
		if len(w) == 1 {
			c := rune(w[0])
			if !single[c] {
				single[c] = true
				order = append(order, c)
			}
		}
	}
	p.Lines = append(p.Lines, nonzeroLines(order, single)...)
	res, err := p.Solve(ctx, 2)
	if err != nil {
		return nil, err
	}
	if res.Status != digits.Unique {
		return nil, nil
	}
	if !maps.Equal(res.Solutions[0], letters) {
		// The member breaks a line that the shown grid states but the
		// system does not (a custom line selection): no puzzle of it.
		return nil, nil
	}
	g := &tokengrid.Grid{Rows: pm.base.Rows, Cols: pm.base.Cols, Cells: make([][]tokengrid.Token, len(pm.base.Cells))}
	for R := range g.Cells {
		g.Cells[R] = slices.Clone(pm.base.Cells[R])
	}
	for i, w := range words {
		if w == "" {
			continue
		}
		pos := m.Size.NumberPos(i)
		g.Cells[pos.R][pos.C], _ = tokengrid.WordToken(w)
	}
	return &Puzzle{Grid: g, Letters: letters, Solution: m, Digits: p}, nil
}

// EachPuzzle calls yield with the digit puzzles of the members (in the
// order of EachMember, filtered by f) that have exactly one solution,
// until yield returns false or the members run out. A member with a
// number of more than MaxPuzzleDigits digits makes no puzzle and is
// skipped (see PuzzleOptions.Skipped). With f.AllOps the lines shown must
// use all four operators. Cost: per member, one search of the digit
// solver with a limit of 2.
func EachPuzzle(ctx context.Context, src *members.Source, f members.Filter, opt PuzzleOptions, yield func(*Puzzle) bool) error {
	pm, err := source{src}.puzzleMaker(opt)
	if err != nil {
		return err
	}
	if f.AllOps && !grid.UsesAllOps(pm.lines) {
		return nil
	}
	var perr error
	err = src.EachMember(ctx, f, func(m *members.Member) bool {
		if tooLong(m) {
			if opt.Skipped != nil {
				opt.Skipped(m)
			}
			return true
		}
		var p *Puzzle
		if p, perr = pm.make(ctx, m); perr != nil {
			return false
		}
		return p == nil || yield(p)
	})
	if perr != nil {
		return perr
	}
	return err
}

// Puzzles returns the first n unique puzzles of EachPuzzle (n <= 0: all
// within the budget).
func Puzzles(ctx context.Context, src *members.Source, f members.Filter, opt PuzzleOptions, n int) ([]*Puzzle, error) {
	var out []*Puzzle
	err := EachPuzzle(ctx, src, f, opt, func(p *Puzzle) bool {
		out = append(out, p)
		return n <= 0 || len(out) < n
	})
	return out, err
}

// puzzleLimit is 10^MaxPuzzleDigits, the least number with too many digits.
var puzzleLimit = new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxPuzzleDigits), nil)

// tooLong reports whether a number of m has more than MaxPuzzleDigits
// digits.
func tooLong(m *members.Member) bool {
	for _, v := range m.Values {
		if v != nil && v.CmpAbs(puzzleLimit) >= 0 {
			return true
		}
	}
	return false
}
