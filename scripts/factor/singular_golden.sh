#!/usr/bin/env bash
# Regenerate testdata/factor/golden.txt from testdata/factor/inputs.txt with
# Singular's factorize (one Singular process for all inputs).
#
# Output: one line per input, in input order:
#     index|mult:factor|mult:factor|...
# where the first entry is Singular's constant (multiplicity 1). The Go test
# normalizes both sides (primitive, positive leading coefficient) before
# comparing, so the split of units between constant and factors does not
# matter.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
in="$root/testdata/factor/inputs.txt"
out="$root/testdata/factor/golden.txt"
command -v Singular >/dev/null || { echo "Singular not found (apt-get install singular)" >&2; exit 1; }
script=$(mktemp /tmp/factor_golden.XXXXXX.sing)
trap 'rm -f "$script"' EXIT
python3 - "$in" >"$script" <<'PY'
import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
print("short = 0;")
for i, line in enumerate(lines):
    cat, vars_, p = line.split("|", 2)
    print("ring R_%d = 0, (%s), dp;" % (i, vars_))
    print("short = 0;")
    print("poly P_ = %s;" % p)
    print("list L_ = factorize(P_);")
    print('string S_ = "%d";' % i)
    print("int k_;")
    print("for (k_ = 1; k_ <= size(L_[1]); k_++) { S_ = S_ + \"|\" + string(L_[2][k_]) + \":\" + string(L_[1][k_]); }")
    print("print(S_);")
    print("kill R_%d;" % i)
print("quit;")
PY
Singular -q --no-warn "$script" >"$out"
echo "wrote $(wc -l <"$out") lines to $out" >&2
