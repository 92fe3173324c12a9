; AES-128 encryption with an on-the-fly key schedule for the MCS-51.
; cardlab firmware: firmware/mcs51/aes/fast.asm (manifest fast.toml)
;
; Written from FIPS-197. One round per loop pass: AddRoundKey folded into
; SubBytes and ShiftRows, which run as XCH chains; the next round key in
; place; then MixColumns with three table xtimes a column. The last round
; adds K10 as it computes it, never storing it. Constant time:
; no branch or address depends on the key or the data (the loop branches
; depend on the round number); table reads go through MOVC, which the
; 8051 times without regard to the address.
;
; Interface (cardlab mcs51 ABI): the caller writes the key to aes_key and
; the plaintext to aes_state, then LCALLs aes_encrypt; the ciphertext is in
; aes_state on return. The key is destroyed (it holds the last round key).
;
; RAM map (internal RAM, direct addressing)
;   0x30-0x3F  aes_state  state s[r + 4c], FIPS-197 byte order
;   0x40-0x4F  aes_key    round key, updated in place each round
;   R2 R3 R7   MixColumns temporaries (aes51.inc MIXCOL)
;   R5         rounds left
;   R6         round constant
;   stack      2 bytes: the return address
; ROM: code from 0x0000; sbox.asm (the S-box) and xtime.asm (the xtime
; table, on the next page, so INC DPH / DEC DPH switch between them in
; one cycle) are linked in.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   entry                 4
;   rounds 1-9          223   AddRoundKey+SubBytes+ShiftRows 56 + 16, DJNZ 2,
;                             key step 41 (S-box 16, Rcon 1, XORs 24),
;                             MixColumns 4 x 25, Rcon update 4,
;                             INC/DEC DPH 2, AJMP 2
;   round 10            121   72, DJNZ 2, K10 added on the way 45, RET 2
;   total: 4 + 9 x 223 + 121 = 2132

        .include "aes51.inc"
        .include "enc128.inc"
