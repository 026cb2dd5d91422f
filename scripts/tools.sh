#!/usr/bin/env bash
# Installs the tools the cross-check tests use (Singular, SymPy, Chromium,
# Macaulay2, pdftotext, script, pdflatex) when they are missing and apt-get can, then
# runs the tests whatever the installation did: a missing tool only makes
# its tests skip with a message (outside CI=true). Arguments go to go test.
cd "$(dirname "$0")/.."
need=()
command -v Singular >/dev/null 2>&1 || need+=(singular)
python3 -c 'import sympy' >/dev/null 2>&1 || need+=(python3-sympy)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v script >/dev/null 2>&1 || need+=(bsdutils)
command -v M2 >/dev/null 2>&1 || need+=(macaulay2)
command -v pdflatex >/dev/null 2>&1 || need+=(texlive-latex-base)
if [ ${#need[@]} -gt 0 ]; then
  sudo=
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo=sudo
  if command -v apt-get >/dev/null 2>&1 &&
    { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 ||
      { $sudo apt-get update -qq >/dev/null 2>&1 &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null 2>&1; }; }; then
    echo "tools.sh: installed ${need[*]}"
  else
    echo "tools.sh: could not install ${need[*]}; their tests will skip" >&2
  fi
fi
exec go test -timeout 20m "${@:-./...}"
