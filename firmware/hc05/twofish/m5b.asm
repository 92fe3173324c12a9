; Twofish MDS product 0x5B * x, indexed by the byte: LDA tf_m5b,X
; cardlab firmware: firmware/hc05/twofish/m5b.asm (the data: m5b.inc)

        .hc05
        .include "tf05.inc"

        .area   TF_M5B (ABS)
        .org    M5B_AT
        .include "m5b.inc"
