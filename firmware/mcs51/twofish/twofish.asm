; Twofish-128 encryption with the key setup on the fly and 512 bytes of
; tables for the MCS-51: seed 000's 8051 Twofish with 512-byte tables.
; cardlab firmware: firmware/mcs51/twofish/twofish.asm (manifest
; twofish.toml)
;
; tf51.inc holds the RAM map, the rounds, the round keys and the RS code.
; Here h takes each byte of X through three q lookups (q0 and q1 on
; consecutive pages, so INC DPH and DEC DPH switch between them) with key
; bytes XORed between, then computes the byte's MDS products itself: 5B y
; = y ^ y / a^2 and EF y = y ^ y / a ^ y / a^2, y / a a right shift with
; 0xB4 (0x169 >> 1) XORed in under a borrow mask when bit 0 was set, so no
; branch depends on y. Only q0 and q1 are tables.
;
; Cycles (measured on the simulator's trace; crates/lab/tests/pipeline.rs
; pins the total): h 150 (MDSMUL 20 a byte), g 152, kp 370, a round 801,
; 805 for the second of a loop pass.
;
; Constant time: no branch depends on the key or the data, and MOVC takes
; two cycles whatever the address. The table addresses depend on both.

        .include "tf51.inc"

QPAGE   = 0x1000

        EVERYTHING_BUT_H

; y in A -> R2 = y, B = 5B y, A = EF y (GF(2^8) mod 0x169); R3 = y / a.
; 20 cycles.
        .macro  MDSMUL
        mov     r2,a
        clr     c
        rrc     a               ; y >> 1, C = bit 0
        mov     r3,a
        clr     a
        subb    a,#0            ; 0xFF if bit 0 was set
        anl     a,#0xb4
        xrl     a,r3
        mov     r3,a            ; y / a
        clr     c
        rrc     a
        mov     b,a
        clr     a
        subb    a,#0
        anl     a,#0xb4
        xrl     a,b             ; y / a^2
        xrl     a,r2
        mov     b,a             ; 5B y
        xrl     a,r3            ; EF y
        .endm

; zz = h(X, L0, L1) (§4.3.2, k = 2): X in R4-R7, L0 at @R1, L1 at @R0,
; byte j through q_in, ^ L1_j, q_mid, ^ L0_j, q_out (byte 0: q0 q0 q1,
; 1: q1 q0 q0, 2: q0 q1 q1, 3: q1 q1 q0), then zz += y times MDS column j.
; R2, R3, B used.
        GSUB
h:      mov     dptr,#QPAGE     ; q0
        QCHAIN  r4,,^/inc dph/  ; ---- byte 0 (q0 q0 q1), column (01, 5B, EF, EF)
        inc     r0
        inc     r1
        MDSMUL
        mov     zz+2,a
        mov     zz+3,a
        mov     zz+1,b
        mov     zz+0,r2
        QCHAIN  r5,^/dec dph/,  ; ---- byte 1 (q1 q0 q0), column (EF, EF, 5B, 01)
        inc     r0
        inc     r1
        MDSMUL
        xrl     zz+0,a
        xrl     zz+1,a
        mov     a,b
        xrl     zz+2,a
        mov     a,r2
        xrl     zz+3,a
        QCHAIN  r6,^/inc dph/,  ; ---- byte 2 (q0 q1 q1), column (5B, EF, 01, EF)
        inc     r0
        inc     r1
        MDSMUL
        xrl     zz+1,a
        xrl     zz+3,a
        mov     a,b
        xrl     zz+0,a
        mov     a,r2
        xrl     zz+2,a
        QCHAIN  r7,,^/dec dph/  ; ---- byte 3 (q1 q1 q0), column (5B, 01, EF, 5B)
        MDSMUL
        xrl     zz+2,a
        mov     a,b
        xrl     zz+0,a
        xrl     zz+3,a
        mov     a,r2
        xrl     zz+1,a
        ret
