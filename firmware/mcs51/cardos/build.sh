#!/bin/sh
# Build the card OS image as cardos.toml describes it.
#   build.sh OUTDIR [precomputed|onthefly|applets] [extra sdcc options...]
# (extra options, e.g. -DUART_INIT for test-s51.py, go to every C compile)
# Output: OUTDIR/cardos.ihx (+ .map, .mem, listings).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTDIR [precomputed|onthefly|applets] [sdcc options...]}
variant=${2:-precomputed}
[ $# -ge 2 ] && shift 2 || shift $#
mkdir -p "$out"
out=$(cd "$out" && pwd)

# the lists from cardos.toml, one shell word per line
toml() {
    python3 - "$here/cardos.toml" "$1" "$variant" <<'PY'
import sys, tomllib
t = tomllib.load(open(sys.argv[1], "rb"))
key, variant = sys.argv[2], sys.argv[3]
if variant not in t["builds"]:
    sys.exit(f"unknown build {variant!r}: one of {', '.join(t['builds'])}")
b = t["builds"][variant]
v = {"c": t["build"]["c"] + b.get("c", []), "asm": t["build"]["asm"] + b.get("asm", []),
     "as": t["build"]["as"], "sdcc": t["build"]["sdcc"], "link": t["build"]["link"],
     "options": b["options"]}[key]
print("\n".join(v))
PY
}

cd "$here"
sdcc_opts=$(toml sdcc); link_opts=$(toml link); options=$(toml options)
as_opts=$(toml as); c_srcs=$(toml c); asm_srcs=$(toml asm)
rels=""
for src in $c_srcs; do
    rel="$out/$(basename "$src" .c).rel"
    # shellcheck disable=SC2086
    sdcc $sdcc_opts $options "$@" -c "$src" -o "$rel"
    rels="$rels $rel"
done
for src in $asm_srcs; do
    rel="$out/$(basename "$src" .asm).rel"
    # shellcheck disable=SC2086
    sdas8051 $as_opts "$rel" "$src"
    rels="$rels $rel"
done
# shellcheck disable=SC2086
sdcc $sdcc_opts $options $link_opts -o "$out/cardos.ihx" $rels

# the tables must be where aes51.inc expects them, and nothing over them
python3 - "$out/cardos.ihx" <<'PY'
import sys
used = {}
for line in open(sys.argv[1]):
    n, a, t = int(line[1:3], 16), int(line[3:7], 16), int(line[7:9], 16)
    if t != 0:
        continue
    for i in range(n):
        if a + i in used:
            sys.exit(f"code overlap at 0x{a + i:04x}")
        used[a + i] = 1
bad = [x for x in used if 0x0003 <= x < 0x1000]
if bad or not all(x in used for x in range(0x1000, 0x1300)):
    sys.exit("the AES tables do not sit alone at 0x1000-0x12FF")
top = max(used)
print(f"cardos.ihx: code 0x0000-0x0002, tables 0x1000-0x12ff, code 0x1300-0x{top:04x} "
      f"({len(used) - 3 - 0x300} bytes of code above the tables)")
PY
