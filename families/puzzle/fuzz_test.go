package puzzle

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseGrid checks that ParseGrid never panics, and that a puzzle it
// accepts has at most 10 letters and at least one line.
func FuzzParseGrid(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "puzzles", "*.grid"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("AB x 012 = C\n+ x / / -\nA x B = C\n= = = = =\nA x B = C\n")
	f.Fuzz(func(t *testing.T, text string) {
		_, p, err := ParseGrid(text, Rules{})
		if err != nil {
			return
		}
		letters := map[rune]bool{}
		for _, l := range p.Lines {
			for _, w := range l.Words {
				for _, c := range w {
					if c >= 'A' && c <= 'Z' {
						letters[c] = true
					}
				}
			}
		}
		if len(letters) > 10 || len(p.Lines) == 0 {
			t.Errorf("accepted %d letters, %d lines:\n%s", len(letters), len(p.Lines), text)
		}
	})
}
