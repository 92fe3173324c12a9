/*
 * cardvm: the applet bytecode VM of the card OS (cardlab; seed paper 004
 * section III: applets sent to the card, stored in EEPROM, interpreted).
 *
 * Applets are C compiled by `clang -O2 -target bpf -mcpu=v3 -c`; the VM
 * interprets a 32-bit subset of eBPF (RFC 9669). README.md says what is
 * accepted and refused, the memory model, the helper ABI and the statuses.
 *
 * Portable C99 for host gcc, avr-gcc and sdcc: no malloc, no floating
 * point, no 64-bit integers, no recursion, nothing from libc but
 * <stdint.h>, <stddef.h> and <string.h>.
 */
#ifndef CVM_H
#define CVM_H

#include <stddef.h>
#include <stdint.h>

/* ---- build options ------------------------------------------------------ */

/* Longest program accepted by cvm_load, in 8-byte slots (LDDW takes two). */
#ifndef CVM_MAX_INSNS
#define CVM_MAX_INSNS 2048u
#endif

/* r10 at the start of a run: the applet address just past the stack's end.
 * The stack is [CVM_STACK_TOP - stack_size, CVM_STACK_TOP). */
#ifndef CVM_STACK_TOP
#define CVM_STACK_TOP 0x80000000ul
#endif

/* Define CVM_PROG_CALLBACK when the program is not in the CPU's data space
 * (AVR EEPROM): the port then supplies cvm_prog_read(), which copies the
 * 8 bytes of slot `index` of the program `prog` (the handle given to
 * cvm_load) into buf. Without it the program is a plain `const uint8_t *`. */
#ifdef CVM_PROG_CALLBACK
void cvm_prog_read(const uint8_t *prog, uint16_t index, uint8_t *buf);
#endif

/* Define CVM_TICK as a mask 2^k - 1 to have cvm_run call the port's
 * cvm_tick() every 2^k instructions: a card sends a NULL procedure byte
 * there, so that a long run is not taken for a mute card. */
#ifdef CVM_TICK
void cvm_tick(void);
#endif

/* ---- status words --------------------------------------------------------- */

typedef uint8_t cvm_status;
enum {
    CVM_OK = 0,
    /* cvm_load: the program is refused, vm->pc is the offending slot */
    CVM_BAD_OPCODE = 1,     /* not in the accepted subset, or a reserved field is not 0 */
    CVM_BAD_REGISTER = 2,   /* register number above 10, or r10 written */
    CVM_BAD_JUMP = 3,       /* target outside the program or into LDDW's second slot */
    CVM_BAD_IMM = 4,        /* LDDW value beyond 32 bits, END width, 64-bit shift >= 32 */
    CVM_UNKNOWN_HELPER = 5, /* CALL to a helper the host's table does not have */
    CVM_TOO_LONG = 6,       /* more than CVM_MAX_INSNS slots */
    CVM_NO_EXIT = 7,        /* empty, or the last instruction is not EXIT or JA */
    CVM_NOT_LOADED = 8,     /* cvm_run without a program that passed cvm_load */
    /* cvm_run: the run ended early, vm->pc is the instruction that stopped it */
    CVM_OOB_LOAD = 16,      /* load outside the stack and every region */
    CVM_OOB_STORE = 17,     /* store outside the stack and every writable region */
    CVM_DIV_ZERO = 18,      /* DIV or MOD by a zero register (also cvm_load: by K = 0) */
    CVM_BUDGET = 19,        /* the instruction budget is spent */
    CVM_WIDE_LOAD = 20,     /* LDXDW found a value that does not fit 32 bits */
    CVM_HELPER_FAILED = 21  /* a helper failed the run (helpers may use their own codes >= 32) */
};

/* ---- state ------------------------------------------------------------------ */

/* Memory the host lends the applet: applet addresses [base, base + len). */
struct cvm_region {
    uint32_t base;
    uint32_t len;
    uint8_t *host;          /* where the bytes are */
    uint8_t writable;       /* 0: read-only (stores give CVM_OOB_STORE) */
};

/* Instruction counts per class, kept by cvm_run. */
enum {
    CVM_CNT_ALU = 0,        /* ALU32 and ALU64, END */
    CVM_CNT_JMP = 1,        /* JMP and JMP32 but CALL; JA and EXIT included */
    CVM_CNT_LDST = 2,       /* LDX, STX, ST, and LDDW (one count for its two slots) */
    CVM_CNT_CALL = 3,       /* CALL of a helper (the helper's own work is not counted) */
    CVM_NCOUNT = 4
};

struct cvm;

/* A helper: arguments in vm->r[1..5], the return value goes to r0. To fail
 * the run it calls cvm_fail(vm, status). It reaches applet memory through
 * cvm_mem(). It must not call cvm_load or cvm_run on the same vm. */
typedef uint32_t (*cvm_helper)(struct cvm *vm);

struct cvm {
    uint32_t r[11];             /* r0..r10 */
    uint32_t count[CVM_NCOUNT]; /* instructions completed, per class */
    uint32_t budget;            /* instructions left in this run */
    const uint8_t *prog;        /* program handle (see CVM_PROG_CALLBACK) */
    uint16_t len;               /* program length in slots */
    uint16_t pc;                /* next / stopping / offending slot */
    const cvm_helper *helpers;  /* helper table: CALL imm = index */
    const struct cvm_region *regions;
    uint8_t *stack;             /* stack_size bytes, lent by the host */
    uint16_t stack_size;
    uint8_t nhelpers;
    uint8_t nregions;
    cvm_status status;          /* of the last cvm_load / cvm_run */
    uint8_t loaded;             /* a program passed cvm_load */
};

/* ---- API -------------------------------------------------------------------- */

/* Set up vm with the host's helper table (entries may be NULL: unknown),
 * lent regions and stack. No program is loaded. */
void cvm_init(struct cvm *vm, const cvm_helper *helpers, uint8_t nhelpers,
              const struct cvm_region *regions, uint8_t nregions,
              uint8_t *stack, uint16_t stack_size);

/* Verify the program of len slots and keep it for cvm_run. On a refusal
 * nothing runs, vm->pc is the offending slot and the status is returned. */
cvm_status cvm_load(struct cvm *vm, const uint8_t *prog, uint16_t len);

/* Run the loaded program from slot 0 with r1 = arg, r10 = CVM_STACK_TOP,
 * the other registers, the stack and the counters zeroed, and at most
 * `budget` instructions. CVM_OK: the applet reached EXIT, its result is
 * vm->r[0]. Otherwise the run stopped at vm->pc, which did not execute:
 * registers, counters, the stack and the regions are as that instruction
 * found them. The vm can be run again at once. */
cvm_status cvm_run(struct cvm *vm, uint32_t arg, uint32_t budget);

/* For helpers: the host address of applet bytes [addr, addr + len) if they
 * lie wholly in the stack or in one region (and it is writable, if
 * `write`), else NULL. */
uint8_t *cvm_mem(struct cvm *vm, uint32_t addr, uint32_t len, uint8_t write);

/* For helpers: end the run with status s (not CVM_OK). */
void cvm_fail(struct cvm *vm, cvm_status s);

/* For helpers: charge n instructions' worth of the budget for the helper's
 * own work (an EEPROM write, a cipher call), so that a loop of helper calls
 * ends as a loop of instructions does. 1 if the budget had more than n
 * left; else 0, and the run ends with CVM_BUDGET at the CALL (the helper
 * should then do nothing). */
uint8_t cvm_charge(struct cvm *vm, uint32_t n);

/* One slot of the program, decoded (what the verifier and the run read). */
struct cvm_insn {
    uint8_t op;
    uint8_t dst;
    uint8_t src;
    int16_t off;
    uint32_t imm;
};
void cvm_fetch(const struct cvm *vm, uint16_t index, struct cvm_insn *in);

#endif /* CVM_H */
