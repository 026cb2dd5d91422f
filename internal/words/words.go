// Package words writes counts in English with the noun agreeing with the
// number ("1 grid", "2 grids", "1 family", "3 analyses"), so that every
// command's text output reads the same; a "1 grids" in a summary was a
// reported defect of the command line (issue 29, item 8).
package words

import (
	"fmt"
	"math/big"
	"strings"
)

// irregular holds the plurals that the spelling rules in Plural do not
// make; the keys are the singular nouns the tool prints.
var irregular = map[string]string{
	"analysis": "analyses",
	"basis":    "bases",
	"matrix":   "matrices",
	"vertex":   "vertices",
	"index":    "indices",
	"child":    "children",
	"datum":    "data",
}

// Count is n followed by noun, in the plural unless n is 1 or -1:
// Count(1, "grid") is "1 grid", Count(0, "family") is "0 families". noun
// may be several words ("operator cell"): only the last one is made
// plural. Cost: O(len(noun)).
func Count[N ~int | ~int32 | ~int64 | ~uint | ~uint32 | ~uint64](n N, noun string) string {
	return fmt.Sprint(n) + " " + Noun(n, noun)
}

// Noun is noun as it agrees with the number n: unchanged when n is 1 or
// -1, else its plural (Plural). Use it where the number is written
// another way, e.g. with thousands separators. Cost: O(len(noun)).
func Noun[N ~int | ~int32 | ~int64 | ~uint | ~uint32 | ~uint64](n N, noun string) string {
	if n == 1 || int64(n) == -1 {
		return noun
	}
	return Plural(noun)
}

// Plural is the plural of an English noun: the last word of noun takes
// "ies" for a "y" after a consonant, "es" after s, x, z, ch and sh, and
// "s" otherwise, except for the irregular nouns the tool prints
// (analysis, basis, matrix, ...). Cost: O(len(noun)).
func Plural(noun string) string {
	head, last := "", noun
	if i := strings.LastIndexByte(noun, ' '); i >= 0 {
		head, last = noun[:i+1], noun[i+1:]
	}
	if p, ok := irregular[last]; ok {
		return head + p
	}
	switch {
	case last == "":
		return noun
	case strings.HasSuffix(last, "y") && len(last) > 1 && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		return head + last[:len(last)-1] + "ies"
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"),
		strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		return head + last + "es"
	}
	return head + last + "s"
}

// Pick is one when n is 1 or -1 and many otherwise: the verb or phrase
// that agrees with a count ("1 setting passes", "3 settings pass"). Cost:
// O(1).
func Pick[N ~int | ~int32 | ~int64 | ~uint | ~uint32 | ~uint64](n N, one, many string) string {
	if n == 1 || int64(n) == -1 {
		return one
	}
	return many
}

// CountBig is Count for a number that may pass 64 bits, such as the
// settings of a pattern: CountBig(big.NewInt(1), "setting") is
// "1 setting". A nil n is written as 0. Cost: O(digits of n).
func CountBig(n *big.Int, noun string) string {
	if n == nil {
		return Count(0, noun)
	}
	if n.IsInt64() {
		return Count(n.Int64(), noun)
	}
	return n.String() + " " + Plural(noun)
}
