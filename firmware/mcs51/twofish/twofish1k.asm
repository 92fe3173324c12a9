; Twofish-128 encryption with the key setup on the fly and 1 KB of tables
; for the MCS-51: seed 000's 8051 Twofish with 1024-byte tables.
; cardlab firmware: firmware/mcs51/twofish/twofish1k.asm (manifest
; twofish1k.toml)
;
; tf51.inc holds the RAM map, the rounds, the round keys and the RS code.
; Here h takes each byte of X through three q lookups with key bytes
; XORed between (MOVC A,@A+DPTR, the tables on consecutive pages: q0, q1,
; then 5B y and EF y, so INC DPH and DEC DPH switch tables in one cycle)
; and adds its MDS column (§4.2) into zz from y, 5B y and EF y.
;
; Cycles (measured on the simulator's trace; crates/lab/tests/pipeline.rs
; pins the total): h 107, g 109, kp 284 (two h, the sums, the rotation by
; 9), a round 629 (kp, two g, the F sums, the word updates), 633 for the
; second of a loop pass (DJNZ, AJMP).
;
; Constant time: no branch depends on the key or the data, and MOVC takes
; two cycles whatever the address. The table addresses depend on both.

        .include "tf51.inc"

Q0      = 0x10                  ; the table pages: q0, q1, 5B y, EF y
QPAGE   = 0x1000

        EVERYTHING_BUT_H

; zz = h(X, L0, L1) (§4.3.2, k = 2): X in R4-R7, L0 at @R1, L1 at @R0,
; byte j through q_in, ^ L1_j, q_mid, ^ L0_j, q_out (byte 0: q0 q0 q1,
; 1: q1 q0 q0, 2: q0 q1 q1, 3: q1 q1 q0), then zz += y times MDS column j.
; R2 (y), R3 (5B y) used.
        GSUB
h:      mov     dptr,#QPAGE     ; q0
        QCHAIN  r4,,^/inc dph/  ; ---- byte 0 (q0 q0 q1), column (01, 5B, EF, EF)
        inc     r0
        inc     r1
        mov     r2,a            ; y
        inc     dph             ; 5B
        movc    a,@a+dptr
        mov     zz+1,a
        mov     a,r2
        inc     dph             ; EF
        movc    a,@a+dptr
        mov     zz+2,a
        mov     zz+3,a
        mov     zz+0,r2
        dec     dph             ; ---- byte 1 (q1 q0 q0), column (EF, EF, 5B, 01)
        dec     dph
        QCHAIN  r5,^/dec dph/,
        inc     r0
        inc     r1
        mov     r2,a
        inc     dph             ; 5B
        inc     dph
        movc    a,@a+dptr
        xrl     zz+2,a
        mov     a,r2
        xrl     zz+3,a
        inc     dph             ; EF
        movc    a,@a+dptr
        xrl     zz+0,a
        xrl     zz+1,a
        mov     dph,#Q0         ; ---- byte 2 (q0 q1 q1), column (5B, EF, 01, EF)
        QCHAIN  r6,^/inc dph/,
        inc     r0
        inc     r1
        mov     r2,a
        xrl     zz+2,a
        inc     dph             ; 5B
        movc    a,@a+dptr
        xrl     zz+0,a
        mov     a,r2
        inc     dph             ; EF
        movc    a,@a+dptr
        xrl     zz+1,a
        xrl     zz+3,a
        dec     dph             ; ---- byte 3 (q1 q1 q0), column (5B, 01, EF, 5B)
        dec     dph
        QCHAIN  r7,,^/dec dph/
        mov     r2,a
        xrl     zz+1,a
        inc     dph             ; 5B
        inc     dph
        movc    a,@a+dptr
        xrl     zz+0,a
        xrl     zz+3,a
        mov     a,r2
        inc     dph             ; EF
        movc    a,@a+dptr
        xrl     zz+2,a
        ret
