#!/usr/bin/env bash
# Benchmark our Gröbner engine against Singular and SymPy, for BENCHMARKS.md.
#
# Run from anywhere in the repository:
#
#     bash bench/compare.sh                         # default systems
#     bash bench/compare.sh --systems cyclic5 --repeat 5 --timeout 30s
#
# Prints the machine (date, commit, cores, CPU, Go/Singular/SymPy versions)
# and then the Markdown table of `go run ./bench/compare --markdown`; all
# arguments go to that program (see `go run ./bench/compare --help`).
# Missing Singular or SymPy give "n/a" cells, not a failure.

set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-/usr/bin/python3}
SINGULAR=${SINGULAR:-Singular}

cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
singular_version=$(command -v "$SINGULAR" >/dev/null && "$SINGULAR" --version 2>&1 | head -1 | sed 's/ *$//' || echo "not installed")
sympy_version=$("$PYTHON" -c 'import sympy, sys; print("SymPy", sympy.__version__, "on Python", sys.version.split()[0])' 2>/dev/null || echo "not installed")
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- groebner poly 2>/dev/null)" ]; then commit="$commit + uncommitted changes in groebner/ or poly/"; fi

echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- commit: $commit"
echo "- cores: $(nproc) (nproc), CPU: ${cpu:-unknown}"
echo "- load average before the run: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "- Go: $(go version)"
echo "- Singular: $singular_version"
echo "- SymPy: $sympy_version"
echo
exec go run ./bench/compare --markdown --singular "$SINGULAR" --python "$PYTHON" "$@"
