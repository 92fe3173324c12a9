; Twofish-192, the key24-mdstab build at 192 bits (h with three q stages
; before the last; key material 24 + 12 B). Key setup 2366..2462 cycles:
; seed 001 §3.2 (2550).
; cardlab firmware: firmware/hc05/twofish/key24-mdstab-192.asm (manifest key24-mdstab-192.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 192
MDS     = 0
WLOOP   = 1
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
