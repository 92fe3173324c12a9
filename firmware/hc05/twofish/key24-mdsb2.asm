; Twofish, key kept in RAM/EEPROM with S (24 bytes at 128 bits): the MDS
; product beta^-2 x from the table tf_mb2, beta^-1 x by a shift.
; cardlab firmware: firmware/hc05/twofish/key24-mdsb2.asm (key24.inc)
        .hc05
KEYBITS = 128
MDS     = 1
WLOOP   = 0
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
