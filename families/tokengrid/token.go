// Package tokengrid reads and writes the token-grid text format of solved
// calcrostics and digit puzzles: one layout row per line, tokens separated by
// white space.
//
// An m x n grid of numbers sits in a (2m-1) x (2n-1) layout. Even lines hold
// numbers and the horizontal operators between them; odd lines hold the
// operators between two number rows, either all 2n-1 of them (vertical,
// diagonal, vertical, ...) or only the n vertical ones, in which case the
// diagonal operator cells are absent and the diagonals are no conditions.
// Number tokens are integers (42, -7), words of letters and digits (AB, A5)
// or ?; operator tokens are + - x * × / : ÷ = (and the typographic minus −).
// The token _ marks an absent cell, a number or an operator that is not
// there; a line of the grid stops at it. The Migros cross-math's puzzle with its results
// in a fourth row and column is
//
//	9   -  6  x  1   =  3
//	-      +     x      _
//	3   +  2  x  4   =  20
//	+      /     x      _
//	7   +  8  +  5   =  20
//	=      =     =      _
//	13  _  1  _  20  _  _
//
// Parse builds a Grid, a plain structural model; Render writes one back,
// aligned in columns, so that Parse(Render(g)) equals g. Operators are kept
// in canonical spelling (+ - x / =) and integers in canonical decimal form,
// so Render(Parse(s)) is a normal form of s, not s itself.
package tokengrid

import (
	"math/big"
	"strconv"
	"unicode/utf8"
)

// Kind classifies a token.
type Kind uint8

// The kinds of token. Absent may stand in any cell; Int, Word and Unknown
// only in number cells; Op only in operator cells.
const (
	Absent  Kind = iota // _: no number or no operator in this cell
	Int                 // an integer, such as 192 or -7
	Word                // a word of letters and digits with at least one letter, such as AB
	Unknown             // ?: a number to be found
	Op                  // an operator: + - x / =
)

var kindNames = [...]string{"absent", "integer", "word", "unknown", "operator"}

// String returns the name of k.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Token is one cell of the layout. Text is the canonical spelling: "_",
// "?", the decimal integer without leading zeros, the word as written, or one
// of the operators "+", "-", "x", "/", "=". Tokens are comparable with ==.
type Token struct {
	Kind Kind
	Text string
}

// The tokens without payload, for building grids.
var (
	AbsentToken  = Token{Absent, "_"}
	UnknownToken = Token{Unknown, "?"}
)

// IntToken returns the token of the integer v. It costs O(digits of v).
func IntToken(v *big.Int) Token { return Token{Int, v.String()} }

// OpToken returns the operator token spelled s (any spelling Parse accepts),
// or false when s is no operator. It costs O(1).
func OpToken(s string) (Token, bool) {
	c, ok := canonicalOp(s)
	if !ok {
		return Token{}, false
	}
	return Token{Op, c}, true
}

// WordToken returns the token of the word w, or false when w is not a word
// (letters and digits, at least one letter). It costs O(len(w)).
func WordToken(w string) (Token, bool) {
	if !isWord(w) {
		return Token{}, false
	}
	return Token{Word, w}, true
}

// Int returns the integer of an Int token, or nil for any other kind. It
// costs O(digits).
func (t Token) Int() *big.Int {
	if t.Kind != Int {
		return nil
	}
	v, ok := new(big.Int).SetString(t.Text, 10)
	if !ok {
		return nil
	}
	return v
}

// String returns the canonical spelling of t.
func (t Token) String() string { return t.Text }

// canonicalOp maps every accepted spelling of an operator to its canonical
// one. The typographic minus is accepted because the published puzzles use it.
// It is the one table of operator spellings: grid.ParseOp (the --ops
// grammar) reads + - x / = through OpToken, and grid.Op.String gives the
// same canonical characters.
func canonicalOp(s string) (string, bool) {
	switch s {
	case "+":
		return "+", true
	case "-", "−":
		return "-", true
	case "x", "*", "×":
		return "x", true
	case "/", ":", "÷":
		return "/", true
	case "=":
		return "=", true
	}
	return "", false
}

// numberToken classifies a token in a number cell.
func numberToken(s string) (Token, bool) {
	switch s {
	case "_":
		return AbsentToken, true
	case "?":
		return UnknownToken, true
	}
	if isInt(s) {
		v, _ := new(big.Int).SetString(s, 10)
		return IntToken(v), true
	}
	return WordToken(s)
}

// operatorToken classifies a token in an operator cell.
func operatorToken(s string) (Token, bool) {
	if s == "_" {
		return AbsentToken, true
	}
	return OpToken(s)
}

// isInt accepts an optional minus sign and one or more ASCII digits. A plus
// sign is refused so that a stray operator in a number cell is reported.
func isInt(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isWord(s string) bool {
	letter := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letter
}

// valid reports whether t is a well-formed token of its kind, as Parse would
// produce it; Render relies on it to keep the round trip exact.
func (t Token) valid(number bool) bool {
	var u Token
	var ok bool
	if number {
		u, ok = numberToken(t.Text)
	} else {
		u, ok = operatorToken(t.Text)
	}
	return ok && u == t
}

func width(s string) int { return utf8.RuneCountInString(s) }
