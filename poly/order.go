package poly

import (
	"fmt"
	"strconv"
	"strings"
)

type orderKind uint8

const (
	lexKind orderKind = iota
	grlexKind
	grevlexKind
	weightedKind
	blockKind
	weightedLexKind
)

// An Order is a monomial order: a total order on monomials compatible with
// multiplication. The zero value is Lex. Orders are small values; copy them
// freely.
type Order struct {
	kind    orderKind
	split   int     // blockKind: number of variables in the first block
	weights []int64 // weighted kinds: one positive weight per variable
}

// The standard orders. Lex compares exponents from the first variable on;
// Grlex compares total degree first, then lexicographically; Grevlex compares
// total degree first, then prefers the smaller exponent of the last variable
// (Singular's dp). Grevlex is the fast order for Gröbner bases.
var (
	Lex     = Order{kind: lexKind}
	Grlex   = Order{kind: grlexKind}
	Grevlex = Order{kind: grevlexKind}
)

// Block returns the elimination order that compares the first k variables by
// Grevlex and breaks ties by Grevlex on the remaining ones (Singular's
// (dp(k),dp(n-k))). A Gröbner basis in this order contains a basis of the
// ideal intersected with the ring of the last n-k variables.
func Block(k int) Order { return Order{kind: blockKind, split: k} }

// MaxWeight is the largest weight of a weighted order: with exponents below
// 2^16 and at most 2^12 variables, the weighted degree then stays below
// 2^58, so comparing it cannot overflow.
const MaxWeight = 1 << 30

// Weighted returns the order that compares the weighted degree sum w[i]*e[i]
// first and breaks ties by Grevlex (Singular's wp). Weights must be from 1
// to MaxWeight and there must be one per variable of the ring it is used in.
func Weighted(w ...int64) Order {
	return Order{kind: weightedKind, weights: append([]int64(nil), w...)}
}

// WeightedLex returns the order that compares the weighted degree sum
// w[i]*e[i] first and breaks ties lexicographically (Singular's Wp), with
// the weights of Weighted. With weight 2 on every variable but a last one
// of weight 1 it is the order in which homogeneous polynomials in that
// last variable h compare like Grlex after setting h = 1: among monomials
// of one degree, the smaller power of h first, then the first variables'
// exponents.
func WeightedLex(w ...int64) Order {
	return Order{kind: weightedLexKind, weights: append([]int64(nil), w...)}
}

// ParseOrder returns the order named by s: lex, grlex, grevlex (also
// Singular's lp, Dp, dp), block:K, weighted:W1,W2,... or
// weightedlex:W1,W2,...
func ParseOrder(s string) (Order, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "lex", "lp":
		return Lex, nil
	case "grlex", "deglex", "dp_lex":
		return Grlex, nil
	case "grevlex", "degrevlex", "dp":
		return Grevlex, nil
	}
	if k, ok := strings.CutPrefix(s, "block:"); ok {
		n, err := strconv.Atoi(k)
		if err != nil || n < 0 {
			return Order{}, fmt.Errorf("poly: bad block order %q: want block:K with K >= 0", s)
		}
		return Block(n), nil
	}
	ws, ok := strings.CutPrefix(s, "weighted:")
	lexTies := false
	if !ok {
		ws, ok = strings.CutPrefix(s, "weightedlex:")
		lexTies = true
	}
	if ok {
		var w []int64
		for _, f := range strings.Split(ws, ",") {
			v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil || v <= 0 {
				return Order{}, fmt.Errorf("poly: bad weight %q in %q: weights are positive integers", f, s)
			}
			w = append(w, v)
		}
		if lexTies {
			return WeightedLex(w...), nil
		}
		return Weighted(w...), nil
	}
	return Order{}, fmt.Errorf("poly: unknown monomial order %q (want lex, grlex, grevlex, block:K, weighted:W1,... or weightedlex:W1,...)", s)
}

// String returns the name of o in the syntax ParseOrder accepts.
func (o Order) String() string {
	switch o.kind {
	case grlexKind:
		return "grlex"
	case grevlexKind:
		return "grevlex"
	case blockKind:
		return "block:" + strconv.Itoa(o.split)
	case weightedKind, weightedLexKind:
		parts := make([]string, len(o.weights))
		for i, w := range o.weights {
			parts[i] = strconv.FormatInt(w, 10)
		}
		if o.kind == weightedLexKind {
			return "weightedlex:" + strings.Join(parts, ",")
		}
		return "weighted:" + strings.Join(parts, ",")
	}
	return "lex"
}

// BlockSplit returns k and true when o is Block(k), and 0 and false
// otherwise: engines that specialize their comparison per order need the
// split, which String also gives but only as text.
func (o Order) BlockSplit() (int, bool) { return o.split, o.kind == blockKind }

// IsGraded reports whether o compares (possibly weighted) degree first.
func (o Order) IsGraded() bool { return o.kind != lexKind && !(o.kind == blockKind) }

// Equal reports whether o and p are the same order.
func (o Order) Equal(p Order) bool {
	if o.kind != p.kind || o.split != p.split || len(o.weights) != len(p.weights) {
		return false
	}
	for i := range o.weights {
		if o.weights[i] != p.weights[i] {
			return false
		}
	}
	return true
}

func (o Order) check(nvars int) error {
	switch o.kind {
	case blockKind:
		if o.split < 0 || o.split > nvars {
			return fmt.Errorf("poly: block order splits at %d but the ring has %d variables", o.split, nvars)
		}
	case weightedKind, weightedLexKind:
		if len(o.weights) != nvars {
			return fmt.Errorf("poly: weighted order has %d weights but the ring has %d variables", len(o.weights), nvars)
		}
		for _, w := range o.weights {
			if w <= 0 || w > MaxWeight {
				return fmt.Errorf("poly: weighted order needs weights from 1 to %d, got %d", MaxWeight, w)
			}
		}
	}
	return nil
}

// cmp compares two packed monomials (see Monomial) and returns -1, 0 or +1.
// It allocates nothing.
func (o Order) cmp(a, b Monomial) int {
	switch o.kind {
	case grevlexKind:
		if a[0] != b[0] {
			return cmpU(a[0], b[0])
		}
		return revTail(a, b, 1)
	case lexKind:
		for i := 1; i < len(a); i++ {
			if a[i] != b[i] {
				return cmpU(a[i], b[i])
			}
		}
		return 0
	case grlexKind:
		if a[0] != b[0] {
			return cmpU(a[0], b[0])
		}
		for i := 1; i < len(a); i++ {
			if a[i] != b[i] {
				return cmpU(a[i], b[i])
			}
		}
		return 0
	case weightedKind, weightedLexKind:
		var wa, wb int64
		for i, w := range o.weights {
			wa += w * int64(a[i+1])
			wb += w * int64(b[i+1])
		}
		if wa != wb {
			if wa > wb {
				return 1
			}
			return -1
		}
		if o.kind == weightedLexKind {
			for i := 1; i < len(a); i++ {
				if a[i] != b[i] {
					return cmpU(a[i], b[i])
				}
			}
			return 0
		}
		if a[0] != b[0] {
			return cmpU(a[0], b[0])
		}
		return revTail(a, b, 1)
	case blockKind:
		return BlockCmp(a, b, o.split)
	}
	panic("poly: unknown order")
}

// revTail finishes a grevlex comparison: the monomial with the smaller
// exponent in the last differing variable is the larger one.
func revTail(a, b Monomial, lo int) int {
	for i := len(a) - 1; i >= lo; i-- {
		if a[i] != b[i] {
			return cmpU(b[i], a[i])
		}
	}
	return 0
}

// BlockCmp compares packed monomials a and b (see Monomial) in Block(k):
// -1, 0 or +1. It is Order.cmp's code for block orders, exported for
// engines that dispatch on the order once rather than per comparison.
// Cost: k additions and one scan from the last variable down, usually
// short: the second block's degree is the total degree minus the first's,
// so it is not summed.
func BlockCmp(a, b []uint16, k int) int {
	b = b[:len(a)]
	var da, db int
	for i := 1; i <= k; i++ {
		da += int(a[i])
		db += int(b[i])
	}
	if da != db {
		if da > db {
			return 1
		}
		return -1
	}
	// Equal degrees in the first block: grevlex's reverse scan there, then
	// the second block's degree (the total's, now), then its reverse scan.
	for i := k; i >= 1; i-- {
		if a[i] != b[i] {
			return cmpU(b[i], a[i])
		}
	}
	if a[0] != b[0] {
		return cmpU(a[0], b[0])
	}
	for i := len(a) - 1; i > k; i-- {
		if a[i] != b[i] {
			return cmpU(b[i], a[i])
		}
	}
	return 0
}

func cmpU(a, b uint16) int {
	if a > b {
		return 1
	}
	return -1
}
