; Twofish-128, precomputed subkeys, MDS by the product tables 0x5B x and
; 0xEF x: see subkeys.inc.
; cardlab firmware: firmware/hc05/twofish/subkeys-mdstab.asm

        .hc05
MDS     = 0
        .include "subkeys.inc"
