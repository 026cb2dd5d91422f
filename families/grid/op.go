package grid

import "github.com/families-project/families/families/tokengrid"

// An Op is the content of an operator cell.
type Op uint8

// The operators. Absent and Any are not arithmetic: Absent is a cell without
// operator, which ends every line through it; Any is the wildcard of a
// pattern and stands for each of Add, Sub, Mul and Div.
const (
	Absent Op = iota // _
	Add              // +
	Sub              // -
	Mul              // x
	Div              // /
	Eq               // =
	Any              // .
)

// arith lists the four arithmetic operators in the order in which a wildcard
// takes them.
var arith = [4]Op{Add, Sub, Mul, Div}

const opChars = "_+-x/=."

// String returns the canonical character of o: _ + - x / = or .
func (o Op) String() string {
	if int(o) < len(opChars) {
		return opChars[o : o+1]
	}
	return "?"
}

// symbol returns o as it is written in an equation, where x would be taken
// for a number's name.
func (o Op) symbol() string {
	if o == Mul {
		return "*"
	}
	return o.String()
}

// ParseOp reads one operator character of the --ops grammar: the
// operators + - x / = in every spelling of the token-grid format
// (tokengrid.OpToken: * × for x, : ÷ for /, the typographic minus −),
// and the pattern's . and the absent _. The aliases are defined once, in
// tokengrid, which this package reads token grids with; Op.String gives
// the canonical character. It costs O(1).
func ParseOp(r rune) (Op, bool) {
	switch r {
	case '_':
		return Absent, true
	case '.':
		return Any, true
	}
	t, ok := tokengrid.OpToken(string(r))
	if !ok {
		return 0, false
	}
	for o := Add; o <= Eq; o++ {
		if o.String() == t.Text {
			return o, true
		}
	}
	return 0, false
}

// multiplicative reports whether o binds tighter than + and - under
// precedence.
func (o Op) multiplicative() bool { return o == Mul || o == Div }
