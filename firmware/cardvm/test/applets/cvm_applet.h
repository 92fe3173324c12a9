/*
 * What an applet sees of the card (cardvm README "Helper ABI").
 * Applets are compiled with: clang -O2 -target bpf -mcpu=v3 -c
 * No global data (the VM applies no relocations): tables live on the
 * stack or in a region the host lends; every function but the entry
 * point is inlined (the VM has no BPF-to-BPF calls).
 */
#ifndef CVM_APPLET_H
#define CVM_APPLET_H
#include <stdint.h>

/* helper 1: copy up to len bytes of the host's input into buf, return the count */
static uint32_t (*const cvm_read)(void *buf, uint32_t len) = (void *)1;
/* helper 2: hand len bytes at buf to the host's output, return the count */
static uint32_t (*const cvm_write)(const void *buf, uint32_t len) = (void *)2;

/* the AES S-box, lent read-only by the host at this applet address */
#define CVM_SBOX ((const uint8_t *)0x00010000u)

#define INLINE static inline __attribute__((always_inline))
#endif
