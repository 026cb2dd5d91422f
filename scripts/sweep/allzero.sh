#!/bin/sh
# Repeats the all-lines-zero experiment of T. Wolf, "Calcrostics - a marathon
# test for the algebraic solution of polynomial systems" (2010 talk): every
# 3x3 setting with the four diagonal cells -, a - on every line (--positive)
# and all four operators (--require-all-ops): 72,960 settings, each solved
# exactly.
#
# Usage: sh scripts/sweep/allzero.sh [DIR [FLAGS...]]
# writes DIR/allzero.jsonl (DIR is created; default, or "": a new temporary
# directory), never into the repository, and prints the file's name on the
# last line. FLAGS go to the sweep (e.g. --sample 100, --resume). The
# command is $FAMILIES when set (a built binary), else "go run" of the
# module this script is in; it may be run from any directory.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-}
[ $# -gt 0 ] && shift
if [ -n "$dir" ]; then
	mkdir -p "$dir"
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/allzero.XXXXXX")
fi
out="$dir/allzero.jsonl"
if [ -n "$FAMILIES" ]; then
	"$FAMILIES" --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --out "$out" "$@"
else
	(cd "$root" && go run ./cmd/families --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --out "$out" "$@")
fi
echo "records in $out"
