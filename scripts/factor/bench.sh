#!/usr/bin/env bash
# Time Singular's factorize on the inputs of testdata/factor/inputs.txt, in
# one Singular process, grouped like the Go benchmarks:
#   sd     Swinnerton-Dyer polynomials (category sd)
#   multi  the multivariate set (categories multi, grid, hard, wide)
#   uni    the other univariate inputs (categories uni, cyclo)
# Each input is factored REPS times (default 20); with PER_INPUT=1 the time of
# each input (CPU microseconds per factorize) is printed too. For each group the
# script prints the wall time (rtimer) and the CPU time (timer) of one pass,
# in microseconds, comparable with ns/op and cpu-ns/op of
#   go test ./poly/factor -run '^$' -bench 'Factor(SD|Multivariate|Univariate)Set'
# which also time one pass over the same group. On a shared machine compare
# CPU times.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
in="$root/testdata/factor/inputs.txt"
reps=${REPS:-20}
per=${PER_INPUT:-0}
command -v Singular >/dev/null || { echo "Singular not found (apt-get install singular)" >&2; exit 1; }
script=$(mktemp /tmp/factor_bench.XXXXXX.sing)
trap 'rm -f "$script"' EXIT
python3 - "$in" "$reps" "$per" >"$script" <<'PY'
import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
reps = int(sys.argv[2])
per = sys.argv[3] == "1"
group = {"sd": "sd", "multi": "multi", "grid": "multi", "hard": "multi", "wide": "multi", "uni": "uni", "cyclo": "uni"}
print('system("--ticks-per-sec", 1000000);')
print("int T_sd = 0; int T_multi = 0; int T_uni = 0; int t0_; int j_;")
print("int C_sd = 0; int C_multi = 0; int C_uni = 0; int c0_;")
for i, line in enumerate(lines):
    cat, vars_, p = line.split("|", 2)
    g = group[cat]
    print("ring R_%d = 0, (%s), dp;" % (i, vars_))
    print("poly P_ = %s;" % p)
    print("list L_;")
    print("t0_ = rtimer; c0_ = timer;")
    print("for (j_ = 1; j_ <= %d; j_++) { L_ = factorize(P_); }" % reps)
    print("t0_ = rtimer - t0_; c0_ = timer - c0_;")
    print("C_%s = C_%s + c0_;" % (g, g))
    print("T_%s = T_%s + t0_;" % (g, g))
    if per:
        print('print("input %d " + string(c0_ / %d));' % (i, reps))
    print("kill R_%d;" % i)
for g in ("sd", "multi", "uni"):
    print('print("%s wall_us " + string(T_%s / %d) + " cpu_us " + string(C_%s / %d));' % (g, g, reps, g, reps))
print("quit;")
PY
Singular -q --no-warn "$script"
