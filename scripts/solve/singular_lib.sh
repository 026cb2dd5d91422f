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

# class_block FILE OPS MODE: Singular code that writes "OPS CLASS DIM DEGREE"
# of the saturated ideal GJ of ring_block to FILE (MODE a: append, w:
# overwrite); GD, GV and GC must be declared (int, int, string).
class_block() {
  cat <<EOF2
ideal GS = std(GJ);
GD = dim(GS);
if (GD == -1) { GC = "inconsistent - -"; }
if (GD == 0) { GV = vdim(GS); GC = "finite 0 " + string(GV); }
if (GD > 0) { GC = "positive_dimensional " + string(GD) + " -"; }
write(":$3 $1", "$2 " + GC);
EOF2
}
