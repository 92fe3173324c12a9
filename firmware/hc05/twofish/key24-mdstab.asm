; Twofish-128, key kept in RAM/EEPROM with S (24 bytes): the MDS products
; from the two 256-byte tables tf_m5b and tf_mef; the whitening step XS a
; byte loop. 1169 B code + 1024 B tables = 2193 B; encrypt 25561, decrypt
; 25560 cycles (constant time); key setup 1580..1644; RAM 60 B (key 16, S
; 8, block 16, work 18, return address 2). Seed 001 Table 3 "largest
; code" (2200 B, 26500), §3.1 (60 B) and §3.2 at 128 bits (1750).
; cardlab firmware: firmware/hc05/twofish/key24-mdstab.asm (manifest key24-mdstab.toml);
; the code is key24.inc, which describes the switches, map and budgets.
        .hc05
KEYBITS = 128
MDS     = 0
WLOOP   = 1
RSCT    = 0
USHARE  = 0
        .include "key24.inc"
