"""Read calcrostic settings and write their systems for Singular.

An independent reading of a setting, for the golden tables of
scripts/solve/singular_golden.sh: it shares no code with families/grid (whose
System the tables check), and follows the rules as the README states them:

- The --ops string lists the operator cells of the (2m-1) x (2n-1) layout
  row by row ('|' separates layout rows): a number row has n-1 horizontal
  operators, the row between two number rows has 2n-1 cells, vertical and
  diagonal alternating (v d v d ... v).
- Lines are rows (left to right), columns (top to bottom), the two
  corner-to-corner diagonals of a square grid (diag) and every other
  diagonal of two or more numbers (short), both read top to bottom. A
  diagonal cell between rows r, r+1 and columns c, c+1 serves the
  down-right step (r, c) -> (r+1, c+1) and the down-left step
  (r, c+1) -> (r+1, c). The default lines are rows, cols, diag when the
  setting has an =, and all four otherwise.
- A line's = split it into sides, all equal; a line without = is zero.
  Sides are evaluated with x and / before + and - (precedence) or strictly
  left to right (ltr).
- Every number is nonzero.

Usage: python3 reader.py SIZE EVAL LINES N FINITE TABLE BASIS < index.txt
(index.txt: lines "NAME OPS"; EVAL precedence or ltr; LINES a comma list of
rows, cols, diag, short, or "all", or "default"). It prints a Singular program that,
for each setting in turn, declares ring GR with the system's ideal GI,
saturates it by every number (iterated quotient until stable), computes
std, dim and vdim, and appends "OPS CLASS DIM DEGREE" to the file TABLE and
"OPS p1,p2,..." (the reduced basis) to BASIS, for the first N settings (with
FINITE "finite": the first N whose dimension is 0). Requires SymPy, only to
clear denominators.
"""

import sys

from sympy import Symbol, expand, fraction, together

LETTERS = "abcdfghkmnpqrstuvwxyz"  # e, i, j, l, o are skipped


def names(m, n):
    if m * n <= len(LETTERS):
        return [LETTERS[k] for k in range(m * n)]
    return ["x_%d_%d" % (r + 1, c + 1) for r in range(m) for c in range(n)]


def cells(ops, m, n):
    """Split the --ops string into the layout's operator rows."""
    chars = [ch for ch in ops if ch not in "|, "]
    want = (m - 1) * (2 * n - 1) + m * (n - 1)
    if len(chars) != want:
        raise ValueError("%s: %d cells, want %d" % (ops, len(chars), want))
    horiz, between = [], []
    k = 0
    for r in range(2 * m - 1):
        width = n - 1 if r % 2 == 0 else 2 * n - 1
        row = chars[k:k + width]
        k += width
        (horiz if r % 2 == 0 else between).append(row)
    return horiz, between


def lines(ops, m, n, kinds):
    """The lines as (numbers, operators), numbers as (row, column)."""
    horiz, between = cells(ops, m, n)
    out = []
    if "rows" in kinds:
        for r in range(m):
            out.append(([(r, c) for c in range(n)], horiz[r]))
    if "cols" in kinds:
        for c in range(n):
            out.append(([(r, c) for r in range(m)], [between[r][2 * c] for r in range(m - 1)]))

    def down_right(r, c):
        nums, os = [(r, c)], []
        while r + 1 < m and c + 1 < n:
            os.append(between[r][2 * c + 1])
            r, c = r + 1, c + 1
            nums.append((r, c))
        return nums, os

    def down_left(r, c):
        nums, os = [(r, c)], []
        while r + 1 < m and c - 1 >= 0:
            os.append(between[r][2 * c - 1])
            r, c = r + 1, c - 1
            nums.append((r, c))
        return nums, os

    square = m == n
    if "diag" in kinds and square:
        out.append(down_right(0, 0))
        out.append(down_left(0, n - 1))
    if "short" in kinds:
        starts_r = [(0, c) for c in range(n)] + [(r, 0) for r in range(1, m)]
        starts_l = [(0, c) for c in range(n)] + [(r, n - 1) for r in range(1, m)]
        for r, c in starts_r:
            if square and (r, c) == (0, 0):
                continue
            nums, os = down_right(r, c)
            if len(nums) >= 2:
                out.append((nums, os))
        for r, c in starts_l:
            if square and (r, c) == (0, n - 1):
                continue
            nums, os = down_left(r, c)
            if len(nums) >= 2:
                out.append((nums, os))
    return out


def apply(x, op, y):
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op in "x*":
        return x * y
    if op == "/":
        return x / y
    raise ValueError("operator %r" % op)


def side(values, ops, ev):
    """The value of one side: numbers values joined by ops."""
    if ev == "ltr":
        acc = values[0]
        for op, y in zip(ops, values[1:]):
            acc = apply(acc, op, y)
        return acc
    # Precedence: a sum of signed products, each evaluated left to right.
    total, term, sign = 0, values[0], 1
    for op, y in zip(ops, values[1:]):
        if op in "+-":
            total += sign * term
            sign, term = (1 if op == "+" else -1), y
        else:
            term = apply(term, op, y)
    return total + sign * term


def equations(nums, ops, sym, ev):
    """The numerators of the equations of one line."""
    sides, cur_n, cur_o = [], [sym[nums[0]]], []
    for op, p in zip(ops, nums[1:]):
        if op == "=":
            sides.append((cur_n, cur_o))
            cur_n, cur_o = [sym[p]], []
        else:
            cur_o.append(op)
            cur_n.append(sym[p])
    sides.append((cur_n, cur_o))
    vals = [side(v, o, ev) for v, o in sides]
    if len(vals) == 1:
        return [fraction(together(vals[0]))[0]]
    return [fraction(together(vals[i] - vals[i + 1]))[0] for i in range(len(vals) - 1)]


def singular(text):
    return str(expand(text)).replace("**", "^")


def main():
    size, ev, kinds, n, finite, table, basis = sys.argv[1:8]
    m, k = (int(x) for x in size.split("x"))
    var = names(m, k)
    sym = {(r, c): Symbol(var[r * k + c]) for r in range(m) for c in range(k)}
    print("option(redSB); int GD; int GV; string GC; int GKEPT = 0;")
    keep = "GKEPT < %s" % n
    if finite == "finite":
        keep += " && GD == 0"
    for line in sys.stdin:
        if not line.strip():
            continue
        _, ops = line.split()
        ks = kinds.split(",")
        if kinds == "all":
            ks = ["rows", "cols", "diag", "short"]
        if kinds == "default":
            ks = ["rows", "cols", "diag"] if "=" in ops else ["rows", "cols", "diag", "short"]
        polys = []
        for nums, os in lines(ops, m, k, ks):
            polys += [p for p in equations(nums, os, sym, ev) if p != 0]
        print("// %s" % ops)
        print("ring GR = 0, (%s), dp; short = 0;" % ",".join(var))
        print("ideal GI = %s;" % (", ".join(singular(p) for p in polys) or "0"))
        print("ideal GJ = std(GI); ideal GJ2;")
        for v in var:
            print("GJ2 = std(quotient(GJ, %s));" % v)
            print("while (size(reduce(GJ2, GJ)) != 0) { GJ = GJ2; GJ2 = std(quotient(GJ, %s)); }" % v)
        print("ideal GS = std(GJ); GD = dim(GS);")
        print('if (GD == -1) { GC = "inconsistent - -"; }')
        print('if (GD == 0) { GV = vdim(GS); GC = "finite 0 " + string(GV); }')
        print('if (GD > 0) { GC = "positive_dimensional " + string(GD) + " -"; }')
        print('if (%s) { write(":a %s", "%s " + GC); write(":a %s", "%s " + string(GS)); GKEPT = GKEPT + 1; }'
              % (keep, table, ops, basis, ops))
        print("kill GR;")
    print("quit;")


if __name__ == "__main__":
    main()
