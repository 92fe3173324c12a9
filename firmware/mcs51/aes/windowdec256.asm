; AES-256 decryption, on-the-fly inverse key schedule in a 32-byte window,
; from the cipher key or from the last 8 words of the key expansion.
; cardlab firmware: firmware/mcs51/aes/windowdec256.asm (manifests
; windowdec256.toml, windowdec256-lrk.toml); the code is windec.inc, the key
; steps winkey.inc, the RAM map and shared steps aes51.inc.
;
; Interface (cardlab mcs51 ABI): key in aes_key (32 bytes), ciphertext
; in aes_state; LCALL aes_decrypt (cipher key) or aes_decrypt_lrk (the last
; 8 words of the expansion); plaintext in aes_state. The key buffer ends
; holding the first window, the cipher key.

NK      = 8

        .include "aes51.inc"
        .include "winkey.inc"
        .include "windec.inc"
