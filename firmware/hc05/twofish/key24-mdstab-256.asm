; Twofish-256, the key24-mdstab build at 256 bits (h with four q stages
; before the last; key material 32 + 16 B). Key setup 3152..3280 cycles:
; seed 001 §3.2 (3400).
; cardlab firmware: firmware/hc05/twofish/key24-mdstab-256.asm (manifest key24-mdstab-256.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 256
MDS     = 0
WLOOP   = 1
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
