; Twofish product beta^-2 * x, indexed by the byte: LDA tf_mb2,X
; cardlab firmware: firmware/hc05/twofish/mb2.asm (the data: mb2.inc)

        .hc05
        .include "tf05.inc"

        .area   TF_MB2 (ABS)
        .org    MB2_AT
        .include "mb2.inc"
