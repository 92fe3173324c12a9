; Twofish-128, key kept in RAM/EEPROM with S (24 bytes): MDS by shifts, the
; round's XOR and swap through the whitening step XS (a byte loop), the
; rotations after it. 1205 B code + 512 B tables = 1717 B; encrypt
; 32125..32235 cycles; RAM 60 B. Seed 001 Table 3 "smallest code" (1750 B,
; 37100).
; cardlab firmware: firmware/hc05/twofish/key24-mdsshift-small.asm (manifest key24-mdsshift-small.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 128
MDS     = 2
WLOOP   = 1
RSCT    = 0
USHARE  = 1
        .include "key24.inc"
