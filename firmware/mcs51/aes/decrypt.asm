; AES-128 decryption with an on-the-fly inverse key schedule for the
; MCS-51, from the cipher key or from the last round key.
; cardlab firmware: firmware/mcs51/aes/decrypt.asm (manifests decrypt.toml,
; decrypt-lrk.toml)
;
; Written from FIPS-197 5.3. One round per loop pass: the previous round
; key in place, then InvShiftRows and InvSubBytes together by XCH chains
; (the chains of encryption run the other way) with AddRoundKey folded in
; after the inverse S-box, then InvMixColumns, computed as MixColumns after
; a cheap preprocessing step. Constant time as encryption: the only
; branches depend on the round number; table reads go through MOVC.
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
;   R2, R3, R7 MixColumns temporaries (aes51.inc MIXCOL), R5 rounds left,
;   R6 round constant;
;   stack: the return address only.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the totals):
;   aes_decrypt_lrk entry 4; aes_decrypt entry 4 + forward key schedule
;     10 x (KEYNEXT 41 + RCONNEXT 5 + DJNZ 2) + 1 (0x80 -> 0x1b) = 485
;   Rcon, rounds 2, AddRoundKey K10 32                              = 34
;   10 passes x 123: KEYPREV 41, RCONPREV 6, page switch 2,
;     InvSubBytes+InvShiftRows+AddRoundKey 56 + 16, DJNZ 2
;     + 2 (Rcon 0x1b -> 0x80 and 0x01 -> unused reduce)          = 1232
;   9 InvMixColumns passes x 168: 4 x 41, page switches 2, AJMP 2 = 1512
;   RET 2
;   total: from K10 4 + 34 + 1232 + 1512 + 2 = 2784;
;          from the cipher key 485 + 34 + 1232 + 1512 + 2 = 3265

        .include "aes51.inc"
        .include "dec128.inc"
