; Twofish-128, precomputed subkeys, MDS by shifts and XORs (no product
; table): see subkeys.inc.
; cardlab firmware: firmware/hc05/twofish/subkeys-mdsshift.asm

        .hc05
MDS     = 2
        .include "subkeys.inc"
