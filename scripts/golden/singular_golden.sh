#!/usr/bin/env bash
# Regenerate the Singular golden Groebner bases in testdata/groebner/.
#
# Rerun from the repository root:
#
#     bash scripts/golden/singular_golden.sh            # all systems
#     bash scripts/golden/singular_golden.sh cyclic5    # only the named systems
#
# (regenerate the inputs first with `python3 scripts/golden/gen_systems.py`).
#
# For every testdata/systems/NAME.sys this writes, over Q:
#   testdata/groebner/NAME.grevlex      reduced basis for dp (grevlex), std
#   testdata/groebner/NAME.lex          reduced basis for lp (lex): fglm from
#                                       the dp basis when zero-dimensional,
#                                       direct std under `timeout 60` otherwise
#                                       (skipped, with a note, on timeout or
#                                       when larger than 5 MB)
#   testdata/groebner/NAME.grlex        reduced basis for Dp (grlex), std under
#                                       `timeout 60` (skipped, with a note, on
#                                       timeout or when larger than 5 MB)
#   testdata/groebner/NAME.sat.grevlex  only for systems with a `# nonzero:`
#                                       comment: dp basis of I saturated by
#                                       every listed polynomial
#   testdata/groebner/NAME.elim.grevlex only for systems with an `# eliminate:`
#                                       comment: Singular's eliminate of the
#                                       listed variables, as the reduced dp
#                                       basis in the ring of the others
# Output format:
#   dim: D            Singular dim(std(I)); -1 for the unit ideal
#   degree: N         vdim(std(I)) when D = 0, otherwise `null`
#   basis:
#   <one monic polynomial per line, Singular syntax with short=0>
# Deterministic: Singular's output for a fixed input does not vary.
# Requires: Singular (Debian package `singular`), GNU coreutils `timeout`.

set -euo pipefail

cd "$(dirname "$0")/../.."
SYSDIR=testdata/systems
OUTDIR=testdata/groebner
LEX_TIMEOUT=${LEX_TIMEOUT:-60}
MAX_BYTES=$((5 * 1024 * 1024))
SINGULAR=${SINGULAR:-Singular}

command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }
mkdir -p "$OUTDIR"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# parse_sys FILE -> prints three sections to stdout:
#   line 1: comma-separated variables
#   line 2: space-separated nonzero conditions (may be empty)
#   line 3: space-separated variables to eliminate (may be empty)
#   then one polynomial per line (equations lhs = rhs become (lhs)-(rhs))
parse_sys() {
  awk '
    function trim(s) { sub(/^[ \t\r]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
    {
      line = $0
      if (match(line, /#[ \t]*nonzero:/)) {
        nz = trim(substr(line, RSTART + RLENGTH))
      }
      if (match(line, /#[ \t]*eliminate:/)) {
        el = trim(substr(line, RSTART + RLENGTH))
      }
      sub(/#.*/, "", line)
      line = trim(line)
      if (line == "") next
      if (line ~ /^vars:/) {
        v = trim(substr(line, 6)); gsub(/[ \t,]+/, ",", v); vars = v; next
      }
      if (index(line, "=") > 0) {
        k = index(line, "=")
        line = "(" trim(substr(line, 1, k - 1)) ")-(" trim(substr(line, k + 1)) ")"
      }
      polys[++np] = line
      # remember identifiers in order of appearance, in case there is no vars: line
      s = line
      while (match(s, /[A-Za-z_][A-Za-z0-9_]*/)) {
        id = substr(s, RSTART, RLENGTH)
        if (!(id in seen)) { seen[id] = 1; order[++nid] = id }
        s = substr(s, RSTART + RLENGTH)
      }
    }
    END {
      if (vars == "") { for (i = 1; i <= nid; i++) vars = vars (i > 1 ? "," : "") order[i] }
      print vars
      print nz
      print el
      for (i = 1; i <= np; i++) print polys[i]
    }' "$1"
}

# Singular snippet: write "dim/degree/basis" of the std basis G (current ring) to file F
write_block() { # $1 = ideal name, $2 = output file
  cat <<EOF
GoldG = simplify($1, 1);
int GoldD = dim(GoldG);
write(":w $2", "dim: " + string(GoldD));
if (GoldD == 0) { write(":a $2", "degree: " + string(vdim(GoldG))); }
else { write(":a $2", "degree: null"); }
write(":a $2", "basis:");
for (GoldK = 1; GoldK <= ncols(GoldG); GoldK++) {
  if (GoldG[GoldK] != 0) { write(":a $2", string(GoldG[GoldK])); }
}
kill GoldD;
EOF
}

# ring_and_ideal VARS ORDER POLYFILE
ring_and_ideal() {
  echo "ring GoldR = 0, ($1), $2;"
  echo "short = 0;"
  echo "option(redSB); option(redTail);"
  echo "int GoldK; ideal GoldG;"
  echo "ideal GoldI ="
  sed -e '$!s/$/,/' -e '$s/$/;/' "$3"
}

run_singular() { # script file; remaining args are prefixed (e.g. timeout)
  local script=$1; shift
  local rc=0
  "$@" "$SINGULAR" -q --no-warn --no-rc "$script" </dev/null >"$script.log" 2>&1 || rc=$?
  if [ "$rc" -eq 0 ] && grep -q '^ *? ' "$script.log"; then rc=1; fi  # Singular errors do not set the exit code
  return "$rc"
}

install_out() { # tmpfile dest -> 0 if installed
  local tmp=$1 dest=$2
  if [ ! -s "$tmp" ] || ! grep -q '^basis:$' "$tmp"; then
    echo "  ERROR: no output for $dest" >&2; return 1
  fi
  local sz; sz=$(stat -c %s "$tmp")
  if [ "$sz" -gt "$MAX_BYTES" ]; then
    echo "  NOTE: skipped $dest ($sz bytes > 5 MB)" >&2; rm -f "$dest"; return 1
  fi
  mv "$tmp" "$dest"
}

if [ $# -gt 0 ]; then
  files=(); for n in "$@"; do files+=("$SYSDIR/$n.sys"); done
else
  files=("$SYSDIR"/*.sys)
fi

status=0
for sys in "${files[@]}"; do
  name=$(basename "$sys" .sys)
  parse_sys "$sys" >"$TMP/$name.parsed"
  vars=$(sed -n 1p "$TMP/$name.parsed")
  nonzero=$(sed -n 2p "$TMP/$name.parsed")
  elim=$(sed -n 3p "$TMP/$name.parsed")
  tail -n +4 "$TMP/$name.parsed" >"$TMP/$name.polys"
  t0=$(date +%s.%N)

  # --- grevlex (and lex via fglm when zero-dimensional) -------------------
  s="$TMP/$name.dp.sing"
  {
    ring_and_ideal "$vars" dp "$TMP/$name.polys"
    echo "ideal GoldS = std(GoldI);"
    write_block GoldS "$TMP/$name.grevlex"
    echo "int GoldDim = dim(GoldS);"
    echo "write(\":w $TMP/$name.dim\", string(GoldDim));"
    echo "if (GoldDim == 0) {"
    echo "  ring GoldL = 0, ($vars), lp; short = 0; option(redSB); option(redTail);"
    echo "  ideal GoldG;"
    echo "  ideal GoldF = fglm(GoldR, GoldS);"
    write_block GoldF "$TMP/$name.lex" | sed 's/^/  /'
    echo "}"
    echo "if (GoldDim == -1) {"
    write_block GoldS "$TMP/$name.lex" | sed 's/^/  /'
    echo "}"
    echo "quit;"
  } >"$s"
  if ! run_singular "$s"; then
    echo "$name: Singular failed, see log below" >&2; cat "$s.log" >&2; status=1; continue
  fi
  install_out "$TMP/$name.grevlex" "$OUTDIR/$name.grevlex" || status=1
  dim=$(cat "$TMP/$name.dim")

  # --- lex by direct std for positive-dimensional ideals -------------------
  lexnote=""
  if [ "$dim" -gt 0 ]; then
    s="$TMP/$name.lp.sing"
    {
      ring_and_ideal "$vars" lp "$TMP/$name.polys"
      echo "ideal GoldS = std(GoldI);"
      write_block GoldS "$TMP/$name.lex"
      echo "quit;"
    } >"$s"
    if run_singular "$s" timeout "$LEX_TIMEOUT"; then :; else
      rc=$?
      if [ "$rc" -eq 124 ]; then lexnote=" (lex: timeout after ${LEX_TIMEOUT}s, skipped)"
      else echo "$name: lex Singular failed" >&2; cat "$s.log" >&2; status=1; fi
      rm -f "$TMP/$name.lex" "$OUTDIR/$name.lex"
    fi
  fi
  if [ -f "$TMP/$name.lex" ]; then
    install_out "$TMP/$name.lex" "$OUTDIR/$name.lex" || lexnote=" (lex skipped: too large)"
  fi
  if [ -n "$lexnote" ]; then echo "NOTE: $name$lexnote" >&2; fi

  # --- grlex by direct std --------------------------------------------------
  s="$TMP/$name.Dp.sing"
  {
    ring_and_ideal "$vars" Dp "$TMP/$name.polys"
    echo "ideal GoldS = std(GoldI);"
    write_block GoldS "$TMP/$name.grlex"
    echo "quit;"
  } >"$s"
  if run_singular "$s" timeout "$LEX_TIMEOUT"; then
    install_out "$TMP/$name.grlex" "$OUTDIR/$name.grlex" || echo "NOTE: $name (grlex skipped: too large)" >&2
  else
    echo "NOTE: $name (grlex: Singular failed or timed out after ${LEX_TIMEOUT}s, skipped)" >&2
    rm -f "$OUTDIR/$name.grlex"
  fi

  # --- saturation by the nonzero conditions --------------------------------
  satinfo=""
  if [ -n "$nonzero" ]; then
    s="$TMP/$name.sat.sing"
    {
      ring_and_ideal "$vars" dp "$TMP/$name.polys"
      echo "ideal GoldJ = std(GoldI); ideal GoldJ2; poly GoldQ;"
      # I : q^infinity for each q in turn, by iterated ideal quotients
      # (version-independent; equals saturation by the product of all q)
      for q in $nonzero; do
        echo "GoldQ = $q;"
        echo "GoldJ2 = std(quotient(GoldJ, GoldQ));"
        echo "while (size(reduce(GoldJ2, GoldJ)) != 0) { GoldJ = GoldJ2; GoldJ2 = std(quotient(GoldJ, GoldQ)); }"
      done
      echo "ideal GoldS = std(GoldJ);"
      write_block GoldS "$TMP/$name.sat.grevlex"
      echo "quit;"
    } >"$s"
    if run_singular "$s"; then
      install_out "$TMP/$name.sat.grevlex" "$OUTDIR/$name.sat.grevlex" || status=1
      satinfo=" sat[$(head -2 "$OUTDIR/$name.sat.grevlex" | tr '\n' ' ' | sed 's/ $//')]"
    else
      echo "$name: saturation failed" >&2; cat "$s.log" >&2; status=1
    fi
  fi

  # --- elimination ----------------------------------------------------------
  if [ -n "$elim" ]; then
    rest=$(echo "$vars" | tr ',' '\n' | grep -vxF -f <(echo "$elim" | tr ' ' '\n') | paste -sd, -)
    s="$TMP/$name.elim.sing"
    {
      ring_and_ideal "$vars" dp "$TMP/$name.polys"
      echo "ideal GoldEl = eliminate(GoldI, $(echo "$elim" | sed 's/ \+/*/g'));"
      echo "ring GoldE = 0, ($rest), dp; short = 0; option(redSB); option(redTail);"
      echo "int GoldK; ideal GoldG;"
      echo "ideal GoldES = std(imap(GoldR, GoldEl));"
      write_block GoldES "$TMP/$name.elim.grevlex"
      echo "quit;"
    } >"$s"
    if run_singular "$s"; then
      install_out "$TMP/$name.elim.grevlex" "$OUTDIR/$name.elim.grevlex" || status=1
    else
      echo "$name: elimination failed" >&2; cat "$s.log" >&2; status=1
    fi
  fi

  t1=$(date +%s.%N)
  printf '%-16s %s%s  %.1fs\n' "$name" "$(head -2 "$OUTDIR/$name.grevlex" | tr '\n' ' ' | sed 's/ $//')" \
    "$satinfo" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
done
exit $status
