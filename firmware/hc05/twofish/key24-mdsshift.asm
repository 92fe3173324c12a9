; Twofish-128, key kept in RAM/EEPROM with S (24 bytes): the MDS by shifts
; and XORs (Horner: beta^-1 twice a row), no MDS table; whitening
; unrolled. 1374 B code + 512 B tables = 1886 B; encrypt 28397..28507
; cycles (the reductions branch); RAM 60 B. Seed 001 Table 3 "2000 B code"
; (35000).
; cardlab firmware: firmware/hc05/twofish/key24-mdsshift.asm (manifest key24-mdsshift.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 128
MDS     = 2
WLOOP   = 0
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
