; Twofish permutation q0, indexed by the byte: LDA tf_q0,X
; cardlab firmware: firmware/hc05/twofish/q0.asm (the data: q0.inc)

        .hc05
        .include "tf05.inc"

        .area   TF_Q0 (ABS)
        .org    Q0_AT
        .include "q0.inc"
