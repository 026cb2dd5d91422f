package puzzle

import (
	"slices"
	"testing"
)

// TestNoteGroups: the note under a sheet's answer key is set in groups a
// printed line does not break, each flag with its value, so that the
// command read back from the paper or the PDF is whole (issue 29, item 9).
func TestNoteGroups(t *testing.T) {
	for _, tc := range []struct {
		note string
		want []string
	}{
		{"", nil},
		{"one-parameter family", []string{"one-parameter family"}},
		{"Made by: families --ops 'x=|+x//-|x=|=====|x=' --size 3x3 --puzzles 3 --diagonals --format html",
			[]string{"Made by: families --ops 'x=|+x//-|x=|=====|x='", "--size 3x3", "--puzzles 3", "--diagonals", "--format html"}},
		{"--a 1 --b", []string{"--a 1", "--b"}},
	} {
		if got := noteGroups(tc.note); !slices.Equal(got, tc.want) {
			t.Errorf("noteGroups(%q) = %q, want %q", tc.note, got, tc.want)
		}
	}
}
