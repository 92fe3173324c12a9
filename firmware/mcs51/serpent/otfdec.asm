; Serpent-128 decryption for the MCS-51 with the key schedule on the fly,
; bitsliced a byte at a time, internal RAM only (variant serpentotfdec).
; cardlab firmware: firmware/mcs51/serpent/otfdec.asm (manifest
; serpentotfdec.toml)
;
; The prekeys forward to w(131) once, then backwards four words a round
; (otfdec.inc, bprekey.inc).
;
; Interface (cardlab mcs51 ABI): the key in serpent_key, the ciphertext in
; serpent_block; LCALL serpent_decrypt; the plaintext is in serpent_block.
;
; Cycles: 30680 (the forward pass 33 x 178 and 32 rounds of 527 + 4 (S^-1
; + SK)). Constant time, constant addresses.
        .include "serpent51.inc"
        .include "ilt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "otfdec.inc"
        .include "prekey.inc"
        .include "bprekey.inc"
        .include "kslices.inc"
        .include "sboxinv.inc"
        .include "sboxkey.inc"
