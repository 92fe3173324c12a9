; AES-128 encryption with an on-the-fly key schedule for the MCS-51.
; cardlab firmware: firmware/mcs51/aes/fast.asm (manifest fast.toml)
;
; Written from FIPS-197. One round per loop pass: SubBytes and ShiftRows
; together by XCH chains, the next round key in place, then MixColumns with
; AddRoundKey folded in. Constant time: no branch or address depends on
; the key or the data (the only branch, in the round-constant update,
; depends on the round number); table reads go through MOVC, which the
; 8051 times without regard to the address.
;
; Interface (cardlab mcs51 ABI): the caller writes the key to aes_key and
; the plaintext to aes_state, then LCALLs aes_encrypt; the ciphertext is in
; aes_state on return. The key is destroyed (it holds the last round key).
;
; RAM map (internal RAM, direct addressing)
;   0x30-0x3F  aes_state  state s[r + 4c], FIPS-197 byte order
;   0x40-0x4F  aes_key    round key, updated in place each round
;   R2         u = a0 ^ a1 of the current column
;   R3         t = a0 ^ a1 ^ a2 ^ a3 of the current column
;   R5         rounds left
;   R6         round constant
;   R7         a0 of the current column (kept for a3 ^ a0)
;   stack      4 bytes: the return address and one ACALL
; ROM: code from 0x0000; sbox.asm (the S-box) and xtime.asm (the xtime
; table, on the next page, so INC DPH / DEC DPH switch between them in
; one cycle) are linked in.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   SubBytes+ShiftRows   56   (row 0: 4 x 4; rows 1, 3: 13; row 2: 2 x 7)
;   key step             46   (4 S-box lookups 16, Rcon 2 + 4, 12 XORs 24;
;                              47 in the one round whose Rcon reduces)
;   DJNZ                  2
;   MixColumns+ARK      140   (34 a column, INC/DEC DPH 2, AJMP 2)
;   entry 6 + AddRoundKey 32 + RET 2 = 40; last round's AJMP 2 + 32 + RET 2
;   total: 40 + 10 x (56 + 46 + 2) + 1 + 9 x 140 + 36 = 2377

; xtime by table: DPTR moves one page up to the xtime table for MixColumns.
        .macro  XTIME           ; 2 cycles
        movc    a,@a+dptr
        .endm
        .macro  TO_XTIME        ; 1 cycle
        inc     dph
        .endm
        .macro  TO_SBOX         ; 1 cycle
        dec     dph
        .endm

        .include "aes51.inc"
        .include "enc128.inc"
