; Twofish, key kept in RAM/EEPROM with S (24 bytes at 128 bits): the MDS
; products by shifts and XORs, no table.
; cardlab firmware: firmware/hc05/twofish/key24-mdsshift-small.asm (key24.inc)
        .hc05
KEYBITS = 128
MDS     = 2
WLOOP   = 1
RSCT    = 0
USHARE  = 1
        .include "key24.inc"
