; FEAL-32X on the 68HC05 (MC68HC705B16): key setup expands K0..K39 into
; RAM2 (80 bytes), encryption and decryption run the 32 rounds from them.
; cardlab firmware: firmware/hc05/feal/feal.asm (manifest feal.toml)
;
; Written from the FEAL-NX specification (NTT), N = 32, 128-bit key.
; Constant time: S0 and S1 are an addition and one read of the 256-byte
; rotation table (LDA feal_rot2,X, 5 cycles at any index); the only
; conditional branches count rounds and key-schedule steps.
;
; Interface (cardlab hc05 convention): the key in feal_key, JSR
; feal_key_setup; then any number of times a block in feal_block and JSR
; feal_encrypt or feal_decrypt; the result replaces the block. The key
; survives.
;
; Key schedule: B(r) = fK(A(r-1), B(r-1) ^ D(r-1) ^ Q(r)), D(r) = A(r-1),
; A(r) = B(r-1), for r = 1..20; K(2r-2) || K(2r-1) = B(r). D, A and B
; rotate through three 4-byte slots (the new B takes D's slot), and Q
; cycles KR1 ^ KR2, KR1, KR2: both have period 3, so the step is written
; out three times (KSTEP) with its slots and Q fixed, and no byte moves.
; A step is 179 cycles (fK 137, the new B to its slot and to RAM2 34,
; the count 8).
;
; The rounds: the halves stay where they are; a pass of the loop is two
; rounds, L ^= f(R, K), R ^= f(L, K'), so after 32 rounds L and R are in
; place. Decryption is the same loop with the subkeys walked down (K31
; first) and the two whitening keys exchanged. A round is 128 cycles:
; f1 = S1(a0 ^ a1 ^ b0, a2 ^ a3 ^ b1) 45, f2 10, the four XORs into the
; other half with f0 = S0(a0, f1) and f3 = S1(a3, f2) 63, the subkey
; pointer 10.
;
; RAM map (page zero; RAM2 through 16-bit addresses)
;   0x50-0x57 feal_block (blk: L, then R)   0x58-0x67 feal_key (key)
;   0x68-0x73 three 4-byte slots (key setup) 0x74-0x77 q0 = KR1 ^ KR2
;   0x78 f2, 0x79 u, 0x7A t1, 0x7B t2, 0x7C ptr, 0x7D step, 0x7E cnt
;   0x0250-0x029F sk: K0..K39, two bytes each (RAM2)
;   stack: the return address only

        .hc05

blk     = RAM1
key     = RAM1 + 0x08
sl      = RAM1 + 0x18
q0      = RAM1 + 0x24
f2      = RAM1 + 0x28
u       = RAM1 + 0x29
t1      = RAM1 + 0x2A
t2      = RAM1 + 0x2B
ptr     = RAM1 + 0x2C
step    = RAM1 + 0x2D
cnt     = RAM1 + 0x2E
sk      = RAM2

feal_block == blk
feal_key == key
feal_round_keys == sk

        .include "../b16.inc"

; ---- one key-schedule step: B(r) = fK(A, B ^ D ^ Q) into D's slot -------
; fK (FEAL-NX): fK1 = S1(a0 ^ a1, a2 ^ a3 ^ b0), fK2 = S0(a2 ^ a3,
; fK1 ^ b1), fK0 = S0(a0, fK1 ^ b2), fK3 = S1(a3, fK2 ^ b3), with b = B ^
; D ^ Q. Each D byte is read before the new byte takes its place.
        .macro  KSTEP d,a,b,q,?nx
        lda     *a+2
        eor     *a+3
        sta     *f2                     ; a2 ^ a3
        eor     *b+0
        eor     *d+0
        eor     *q+0
        sta     *u                      ; a2 ^ a3 ^ b0
        lda     *a+1
        eor     *a+0
        sec
        adc     *u
        tax
        lda     feal_rot2,x             ; fK1 = S1(a0 ^ a1, u)
        sta     *t1
        eor     *b+1
        eor     *d+1
        eor     *q+1
        add     *f2
        tax
        lda     feal_rot2,x             ; fK2 = S0(a2 ^ a3, fK1 ^ b1)
        sta     *t2
        eor     *b+3
        eor     *d+3
        eor     *q+3
        sec
        adc     *a+3
        tax
        lda     feal_rot2,x             ; fK3 = S1(a3, fK2 ^ b3)
        sta     *d+3
        lda     *t1
        eor     *b+2
        eor     *d+2
        eor     *q+2
        add     *a+0
        tax
        lda     feal_rot2,x             ; fK0 = S0(a0, fK1 ^ b2)
        sta     *d+0
        ldx     *ptr
        sta     sk,x                    ; K(2r-2) || K(2r-1) = B(r)
        lda     *t1
        sta     *d+1
        sta     sk+1,x
        lda     *t2
        sta     *d+2
        sta     sk+2,x
        lda     *d+3
        sta     sk+3,x
        txa
        add     #4
        sta     *ptr
        dec     *cnt
        bne     nx
        jmp     ks_done
nx:
        .endm

        .area   FEALCODE (ABS)
        .org    ROM_BASE + 0x100

feal_key_setup::
        clrx
ks_init:
        lda     *key,x                  ; slots 1, 2 = A0, B0 = KL
        sta     *sl+4,x
        lda     *key+8,x                ; q0 = KR1 ^ KR2
        eor     *key+12,x
        sta     *q0,x
        clr     *sl,x                   ; slot 0 = D0 = 0
        incx
        cpx     #4
        bne     ks_init
        lda     *key+4
        sta     *sl+8
        lda     *key+5
        sta     *sl+9
        lda     *key+6
        sta     *sl+10
        lda     *key+7
        sta     *sl+11
        clr     *ptr
        lda     #20
        sta     *cnt
ks_loop:
        KSTEP   sl+0,sl+4,sl+8,q0       ; r = 1 mod 3: Q = KR1 ^ KR2
        KSTEP   sl+4,sl+8,sl+0,key+8    ; r = 2 mod 3: Q = KR1
        KSTEP   sl+8,sl+0,sl+4,key+12   ; r = 0 mod 3: Q = KR2
        jmp     ks_loop
ks_done:
        rts

; ---- one round: dst ^= f(src, K), K at sk+ptr; ptr += step ----------------
; f (FEAL-NX): f1 = S1(a0 ^ a1 ^ b0, a2 ^ a3 ^ b1), f2 = S0(a2 ^ a3 ^ b1,
; f1), f0 = S0(a0, f1), f3 = S1(a3, f2). 128 cycles.
        .macro  ROUND src,dst
        ldx     *ptr
        lda     *src+2
        eor     *src+3
        eor     sk+1,x
        sta     *t2                     ; a2 ^ a3 ^ b1
        lda     *src+1
        eor     *src+0
        eor     sk,x                    ; a0 ^ a1 ^ b0
        sec
        adc     *t2
        tax
        lda     feal_rot2,x             ; f1
        sta     *t1
        add     *t2
        tax
        lda     feal_rot2,x             ; f2 = S0(t2, f1)
        sta     *t2
        eor     *dst+2
        sta     *dst+2
        lda     *t2
        sec
        adc     *src+3
        tax
        lda     feal_rot2,x             ; f3 = S1(a3, f2)
        eor     *dst+3
        sta     *dst+3
        lda     *t1
        add     *src+0
        tax
        lda     feal_rot2,x             ; f0 = S0(a0, f1)
        eor     *dst+0
        sta     *dst+0
        lda     *t1
        eor     *dst+1
        sta     *dst+1
        lda     *ptr
        add     *step
        sta     *ptr
        .endm

; ---- encryption and decryption ---------------------------------------------
feal_decrypt::
        ldx     #72                     ; K36..K39 first
        lda     #62                     ; K31 first, walking down
        sta     *ptr
        lda     #0xfe
        bra     feal_go
feal_encrypt::
        ldx     #64                     ; K32..K35 first
        clr     *ptr                    ; K0 first
        lda     #2
feal_go:
        sta     *step
        .irp    i,0,1,2,3,4,5,6,7       ; (L, R) ^= the whitening key
        lda     *blk+i
        eor     sk+i,x
        sta     *blk+i
        .endm
        .irp    i,0,1,2,3               ; R ^= L
        lda     *blk+i
        eor     *blk+4+i
        sta     *blk+4+i
        .endm
        lda     #16
        sta     *cnt
rounds:
        ROUND   blk+4,blk               ; L ^= f(R, K)
        ROUND   blk,blk+4               ; R ^= f(L, K')
        dec     *cnt
        beq     rounds_done
        jmp     rounds
rounds_done:
        .irp    i,0,1,2,3               ; L ^= R
        lda     *blk+4+i
        eor     *blk+i
        sta     *blk+i
        .endm
        ldx     #72                     ; encryption: K36..K39 last
        brclr   #7,*step,wout
        ldx     #64                     ; decryption: K32..K35 last
wout:
        .irp    i,0,1,2,3               ; (R, L) ^= the whitening key
        lda     *blk+i
        eor     sk+4+i,x
        sta     *t1
        lda     *blk+4+i
        eor     sk+i,x
        sta     *blk+i
        lda     *t1
        sta     *blk+4+i
        .endm
        rts
