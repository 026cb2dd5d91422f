#!/usr/bin/env bash
# Regenerate testdata/minass/primes.golden: Singular's minimal associated
# primes (minAssGTZ, primdec.lib) of the golden grid settings and of a few
# classical positive-dimensional systems (issue 25, item 4).
#
# Rerun from the repository root (6 to 14 minutes on 2 shared cores):
#
#     bash scripts/minass/primes.sh               # every table below
#     JOBS=4 bash scripts/minass/primes.sh        # 4 Singular processes at once
#     bash scripts/minass/primes.sh -o /tmp/p.golden ltr_eq classical
#                                                 # only some tables, elsewhere
#
# Settings. Every setting of the golden tables of the other Singular scripts
# that is on a 3x3, 3x4 or 4x3 grid, read with the size, evaluation and
# lines of its table's header (the same reading as `go run ./scripts/solve
# systems`, scripts/solve/main.go's ReadGolden):
#
#     pattern_eq    testdata/solve/pattern_eq.golden    3x3, precedence, rows,cols,diag
#     pattern_zero  testdata/solve/pattern_zero.golden  3x3, precedence, all four kinds of line
#     finite_zero   testdata/solve/finite_zero.golden   3x3, finite solution sets
#     ltr_eq        testdata/solve/ltr_eq.golden        3x3, left to right (ltr)
#     grid_3x4      testdata/solve/grid_3x4.golden      3x4 with =: rows and columns only
#     eqs_3x4       testdata/solve/eqs_3x4.golden       3x4, rows with two =: rows and columns only
#     zero3x4       testdata/scale/zero3x4.golden       3x4, all lines zero, rows,cols,diag,short
#     zero4x3       testdata/scale/zero4x3.golden       4x3, all lines zero, rows,cols,diag,short
#
# (a non-square grid has no corner-to-corner diagonals, so the settings with
# = of grid_3x4 and eqs_3x4 read rows and columns only), and two tables made
# here from them:
#
#     rowscols_3x3  the first 100 settings of pattern_eq read with --lines rows,cols
#     wolf          the four settings of the README's table (Wolf 2010): P1, the
#                   one- and two-parameter families, the all-lines-zero grid
#
# and the classical systems testdata/minass/systems/NAME.sys (table
# "classical"; the "# nonzero:" line lists the conditions, empty for none):
# the 2x2 minors of a generic 3x4 matrix, cyclic-6 without its last equation
# (with every variable nonzero, and with no condition), cyclic-4, the
# adjacent 2x2 minors of a 2x5 matrix, and the curve (t^3, t^4, t^5) with
# the line x = y = 0 (with x nonzero, and with no condition); and two
# zero-dimensional ones whose points fall into several Galois orbits,
# cyclic-5 and katsura-4.
#
# Systems. A grid setting's system is the one the project builds
# (families/grid's Setting.System, as `families --ops OPS --format json`
# prints its "equations" and "nonzero"), written by `go run ./scripts/solve
# systems`: equations with denominators cleared, and the nonzero conditions
# (every number and every cleared denominator).
#
# Computation, one Singular process per system, limited to LIMIT (default 60)
# seconds of CPU time (`ulimit -t`, so that a loaded machine does not turn a
# finished setting into a timeout; wall clock bounded by 10 LIMIT): the
# ideal saturated by each nonzero condition in turn by iterated `quotient`
# until stable (equal to saturation by their product; scripts/solve/
# singular_lib.sh's ring_block), then `minAssGTZ` of the saturated ideal in
# characteristic 0, and for each prime its reduced grevlex basis
# (option(redSB), option(redTail), std in the ring `dp` with the system's
# variable order), monic (simplify(., 1)), with Singular's dim and mult.
#
# Normal form (what families/minass_test.go compares). Each polynomial is
# written as poly.(*Poly).String writes it: Singular's syntax with short=0
# and " + " and " - " between terms (`a^2 - 3/2*b + 1`), monic, terms in
# grevlex order. A prime's basis is sorted bytewise (LC_ALL=C); the primes of
# a setting are sorted by dimension descending, then Singular's mult (the
# degree of the component) ascending, then the basis joined by ";".
# Zero-dimensional primes are included: one prime per Galois orbit of points.
#
# Output, testdata/minass/primes.golden: "#" comment lines (this header's
# short form, the Singular version), then per table
#
#     table NAME size SIZE eval EVAL lines LINES source FILE
#                                   (FILE: the table the settings come from)
#     setting OPS primes N          (a grid setting; N = 0: inconsistent)
#     system NAME primes N          (a classical system, table "classical")
#     setting OPS singular_timeout  (Singular did not finish within LIMIT)
#     prime DIM MULT                (N of these, each followed by its basis)
#       POLY                        (two spaces, then one polynomial)
#
# and testdata/minass/singular_times.txt, "TABLE OPS STATUS WALL CPU" per
# system (seconds; informative only, nothing reads it).
# Deterministic except for which settings time out on a slow machine.
# Requires: Singular (Debian package `singular`), go, coreutils timeout.

set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT=$PWD
SINGULAR=${SINGULAR:-Singular}
LIMIT=${LIMIT:-60}
JOBS=${JOBS:-2}

# The worker: run one system in Singular (called by xargs below).
if [ "${1:-}" = __one ]; then
  sys=$2 out=$3
  . "$ROOT/scripts/solve/singular_lib.sh"
  s=$out.sing
  {
    echo 'LIB "primdec.lib"; option(redSB); option(redTail);'
    ring_block "$sys"
    cat <<EOF
short = 0; int GK; int GL; ideal GS; list GP;
ideal GT = std(GJ);
if (dim(GT) >= 0) { GP = minAssGTZ(GJ); }
write(":w $out.raw", "primes " + string(size(GP)));
for (GK = 1; GK <= size(GP); GK++) {
  GS = simplify(std(GP[GK]), 1);
  write(":a $out.raw", "prime " + string(dim(GS)) + " " + string(mult(GS)));
  for (GL = 1; GL <= ncols(GS); GL++) { write(":a $out.raw", string(GS[GL])); }
}
write(":a $out.raw", "done");
quit;
EOF
  } >"$s"
  rm -f "$out.raw"
  rc=0
  /usr/bin/time -f '%e %U' -o "$out.time" \
    bash -c 'ulimit -t "$1"; exec timeout "$2" "$3" -q --no-warn --no-rc "$4" </dev/null >"$4.log" 2>&1' \
    _ "$LIMIT" "$((10 * LIMIT))" "$SINGULAR" "$s" || rc=$?
  if [ -s "$out.raw" ] && [ "$(tail -n 1 "$out.raw")" = done ]; then
    if grep -q '^ *? ' "$s.log"; then echo "Singular error on $sys:" >&2; cat "$s.log" >&2; exit 255; fi
    status=done
  elif [ "$rc" -ne 0 ] && ! grep -q '^ *? ' "$s.log"; then
    status=singular_timeout
  else
    echo "Singular failed on $sys (exit $rc):" >&2; cat "$s.log" >&2; exit 255
  fi
  echo "$status $(cat "$out.time" | tail -n 1)" >"$out.status"
  exit 0
fi

OUT=testdata/minass/primes.golden
TIMES=testdata/minass/singular_times.txt
if [ "${1:-}" = -o ]; then OUT=$2; TIMES=${2%.golden}.times; shift 2; fi
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (Debian package time)" >&2; exit 1; }

ALL=(pattern_eq pattern_zero finite_zero ltr_eq rowscols_3x3 wolf grid_3x4 eqs_3x4 zero3x4 zero4x3 classical)
if [ $# -gt 0 ]; then TABLES=("$@"); else TABLES=("${ALL[@]}"); fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
go build -o "$TMP/solvecmd" ./scripts/solve

# source_of NAME: the golden table the settings come from (written to $TMP
# for the tables made here).
source_of() {
  case $1 in
    pattern_eq | pattern_zero | finite_zero | ltr_eq | grid_3x4 | eqs_3x4) echo "testdata/solve/$1.golden" ;;
    zero3x4 | zero4x3) echo "testdata/scale/$1.golden" ;;
    rowscols_3x3)
      {
        echo "# size: 3x3"
        echo "# eval: precedence"
        echo "# lines: rows,cols"
        grep -v '^#' testdata/solve/pattern_eq.golden | grep -v '^ *$' | head -n 100
      } >"$TMP/rowscols_3x3.golden"
      echo "$TMP/rowscols_3x3.golden" ;;
    wolf)
      printf '%s\n' '# size: 3x3' '# eval: precedence' '# lines: default' \
        'x=|+x//-|x=|=====|x= -' '+=|x-++-|+=|=====|/= -' '-=|-xx/+|x=|=====|x= -' '--|-----|-/|x-+--|+- -' \
        >"$TMP/wolf.golden"
      echo "$TMP/wolf.golden" ;;
    *) echo "unknown table $1" >&2; exit 1 ;;
  esac
}

# header_field FILE KEY DEFAULT: a "# KEY: value" header line's value.
header_field() {
  local v
  v=$(sed -n "s/^# $2: *//p" "$1" | head -n 1)
  echo "${v:-$3}"
}

# normalize RAW: the primes of a finished system in the normal form above.
normalize() {
  awk -v OFS='\t' '
    /^primes / || /^done$/ { next }
    /^prime / { k++; d = $2; m = $3; next }
    {
      p = $0
      first = substr(p, 1, 1); rest = substr(p, 2)
      gsub(/\+/, " + ", rest); gsub(/-/, " - ", rest)
      print k, d, m, first rest
    }' "$1" |
    LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k4,4 |
    awk -F '\t' -v OFS='\t' '
      $1 != k { if (k != "") print d, m, b; k = $1; d = $2; m = $3; b = $4; next }
      { b = b ";" $4 }
      END { if (k != "") print d, m, b }' |
    LC_ALL=C sort -t "$(printf '\t')" -k1,1nr -k2,2n -k3,3 |
    awk -F '\t' '{ print "prime " $1 " " $2; n = split($3, q, ";"); for (i = 1; i <= n; i++) print "  " q[i] }'
}

: >"$TMP/jobs"
for t in "${TABLES[@]}"; do
  mkdir -p "$TMP/$t"
  if [ "$t" = classical ]; then
    for f in testdata/minass/systems/*.sys; do
      n=$(basename "$f" .sys)
      cp "$f" "$TMP/$t/$n.sys"
      echo "$n $n" >>"$TMP/$t/index.txt"
    done
  else
    src=$(source_of "$t")
    "$TMP/solvecmd" systems --out "$TMP/$t/sys" "$src"
    mv "$TMP/$t/sys/index.txt" "$TMP/$t/index.txt"
    mv "$TMP/$t/sys/"*.sys "$TMP/$t/"
  fi
  while read -r num _; do echo "$TMP/$t/$num.sys $TMP/$t/$num" >>"$TMP/jobs"; done <"$TMP/$t/index.txt"
done
echo "$(wc -l <"$TMP/jobs") systems, $JOBS at a time, at most ${LIMIT} s of CPU each" >&2
export ROOT SINGULAR LIMIT
t0=$(date +%s)
xargs -P "$JOBS" -L 1 bash "$0" __one <"$TMP/jobs"
echo "Singular done in $(($(date +%s) - t0)) s" >&2

{
  echo "# Singular's minimal associated primes (minAssGTZ of primdec.lib) of the golden"
  echo "# grid settings on 3x3, 3x4 and 4x3 grids and of classical systems, each ideal"
  echo "# saturated by its nonzero conditions first; each prime as its reduced grevlex"
  echo "# basis, monic, written as poly's String writes it, sorted; primes sorted by"
  echo "# dimension descending, Singular's mult, basis. Rerun from the repository root:"
  echo "#     bash scripts/minass/primes.sh"
  echo "# (its header says what every table is and the format of this file)."
  echo "# Limit: ${LIMIT} s of CPU per system; singular_timeout when not finished."
  echo "# $("$SINGULAR" --version 2>&1 | head -n 1)"
  echo "# Compared by families/minass_test.go (TestMinAssGolden)."
} >"$TMP/golden"
: >"$TMP/times"
for t in "${TABLES[@]}"; do
  if [ "$t" = classical ]; then
    echo "table classical source testdata/minass/systems" >>"$TMP/golden"
  else
    src=$(source_of "$t")
    # the file the settings come from (the checks of minass_test.go read it)
    case $t in rowscols_3x3) shown=testdata/solve/pattern_eq.golden ;; wolf) shown=README.md ;; *) shown=$src ;; esac
    echo "table $t size $(header_field "$src" size 3x3) eval $(header_field "$src" eval precedence) lines $(header_field "$src" lines default) source $shown" >>"$TMP/golden"
  fi
  kind=setting
  [ "$t" = classical ] && kind=system
  while read -r num name; do
    base=$TMP/$t/$num
    read -r status wall cpu <"$base.status"
    echo "$t $name $status $wall $cpu" >>"$TMP/times"
    if [ "$status" = singular_timeout ]; then
      echo "$kind $name singular_timeout" >>"$TMP/golden"
      continue
    fi
    echo "$kind $name primes $(sed -n 's/^primes //p' "$base.raw")" >>"$TMP/golden"
    normalize "$base.raw" >>"$TMP/golden"
  done <"$TMP/$t/index.txt"
done
mkdir -p "$(dirname "$OUT")"
mv "$TMP/golden" "$OUT"
mv "$TMP/times" "$TIMES"
awk '{ n[$1]++; if ($3 == "done") { d[$1]++; if ($4 > w[$1]) w[$1] = $4; s[$1] += $4 } }
  END { for (t in n) printf "%-14s %4d systems, %4d finished, wall max %6.2f s, total %7.1f s\n", t, n[t], d[t], w[t], s[t] }' "$TIMES" | sort >&2
echo "wrote $OUT and $TIMES" >&2
