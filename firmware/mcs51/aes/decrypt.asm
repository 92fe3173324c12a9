; AES-128 decryption with an on-the-fly inverse key schedule for the
; MCS-51, from the cipher key or from the last round key.
; cardlab firmware: firmware/mcs51/aes/decrypt.asm (manifests decrypt.toml,
; decrypt-lrk.toml)
;
; Written from FIPS-197 5.3. One round per loop pass: InvShiftRows and
; InvSubBytes together by XCH chains (the chains of encryption run the
; other way), the previous round key in place, then AddRoundKey and
; InvMixColumns, computed as MixColumns after a cheap preprocessing step.
; Constant time as encryption: the only branches depend on the round
; number; table reads go through MOVC.
;
; Interface (cardlab mcs51 ABI): the caller writes the key to aes_key and
; the ciphertext to aes_state, then LCALLs
;   aes_decrypt       with the cipher key in aes_key
;   aes_decrypt_lrk   with the last round key K10 in aes_key, as a card
;                     would store it to skip the forward key schedule;
; the plaintext is in aes_state on return. aes_key then holds K0 (for
; aes_decrypt: the cipher key again, so the key survives).
;
; RAM map: as fast.asm (aes51.inc): state 0x30-0x3F, key 0x40-0x4F,
;   R2, R3, R7 MixColumns temporaries, R5 rounds left, R6 round constant;
;   stack: the return address only.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the totals):
;   aes_decrypt_lrk entry 4; aes_decrypt entry 4 + forward key schedule
;     10 x (KEYNEXT 46 + DJNZ 2) + 1 (Rcon 0x80 reduces) = 485
;   then Rcon, rounds 2, AddRoundKey K10 32, page switch 2          = 36
;   9 rounds x 327: InvSubBytes+InvShiftRows 56, page switch 2,
;     KEYPREV 47, DJNZ 2, AddRoundKey+InvMixColumns 4 x 54 + 4 = 220
;   last round: 56 + 2 + 47 + 2 + AddRoundKey K0 32 + RET 2 = 141
;   Rcon 0x1b -> 0x80 and 0x01 -> (unused) reduce: + 2
;   total: from K10 4 + 36 + 2943 + 141 + 2 = 3126;
;          from the cipher key 485 + 36 + 2943 + 141 + 2 = 3607

        .include "aes51.inc"
        .include "dec128.inc"
