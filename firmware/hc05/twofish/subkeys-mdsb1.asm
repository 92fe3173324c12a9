; Twofish-128, precomputed subkeys, MDS by the single table beta^-1 x
; (subkeys_mb1.asm): see subkeys.inc.
; cardlab firmware: firmware/hc05/twofish/subkeys-mdsb1.asm

        .hc05
MDS     = 1
        .include "subkeys.inc"
