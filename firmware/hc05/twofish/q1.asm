; Twofish permutation q1, indexed by the byte: LDA tf_q1,X
; cardlab firmware: firmware/hc05/twofish/q1.asm (the data: q1.inc)

        .hc05
        .include "tf05.inc"

        .area   TF_Q1 (ABS)
        .org    Q1_AT
        .include "q1.inc"
