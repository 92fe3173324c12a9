#!/usr/bin/env bash
# Twofish hardware flow for seed 001 Table 4, end to end:
#   1. the Python reference model checks itself on the 128-bit KAT vectors
#      and writes the testbench inputs (KAT lines and random keys);
#   2. every design point of syn/designs.txt is simulated with Icarus
#      Verilog (all KAT vectors and the random keys, encrypt and decrypt;
#      clocks per block and startup clocks measured by the testbench);
#   3. every design point is synthesised with yosys + abc to the
#      gate-equivalent library hardware/lib/ge.lib, with its logic depth;
#   4. syn/report.py writes results/results.csv and results/sensitivity.csv.
# Needs: iverilog, yosys (with berkeley-abc), python3 (standard library).
#   apt-get install -y iverilog yosys
# Environment (optional): TF_JOBS (parallel jobs, default 2), TF_RANDOM
# (random keys, default 32), TF_SEED (default 2026), TF_BUILD (work dir),
# TF_ONLY (space-separated design names to run; results then go to the
# build directory unless TF_RESULTS names another).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
VEC=${TF_VECTORS:-$ROOT/vectors/twofish}
BUILD=${TF_BUILD:-$HERE/build}
# a partial run (TF_ONLY) writes its results into the build directory
if [[ -n "${TF_ONLY:-}" ]]; then RES=${TF_RESULTS:-$BUILD/results}; else RES=${TF_RESULTS:-$HERE/results}; fi
LIB=$ROOT/hardware/lib/ge.lib
JOBS=${TF_JOBS:-2}
NRAND=${TF_RANDOM:-32}
SEED=${TF_SEED:-2026}
T0=$(date +%s)

for tool in iverilog vvp yosys yosys-abc python3; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "flow.sh: $tool not found (apt-get install -y iverilog yosys)" >&2
        exit 1
    }
done

mkdir -p "$BUILD" "$RES"
{
    echo "yosys: $(yosys -V)"
    echo "iverilog: $(iverilog -V 2>&1 | head -n 1)"
    echo "berkeley-abc: $(dpkg-query -W -f='${Version}' berkeley-abc 2>/dev/null || echo unknown)"
    echo "python3: $(python3 --version 2>&1)"
} > "$RES/tools.txt"
cat "$RES/tools.txt"

# 1. reference model and testbench inputs
python3 "$HERE/model/twofish_ref.py" tbvec "$VEC" "$NRAND" "$SEED" "$BUILD/vectors"

# design list: name|core|params|...
mapfile -t DESIGNS < <(grep -v '^#' "$HERE/syn/designs.txt" | grep -v '^$')
if [[ -n "${TF_ONLY:-}" ]]; then
    sel=()
    for d in "${DESIGNS[@]}"; do
        for o in $TF_ONLY; do [[ ${d%%|*} == "$o" ]] && sel+=("$d"); done
    done
    DESIGNS=("${sel[@]}")
fi

# wrapper module dut_top per design point (the testbench's and synthesis's top)
for d in "${DESIGNS[@]}"; do
    IFS='|' read -r name core params _ <<< "$d"
    plist=$(echo "$params" | sed -E 's/([A-Za-z_]+)=([0-9]+)/.\1(\2)/g; s/,/, /g')
    cat > "$BUILD/$name.top.v" <<EOF
// Design point $name: $core with $params (written by flow.sh).
module dut_top (
    input  wire         clk, rst, key_load,
    input  wire [127:0] key_in,
    input  wire         start, decrypt,
    input  wire [127:0] din,
    output wire         ready, done,
    output wire [127:0] dout
);
    $core #($plist) core (.clk(clk), .rst(rst), .key_load(key_load), .key_in(key_in),
        .start(start), .decrypt(decrypt), .din(din), .ready(ready), .done(done), .dout(dout));
endmodule
EOF
done

RTL_FILES=$(ls "$HERE"/rtl/*.v | tr '\n' ' ')
export HERE BUILD LIB RTL_FILES

sim_one() {
    local name=$1
    iverilog -g2005 -I"$HERE/rtl" -s tb_twofish -o "$BUILD/$name.vvp" \
        "$HERE/tb/tb_twofish.v" "$BUILD/$name.top.v" $RTL_FILES
    vvp -n "$BUILD/$name.vvp" +kat="$BUILD/vectors/kat.hex" +rnd="$BUILD/vectors/rnd.hex" \
        > "$BUILD/$name.sim"
    echo "sim $name: $(grep '^RESULT' "$BUILD/$name.sim" | tr '\n' ' ')"
}
syn_one() {
    local name=$1
    TF_RTL="$HERE/rtl" TF_LIB="$LIB" TF_TOP_V="$BUILD/$name.top.v" TF_SRC="$RTL_FILES" \
        TF_OUT="$BUILD/$name" yosys -q -l "$BUILD/$name.yosys.log" -c "$HERE/syn/synth.tcl" >/dev/null
    echo "syn $name: $(grep 'Chip area for top module\|Chip area for module .\\dut_top' "$BUILD/$name.stat" | tail -n 1)"
}
export -f sim_one syn_one

# 2 + 3. simulations and syntheses, JOBS at a time (the longest first)
jobs_list=()
for d in "${DESIGNS[@]}"; do
    name=${d%%|*}
    case $name in
        sbox_ram) jobs_list=("syn_one $name" "${jobs_list[@]}" "sim_one $name") ;;
        serial)   jobs_list=("sim_one $name" "${jobs_list[@]}" "syn_one $name") ;;
        *)        jobs_list+=("syn_one $name" "sim_one $name") ;;
    esac
done
printf '%s\n' "${jobs_list[@]}" | xargs -P "$JOBS" -I{} bash -c 'set -euo pipefail; {}'

# 4. results
python3 "$HERE/syn/report.py" "$BUILD" "$RES" | tee "$RES/summary.txt"
T1=$(date +%s)
echo "flow.sh: $(( T1 - T0 )) s with $JOBS jobs" | tee -a "$RES/summary.txt"
