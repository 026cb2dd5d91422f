#!/usr/bin/env python3
"""Generate the polynomial systems in testdata/systems/*.sys.

Rerun from the repository root:

    python3 scripts/golden/gen_systems.py

Plain python3, standard library only, deterministic (fixed seeds).  After
changing anything here, regenerate the Singular golden data with
`bash scripts/golden/singular_golden.sh`.

File format (see scripts/golden/README.md): first line `vars: x y z`, then one
polynomial per line written like Singular with short=0
(`3/2*x^2*y - z + 1`), `#` starts a comment.

Systems written:
  cyclic4..6        standard cyclic-n, variables x0..x(n-1)
  katsura4..6       standard katsura-n, variables u0..un
  reimer5           reimer-5, variables x1..x5
  katsura6h         katsura-6 homogenized by h (variables u0..u6 h): a homogeneous
                    system, which groebner.Basis proves through the multi-modular
                    route
  grid44_1..3       three 4x4 grids of the pattern ..=|.......|..=|.......|..=|=======|..=
                    (numbers a b c d / f g h k / m n p q / r s t u), equations as
                    `families --size 4x4 --ops OPS --format json` writes them (rows,
                    columns, both diagonals; denominators cleared)
  grid_*            the four 3x3 operator grids (cells a b c / d f g / h k m)
  random_NN         seeded random dense systems in 2..4 variables
"""

import os
import random
import sys
from fractions import Fraction

# ---------------------------------------------------------------------------
# Minimal sparse multivariate polynomials over Q.
# A Poly is bound to a tuple of variable names; terms map exponent tuples to
# nonzero Fractions.


class Poly:
    __slots__ = ("vars", "terms")

    def __init__(self, vars_, terms=None):
        self.vars = tuple(vars_)
        self.terms = {}
        if terms:
            for e, c in terms.items():
                c = Fraction(c)
                if c != 0:
                    self.terms[tuple(e)] = c

    @classmethod
    def const(cls, vars_, c):
        return cls(vars_, {(0,) * len(vars_): c})

    @classmethod
    def var(cls, vars_, name):
        e = [0] * len(vars_)
        e[vars_.index(name)] = 1
        return cls(vars_, {tuple(e): 1})

    @classmethod
    def monomial(cls, vars_, exp, c=1):
        return cls(vars_, {tuple(exp): c})

    def _coerce(self, o):
        if isinstance(o, Poly):
            assert o.vars == self.vars
            return o
        return Poly.const(self.vars, o)

    def __add__(self, o):
        o = self._coerce(o)
        t = dict(self.terms)
        for e, c in o.terms.items():
            t[e] = t.get(e, 0) + c
        return Poly(self.vars, t)

    __radd__ = __add__

    def __neg__(self):
        return Poly(self.vars, {e: -c for e, c in self.terms.items()})

    def __sub__(self, o):
        return self + (-self._coerce(o))

    def __rsub__(self, o):
        return self._coerce(o) - self

    def __mul__(self, o):
        o = self._coerce(o)
        t = {}
        for e1, c1 in self.terms.items():
            for e2, c2 in o.terms.items():
                e = tuple(a + b for a, b in zip(e1, e2))
                t[e] = t.get(e, 0) + c1 * c2
        return Poly(self.vars, t)

    __rmul__ = __mul__

    def __pow__(self, n):
        r = Poly.const(self.vars, 1)
        for _ in range(n):
            r = r * self
        return r

    def __eq__(self, o):
        return isinstance(o, Poly) and self.vars == o.vars and self.terms == o.terms

    def __hash__(self):
        return hash((self.vars, frozenset(self.terms.items())))

    def is_zero(self):
        return not self.terms

    def degree(self):
        return max((sum(e) for e in self.terms), default=-1)

    def evaluate(self, point):
        """point: dict name -> number; exact Fraction arithmetic."""
        total = Fraction(0)
        for e, c in self.terms.items():
            t = Fraction(c)
            for name, k in zip(self.vars, e):
                if k:
                    t *= Fraction(point[name]) ** k
            total += t
        return total

    def sorted_terms(self):
        # graded reverse lexicographic, decreasing (display order only)
        def key(item):
            e = item[0]
            return (sum(e), tuple(-x for x in reversed(e)))

        return sorted(self.terms.items(), key=key, reverse=True)

    def __str__(self):
        if not self.terms:
            return "0"
        out = []
        for i, (e, c) in enumerate(self.sorted_terms()):
            mono = "*".join(
                (n if k == 1 else "%s^%d" % (n, k))
                for n, k in zip(self.vars, e)
                if k
            )
            neg = c < 0
            a = -c if neg else c
            if mono:
                body = mono if a == 1 else "%s*%s" % (fmt_q(a), mono)
            else:
                body = fmt_q(a)
            if i == 0:
                out.append(("-" if neg else "") + body)
            else:
                out.append(("- " if neg else "+ ") + body)
        return " ".join(out)


def fmt_q(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else "%d/%d" % (q.numerator, q.denominator)


def content_normalize(p):
    """Scale p to coprime integer coefficients (sign kept)."""
    from math import gcd

    den = 1
    for c in p.terms.values():
        den = den * c.denominator // gcd(den, c.denominator)
    num = 0
    for c in p.terms.values():
        num = gcd(num, abs(int(c * den)))
    return p * Fraction(den, num)


# ---------------------------------------------------------------------------
# A tiny parser for the .sys syntax (used to round-trip-check our output).


def tokenize(s):
    toks = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            toks.append(("num", int(s[i:j])))
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < len(s) and (s[j].isalnum() or s[j] == "_"):
                j += 1
            toks.append(("id", s[i:j]))
            i = j
        elif ch in "+-*/^()=":
            toks.append(("op", ch))
            i += 1
        else:
            raise ValueError("bad character %r in %r" % (ch, s))
    return toks


def parse_poly(s, vars_):
    """Parse a polynomial over Q; '/' only by constants."""
    toks = tokenize(s)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else (None, None)

    def take():
        t = peek()
        pos[0] += 1
        return t

    def expr():
        sign = 1
        if peek() == ("op", "-"):
            take()
            sign = -1
        elif peek() == ("op", "+"):
            take()
        r = term() * sign
        while peek() in (("op", "+"), ("op", "-")):
            op = take()[1]
            t = term()
            r = r + t if op == "+" else r - t
        return r

    def term():
        r = power()
        while peek() in (("op", "*"), ("op", "/")):
            op = take()[1]
            f = power()
            if op == "*":
                r = r * f
            else:
                assert len(f.terms) == 1 and list(f.terms)[0] == (0,) * len(vars_), "division by non-constant"
                r = r * (1 / list(f.terms.values())[0])
        return r

    def power():
        b = atom()
        if peek() == ("op", "^"):
            take()
            k = take()
            assert k[0] == "num"
            b = b ** k[1]
        return b

    def atom():
        k, v = take()
        if k == "num":
            return Poly.const(vars_, v)
        if k == "id":
            if v not in vars_:
                raise ValueError("unknown variable %s" % v)
            return Poly.var(vars_, v)
        if (k, v) == ("op", "("):
            r = expr()
            assert take() == ("op", ")")
            return r
        raise ValueError("unexpected token %r in %r" % ((k, v), s))

    r = expr()
    assert pos[0] == len(toks), "trailing input in %r" % s
    return r


# ---------------------------------------------------------------------------
# Output


def write_sys(outdir, name, vars_, polys, comments=()):
    for p in polys:
        assert not p.is_zero(), name
    lines = ["vars: " + " ".join(vars_)]
    lines += ["# " + c for c in comments]
    lines += [str(p) for p in polys]
    text = "\n".join(lines) + "\n"
    # round trip
    for p in polys:
        assert parse_poly(str(p), tuple(vars_)) == p, (name, str(p))
    path = os.path.join(outdir, name + ".sys")
    with open(path, "w") as f:
        f.write(text)
    return path


# ---------------------------------------------------------------------------
# Standard benchmark systems


def cyclic(n):
    vs = tuple("x%d" % i for i in range(n))
    X = [Poly.var(vs, v) for v in vs]
    polys = []
    for k in range(1, n):
        s = Poly(vs)
        for i in range(n):
            t = Poly.const(vs, 1)
            for j in range(k):
                t = t * X[(i + j) % n]
            s = s + t
        polys.append(s)
    t = Poly.const(vs, 1)
    for x in X:
        t = t * x
    polys.append(t - 1)
    return vs, polys


def katsura(n):
    vs = tuple("u%d" % i for i in range(n + 1))
    U = [Poly.var(vs, v) for v in vs]

    def u(i):
        i = abs(i)
        return U[i] if i <= n else Poly(vs)

    polys = []
    # linear equation first (the usual presentation)
    lin = U[0] + sum((2 * U[i] for i in range(1, n + 1)), Poly(vs)) - 1
    polys.append(lin)
    for m in range(n):
        s = Poly(vs)
        for l in range(-n, n + 1):
            s = s + u(l) * u(m - l)
        polys.append(s - U[m])
    return vs, polys


def homogenize(vs, polys, h="h"):
    # every term padded with powers of the new last variable h up to the
    # polynomial's degree
    hv = tuple(vs) + (h,)
    out = []
    for p in polys:
        d = p.degree()
        out.append(Poly(hv, {tuple(e) + (d - sum(e),): c for e, c in p.terms.items()}))
    return hv, out


def reimer(n):
    # sum_{i=1..n} (-1)^(i+1) 2 x_i^j - 1 for j = 2..n+1
    vs = tuple("x%d" % i for i in range(1, n + 1))
    X = [Poly.var(vs, v) for v in vs]
    polys = []
    for j in range(2, n + 2):
        s = Poly(vs)
        for i in range(n):
            s = s + (2 if i % 2 == 0 else -2) * X[i] ** j
        polys.append(s - 1)
    return vs, polys


# 4x4 grids: (name, ops, equations, nonzero conditions), as the families
# command writes them for these settings (lines: rows, columns, both
# diagonals; denominators cleared). Their saturations by the conditions
# are the bases themselves, which tests the proof that a variable is a
# nonzero divisor at 16 variables.
GRID44_VARS = tuple("a b c d f g h k m n p q r s t u".split())
GRID44 = (
    ("grid44_1", "+-=|-/++--/|x+=|xx/+++-|-+=|=======|xx=",
     ["a + b - c - d", "f*g + h - k", "m - n + p - q", "r*s*t - u", "-f*m + a - r",
      "b*n - n*s + g", "c - h + p - t", "-k*q - k*u + d", "g*p - g*u + a", "d - h + n - r"],
     list(GRID44_VARS)),
    ("grid44_2", "/-=|/-/--x-|--=|--//+/+|++=|=======|+x=",
     ["-b*c - b*d + a", "f - g - h - k", "m + n + p - q", "s*t + r - u", "-f*m - f*r + a",
      "-g*n*s + b", "c - h + p - t", "d - k + q - u", "a*p - p*u - g", "d*h - n*r"],
     list(GRID44_VARS) + ["g*n"]),
    ("grid44_3", "+-=|xx-+x-/|x-=|++/xx++|+/=|=======|+x=",
     ["a + b - c - d", "f*g - h - k", "m*p - p*q + n", "s*t + r - u", "a*f + m - r",
      "b*n - n*s - g", "c*h*p - t", "k*q - k*u + d", "a*g*p - u", "-h*n + d - r"],
     list(GRID44_VARS)),
)


# ---------------------------------------------------------------------------
# 3x3 operator grids
#
# Layout 5x5: numbers sit at (even row, even col); horizontal operators at
# (even row, odd col); vertical operators at (odd row, even col); diagonal
# operators at (odd row, odd col).  A diagonal cell serves both the
# down-right and the down-left diagonal passing through it.  The ops string
# lists operator cells row by row, '|' separating layout rows.

GRID_NAMES = (("a", "b", "c"), ("d", "f", "g"), ("h", "k", "m"))
GRID_VARS = tuple(v for row in GRID_NAMES for v in row)


def parse_ops(ops):
    rows = ops.split("|")
    assert len(rows) == 5, ops
    cell = {}
    for r, s in enumerate(rows):
        if r % 2 == 0:
            assert len(s) == 2, ops
            cell[(r, 1)], cell[(r, 3)] = s[0], s[1]
        else:
            assert len(s) == 5, ops
            for c in range(5):
                cell[(r, c)] = s[c]
    for v in cell.values():
        assert v in "+-x/=", ops
    return cell


def grid_lines(all_diagonals):
    """Lists of layout positions; numbers at even indices, operators at odd."""
    lines = []
    for r in (0, 2, 4):
        lines.append(("row %d" % (r // 2), [(r, c) for c in range(5)]))
    for c in (0, 2, 4):
        lines.append(("col %d" % (c // 2), [(r, c) for r in range(5)]))
    lines.append(("diagonal", [(i, i) for i in range(5)]))
    lines.append(("anti-diagonal", [(i, 4 - i) for i in range(5)]))
    if all_diagonals:
        # shorter diagonals of length 2 (in numbers), read top to bottom
        for start in ((0, 2), (2, 0)):  # down-right
            lines.append(("short diagonal", [(start[0] + i, start[1] + i) for i in range(3)]))
        for start in ((0, 2), (2, 4)):  # down-left
            lines.append(("short anti-diagonal", [(start[0] + i, start[1] - i) for i in range(3)]))
    return lines


def number_at(pos):
    r, c = pos
    return GRID_NAMES[r // 2][c // 2]


def eval_side(tokens, val, mul, div, add, sub):
    """Evaluate numbers/operators with x and / binding tighter than + and -.
    tokens alternate value, op, value, ...; val maps a number token to a value."""
    terms = []  # (sign, value)
    sign = 1
    cur = val(tokens[0])
    i = 1
    while i < len(tokens):
        op, nxt = tokens[i], val(tokens[i + 1])
        if op == "x":
            cur = mul(cur, nxt)
        elif op == "/":
            cur = div(cur, nxt)
        else:
            terms.append((sign, cur))
            sign = 1 if op == "+" else -1
            cur = nxt
        i += 2
    terms.append((sign, cur))
    acc = None
    for s, t in terms:
        if acc is None:
            acc = t if s > 0 else sub(None, t)
        else:
            acc = add(acc, t) if s > 0 else sub(acc, t)
    return acc


# Rational functions with monomial denominators: (numerator Poly, denominator exponent tuple)
def rf_ops(vs):
    n = len(vs)

    def lcm(e1, e2):
        return tuple(max(a, b) for a, b in zip(e1, e2))

    def lift(x, e):
        num, den = x
        q = tuple(a - b for a, b in zip(e, den))
        return num * Poly.monomial(vs, q)

    def mul(x, y):
        return (x[0] * y[0], tuple(a + b for a, b in zip(x[1], y[1])))

    def div(x, y):
        num, den = y
        assert len(num.terms) == 1, "divisor must be a monomial"
        (e, c), = num.terms.items()
        return (x[0] * Poly.monomial(vs, den, 1 / c), tuple(a + b for a, b in zip(x[1], e)))

    def add(x, y):
        L = lcm(x[1], y[1])
        return (lift(x, L) + lift(y, L), L)

    def sub(x, y):
        if x is None:
            return (-y[0], y[1])
        L = lcm(x[1], y[1])
        return (lift(x, L) - lift(y, L), L)

    def val(name):
        return (Poly.var(vs, name), (0,) * n)

    return val, mul, div, add, sub


def grid_system(ops, all_diagonals, solution=None):
    cell = parse_ops(ops)
    vs = GRID_VARS
    val, mul, div, add, sub = rf_ops(vs)
    polys, descr, denoms = [], [], set()
    for label, pos in grid_lines(all_diagonals):
        toks = []
        for i, p in enumerate(pos):
            toks.append(number_at(p) if i % 2 == 0 else cell[p])
        if "=" in toks:
            assert toks.count("=") == 1, (ops, label, toks)
            k = toks.index("=")
            lhs, rhs = toks[:k], toks[k + 1:]
        else:
            lhs, rhs = toks, None
        L = eval_side(lhs, val, mul, div, add, sub)
        R = eval_side(rhs, val, mul, div, add, sub) if rhs else (Poly(vs), (0,) * len(vs))
        for d in (L[1], R[1]):
            if any(d):
                denoms.add(d)
        diff = sub(L, R)  # numerator over lcm of denominators
        p = diff[0]
        polys.append(p)
        descr.append("%s: %s%s" % (label, " ".join(lhs), (" = " + " ".join(rhs)) if rhs else " = 0"))
        if solution is not None:
            # direct check with exact numbers, before clearing denominators
            nval = lambda name: Fraction(solution[name])
            nd = lambda a, b: a / b
            lv = eval_side(lhs, nval, lambda a, b: a * b, nd, lambda a, b: a + b,
                           lambda a, b: -b if a is None else a - b)
            rv = eval_side(rhs, nval, lambda a, b: a * b, nd, lambda a, b: a + b,
                           lambda a, b: -b if a is None else a - b) if rhs else 0
            assert lv == rv, (ops, label, lv, rv)
            assert p.evaluate(solution) == 0, (ops, label, str(p))
    # nonzero conditions: every variable, and every cleared denominator that
    # is not already a single variable
    nonzero = list(vs)
    for d in sorted(denoms):
        m = str(Poly.monomial(vs, d))
        if m not in nonzero:
            nonzero.append(m)
    return vs, polys, descr, nonzero


GRIDS = [
    # name, ops, all diagonals, published solution (rows a b c / d f g / h k m)
    ("grid_oneparam", "+=|x-++-|+=|=====|/=", False, None),
    ("grid_twoparam", "-=|-xx/+|x=|=====|x=", False, None),
    ("grid_p1", "x=|+x//-|x=|=====|x=", False, (24, 8, 192, 24, 4, 96, 48, 2, 96)),
    ("grid_allzero", "--|-----|-/|x-+--|+-", True, (12, 2, 10, 2, 4, 2, 6, 2, 8)),
]


def expect_same(vs, got, expected_strs, name):
    exp = [parse_poly(s, vs) for s in expected_strs]
    g = {frozenset(p.terms.items()) for p in got}
    for e in exp:
        assert frozenset(e.terms.items()) in g or frozenset((-e).terms.items()) in g, (name, str(e))
    assert len(exp) == len(got), name


# ---------------------------------------------------------------------------
# Random dense systems


def monomials_upto(n, d):
    out = []

    def rec(i, left, cur):
        if i == n:
            out.append(tuple(cur))
            return
        for k in range(left + 1):
            rec(i + 1, left - k, cur + [k])

    rec(0, d, [])
    return sorted(out, key=lambda e: (sum(e), e))


def rand_coeff(rng):
    while True:
        num = rng.randint(-9, 9)
        if num != 0:
            break
    if rng.random() < 0.15:
        den = rng.choice((2, 3, 4, 5, 7))
        return Fraction(num, den)
    return Fraction(num)


def rand_poly(rng, vs, d, density):
    n = len(vs)
    mons = monomials_upto(n, d)
    while True:
        t = {e: rand_coeff(rng) for e in mons if rng.random() < density}
        if any(sum(e) == d for e in t) and len(t) >= 2:
            return Poly(vs, t)


def rand_point(rng, n):
    return [rng.randint(-3, 3) for _ in range(n)]


def vanish_at(p, vs, pt):
    """Adjust the constant term so that p(pt) = 0."""
    v = p.evaluate(dict(zip(vs, pt)))
    return p - v


RVARS = {2: ("x", "y"), 3: ("x", "y", "z"), 4: ("x", "y", "z", "w")}

# (kind, nvars, degrees, density)
#   square : n generic polys in n vars          -> zero-dimensional
#   point  : n+1 polys through a common point    -> zero-dimensional
#   over   : n+1 generic polys                   -> inconsistent (unit ideal)
#   under  : n-1 generic polys                   -> positive-dimensional
#   factor : n polys with a common factor        -> positive-dimensional
RANDOM_SPECS = [
    ("square", 2, (2, 2), 0.8),
    ("square", 2, (2, 3), 0.6),
    ("square", 2, (3, 3), 0.5),
    ("square", 2, (3, 2), 0.7),
    ("square", 2, (2, 2), 0.5),
    ("square", 3, (2, 2, 2), 0.8),
    ("square", 3, (2, 2, 2), 0.5),
    ("square", 3, (2, 2, 3), 0.6),
    ("square", 3, (2, 3, 3), 0.5),
    ("square", 3, (3, 3, 2), 0.6),
    ("square", 4, (2, 2, 2, 2), 0.7),
    ("square", 4, (2, 2, 2, 2), 0.5),
    ("square", 4, (2, 2, 2, 3), 0.5),
    ("point", 2, (2, 2, 3), 0.7),
    ("point", 2, (3, 3, 3), 0.6),
    ("point", 3, (2, 2, 2, 2), 0.6),
    ("point", 3, (2, 3, 2, 3), 0.5),
    ("point", 4, (2, 2, 2, 2, 2), 0.6),
    ("over", 2, (2, 2, 2), 0.7),
    ("over", 2, (3, 2, 3), 0.6),
    ("over", 3, (2, 2, 2, 2), 0.6),
    ("over", 3, (2, 3, 2, 2), 0.5),
    ("over", 4, (2, 2, 2, 2, 2), 0.5),
    ("under", 3, (2, 2), 0.7),
    ("under", 3, (2, 3), 0.5),
    # (denser 4-variable "under" draws make Singular's direct lex std run
    # for minutes, with multi-MB bases)
    ("under", 4, (2, 2, 2), 0.4),
    ("under", 4, (2, 2, 3), 0.4),
    ("factor", 2, (2, 3), 0.7),
    ("factor", 3, (2, 2, 3), 0.6),
    ("factor", 3, (3, 3, 2), 0.5),
    ("factor", 4, (2, 2, 2, 2), 0.6),
    ("square", 2, (3, 3), 0.8),
    ("square", 3, (2, 2, 2), 0.65),
    ("point", 3, (3, 3, 3, 2), 0.5),
    ("over", 2, (3, 3, 3), 0.5),
    ("under", 2, (3,), 0.8),
]

INTENT = {
    "square": "intended: zero-dimensional (n generic polynomials)",
    "point": "intended: zero-dimensional (n+1 polynomials through the common point %s)",
    "over": "intended: inconsistent / unit ideal (n+1 generic polynomials)",
    "under": "intended: positive-dimensional (n-1 generic polynomials)",
    "factor": "intended: positive-dimensional (common factor %s)",
}


def random_system(idx, kind, n, degs, density):
    seed = 20240 + idx
    rng = random.Random(seed)
    vs = RVARS[n]
    extra = ""
    if kind in ("square", "under"):
        polys = [rand_poly(rng, vs, d, density) for d in degs]
    elif kind == "over":
        # a nonzero constant term in each polynomial, so that the origin is
        # not a common root of a sparse draw
        polys = []
        for d in degs:
            p = rand_poly(rng, vs, d, density)
            if (0,) * n not in p.terms:
                p = p + rand_coeff(rng)
            polys.append(p)
    elif kind == "point":
        pt = rand_point(rng, n)
        polys = [vanish_at(rand_poly(rng, vs, d, density), vs, pt) for d in degs]
        for p in polys:
            assert p.evaluate(dict(zip(vs, pt))) == 0
        extra = "(" + ", ".join(map(str, pt)) + ")"
    elif kind == "factor":
        f = rand_poly(rng, vs, 1, 1.0)
        polys = [f * rand_poly(rng, vs, d - 1, density) for d in degs]
        extra = "(" + str(f) + ")"
    else:
        raise ValueError(kind)
    intent = INTENT[kind] % extra if "%s" in INTENT[kind] else INTENT[kind]
    comments = [
        "random_%02d: %d variables, %d polynomials of degrees %s, density %.2f, seed %d"
        % (idx, n, len(polys), " ".join(map(str, degs)), density, seed),
        intent,
    ]
    return vs, polys, comments


# ---------------------------------------------------------------------------


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    outdir = os.path.join(root, "testdata", "systems")
    os.makedirs(outdir, exist_ok=True)
    written = []

    for n in (4, 5, 6):
        vs, polys = cyclic(n)
        written.append(write_sys(outdir, "cyclic%d" % n, vs, polys,
                                 ["cyclic-%d (standard definition)" % n]))
    for n in (4, 5, 6):
        vs, polys = katsura(n)
        comments = ["katsura-%d (standard definition; %d variables u0..u%d)" % (n, n + 1, n)]
        if n == 5:
            comments.append("eliminate: u1 u2 u3 u4")
        written.append(write_sys(outdir, "katsura%d" % n, vs, polys, comments))
    vs, polys = homogenize(*katsura(6))
    written.append(write_sys(outdir, "katsura6h", vs, polys,
                             ["katsura-6 homogenized by h (8 variables u0..u6 h): homogeneous"]))
    vs, polys = reimer(5)
    written.append(write_sys(outdir, "reimer5", vs, polys,
                             ["reimer-5 (standard definition; 5 variables x1..x5)"]))

    for name, ops, eqs, nonzero in GRID44:
        polys = [parse_poly(e, GRID44_VARS) for e in eqs]
        written.append(write_sys(outdir, name, GRID44_VARS, polys,
                                 ["%s: 4x4 grid a b c d / f g h k / m n p q / r s t u, ops %s" % (name, ops),
                                  "lines: rows, columns, both main diagonals; denominators cleared",
                                  "nonzero: " + " ".join(nonzero)]))

    for name, ops, alld, sol in GRIDS:
        point = dict(zip(GRID_VARS, sol)) if sol else None
        vs, polys, descr, nonzero = grid_system(ops, alld, point)
        if name == "grid_oneparam":
            expect_same(vs, polys, ["a+b-c", "a*d-h", "a-f-m", "d+f-g", "b+f-k",
                                    "c+f-h", "h-k*m", "c-g-m"], name)
        comments = ["%s: 3x3 grid a b c / d f g / h k m, ops %s" % (name, ops),
                    "lines: rows, columns, both main diagonals" +
                    (" and all shorter diagonals (length 2)" if alld else "") +
                    "; denominators cleared"]
        if sol:
            comments.append("published solution: %s / %s / %s (verified by the generator)" % (
                " ".join(map(str, sol[0:3])), " ".join(map(str, sol[3:6])), " ".join(map(str, sol[6:9]))))
        comments += ["  " + d for d in descr]
        comments.append("nonzero: " + " ".join(nonzero))
        written.append(write_sys(outdir, name, vs, polys, comments))

    for i, (kind, n, degs, dens) in enumerate(RANDOM_SPECS, start=1):
        vs, polys, comments = random_system(i, kind, n, degs, dens)
        written.append(write_sys(outdir, "random_%02d" % i, vs, polys, comments))

    for w in written:
        print(os.path.relpath(w, root))
    print("%d systems" % len(written), file=sys.stderr)


if __name__ == "__main__":
    main()
