; Twofish-128, key kept in RAM/EEPROM with S (24 bytes): the MDS from the
; single table tf_mb2 (beta^-2 x) and beta^-1 x by a shift through a 2-byte
; table (no branch); whitening unrolled. 1342 B code + 770 B tables =
; 2112 B; encrypt 29523 cycles (constant time); RAM 60 B. Seed 001 Table 3
; "2150 B code" (32900).
; cardlab firmware: firmware/hc05/twofish/key24-mdsb2.asm (manifest key24-mdsb2.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 128
MDS     = 1
WLOOP   = 0
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
