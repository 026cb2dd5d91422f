package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// packagePrefixes are the prefixes the library packages put on their
// errors ("grid: ", "census: "). The command line already names the
// command ("families census: "), so the message drops them where they lead
// (tidyMessage): "families census: census: ..." said the same word twice.
var packagePrefixes = []string{"census", "check", "count", "decompose", "digits", "export", "factor", "families",
	"grid", "groebner", "members", "merge", "poly", "puzzle", "solve", "sweep", "tokengrid"}

// tidyMessage returns an error message for the line "families NAME: ...":
// without the leading package prefixes, and with grid's "ops: " said as
// the flag it is about ("--ops: "). Only leading prefixes go: a prefix
// inside the message belongs to a quoted input or a cause.
func tidyMessage(name, msg string) string {
	for again := true; again; {
		again = false
		for _, p := range packagePrefixes {
			if rest, ok := strings.CutPrefix(msg, p+": "); ok && rest != "" {
				msg, again = rest, true
			}
		}
	}
	if rest, ok := strings.CutPrefix(msg, "ops: "); ok {
		msg = "--ops: " + rest
	}
	return msg
}

// commandSlice lists the command names, sorted.
func commandSlice() []string { return strings.Split(commandNames(), ", ") }

// flagHint adds "did you mean --members?" to pflag's error for an unknown
// flag that is close to one of fs's flags.
func flagHint(fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	const unknown = "unknown flag: --"
	i := strings.Index(msg, unknown)
	if i < 0 {
		return err
	}
	name := strings.TrimSpace(msg[i+len(unknown):])
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	if near := nearest(name, names); near != "" {
		return fmt.Errorf("%w: did you mean --%s?", err, near)
	}
	return err
}

// nearest returns the candidate closest to word by edit distance when it
// is close enough to be a likely misspelling (at most a third of the
// word's letters, and at least one, differ), "" otherwise; ties go to the
// first in sorted order, so the hint is the same on every run. Cost:
// O(len(word) * total length of the candidates).
func nearest(word string, candidates []string) string {
	best, bestD := "", -1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		d := editDistance(word, c)
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	limit := max(1, len([]rune(word))/3)
	if bestD < 0 || bestD > limit || bestD == 0 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, by runes, with a
// transposition of neighbours counting one (Damerau's restricted form:
// "memebrs" is one step from "members").
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// renamed maps an old flag spelling to its new name, per flag set: the old
// one still works, hidden from --help, and says once that it was renamed.
var renamed = map[*pflag.FlagSet]map[string]string{}

// renameFlag makes old a hidden alias of the flag newName of fs (defined
// before), sharing its value, for the spellings that said the wrong thing
// (solve's --max, export's --out).
func renameFlag(fs *pflag.FlagSet, old, newName string) {
	f := fs.Lookup(newName)
	fs.Var(f.Value, old, "renamed --"+newName)
	_ = fs.MarkHidden(old)
	if renamed[fs] == nil {
		renamed[fs] = map[string]string{}
	}
	renamed[fs][old] = newName
}

// warnRenamed writes one line on stderr for each old spelling used.
func warnRenamed(fs *pflag.FlagSet, stderr io.Writer, prefix string) {
	var olds []string
	for old := range renamed[fs] {
		if fs.Changed(old) {
			olds = append(olds, old)
		}
	}
	sort.Strings(olds)
	for _, old := range olds {
		fmt.Fprintf(stderr, "%s: --%s is now --%s (the old name still works for a while)\n", prefix, old, renamed[fs][old])
	}
}
