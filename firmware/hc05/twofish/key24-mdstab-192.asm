; Twofish, key kept in RAM/EEPROM with S (192-bit key): the MDS
; products from the two 256-byte tables tf_m5b and tf_mef.
; cardlab firmware: firmware/hc05/twofish/key24-mdstab-192.asm (key24.inc)
        .hc05
KEYBITS = 192
MDS     = 0
WLOOP   = 1
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
