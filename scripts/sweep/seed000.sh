#!/bin/sh
# Reproduces seed 000's all-lines-zero experiment: every 3x3 setting with
# the four diagonal cells -, a - on every line (--positive) and all four
# operators (--require-all-ops): 72,960 settings, each solved exactly.
# Usage: sh scripts/sweep/seed000.sh [OUT.jsonl]   (from the module root)
set -e
out=${1:-seed000.jsonl}
go run ./cmd/families --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --out "$out"
