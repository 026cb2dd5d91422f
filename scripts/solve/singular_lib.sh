# Shell helpers shared by the scripts of scripts/solve (sourced, not run).

# ring_block SYS: Singular code declaring ring GR with the system's ideal GI
# and GJ, the saturation of GI by every "# nonzero:" polynomial, each in turn
# by iterated quotients until stable (equal to saturation by their product).
ring_block() {
  local sys=$1
  local vars q
  local -a nonzero
  vars=$(sed -n 's/^vars: *//p' "$sys" | tr ' ' ',')
  # an array, not a word list: the products in it must not glob
  read -r -a nonzero <<<"$(sed -n 's/^# nonzero: *//p' "$sys")"
  echo "ring GR = 0, ($vars), dp;"
  echo "ideal GI ="
  grep -v '^#' "$sys" | grep -v '^vars:' | grep -v '^ *$' | sed -e '$!s/$/,/' -e '$s/$/;/'
  echo "ideal GJ = std(GI); ideal GJ2; poly GQ;"
  for q in "${nonzero[@]}"; do
    echo "GQ = $q;"
    echo "GJ2 = std(quotient(GJ, GQ));"
    echo "while (size(reduce(GJ2, GJ)) != 0) { GJ = GJ2; GJ2 = std(quotient(GJ, GQ)); }"
  done
}
