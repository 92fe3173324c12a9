; Twofish MDS product 0xEF * x, indexed by the byte: LDA tf_mef,X
; cardlab firmware: firmware/hc05/twofish/mef.asm (the data: mef.inc)

        .hc05
        .include "tf05.inc"

        .area   TF_MEF (ABS)
        .org    MEF_AT
        .include "mef.inc"
