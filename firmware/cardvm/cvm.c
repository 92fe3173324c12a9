/*
 * cardvm: verifier and interpreter for the 32-bit eBPF subset of cvm.h.
 * README.md gives the rules; the comments here say how they are kept.
 */
#include <string.h>

/* The 8051 card OS is built with --stack-auto, every frame on the 8051's
 * IRAM stack (at most 160 bytes next to the card OS): there the VM's
 * bigger locals are static instead. Nothing here is reentrant or
 * recursive, so this changes no behaviour. */
#ifdef __SDCC_mcs51
#define CVM_STATIC static
#else
#define CVM_STATIC
#endif
#include "cvm.h"

/* instruction classes (low 3 bits of the opcode) */
#define C_LD    0x00
#define C_LDX   0x01
#define C_ST    0x02
#define C_STX   0x03
#define C_ALU   0x04
#define C_JMP   0x05
#define C_JMP32 0x06
#define C_ALU64 0x07

#define SRC_X   0x08    /* source bit: register, else immediate */

/* ALU operations (high nibble) */
#define A_ADD   0x00
#define A_SUB   0x10
#define A_MUL   0x20
#define A_DIV   0x30
#define A_OR    0x40
#define A_AND   0x50
#define A_LSH   0x60
#define A_RSH   0x70
#define A_NEG   0x80
#define A_MOD   0x90
#define A_XOR   0xa0
#define A_MOV   0xb0
#define A_ARSH  0xc0
#define A_END   0xd0

/* jump operations (high nibble) */
#define J_JA    0x00
#define J_JEQ   0x10
#define J_JGT   0x20
#define J_JGE   0x30
#define J_JSET  0x40
#define J_JNE   0x50
#define J_JSGT  0x60
#define J_JSGE  0x70
#define J_CALL  0x80
#define J_EXIT  0x90
#define J_JLT   0xa0
#define J_JLE   0xb0
#define J_JSLT  0xc0
#define J_JSLE  0xd0

#define OP_LDDW 0x18    /* LD | IMM mode | DW */
#define OP_CALL 0x85
#define OP_EXIT 0x95

#define SIGN32  0x80000000ul

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
         | (uint32_t)p[3] << 24;
}

/* The 8 bytes of program slot `index`. */
static void fetch_slot(const struct cvm *vm, uint16_t index, uint8_t *slot)
{
#ifdef CVM_PROG_CALLBACK
    cvm_prog_read(vm->prog, index, slot);
#else
    memcpy(slot, vm->prog + (size_t)index * 8u, 8);
#endif
}

void cvm_fetch(const struct cvm *vm, uint16_t index, struct cvm_insn *in)
{
    CVM_STATIC uint8_t b[8];

    fetch_slot(vm, index, b);
    in->op = b[0];
    in->dst = b[1] & 0x0f;
    in->src = b[1] >> 4;
    in->off = (int16_t)(uint16_t)(b[2] | (uint16_t)b[3] << 8);
    in->imm = le32(b + 4);
}

void cvm_init(struct cvm *vm, const cvm_helper *helpers, uint8_t nhelpers,
              const struct cvm_region *regions, uint8_t nregions,
              uint8_t *stack, uint16_t stack_size)
{
    memset(vm, 0, sizeof *vm);
    vm->helpers = helpers;
    vm->nhelpers = nhelpers;
    vm->regions = regions;
    vm->nregions = nregions;
    vm->stack = stack;
    vm->stack_size = stack_size;
    vm->status = CVM_NOT_LOADED;
}

/* ---- verifier ----------------------------------------------------------- */

/* Jump from slot pc by rel: the target must be a slot of the program and
 * not the second slot of an LDDW. Second slots have opcode 0 (checked where
 * the LDDW is), so slot t is one exactly when slot t-1 has opcode LDDW. */
static cvm_status check_jump(const struct cvm *vm, uint16_t pc, int32_t rel)
{
    CVM_STATIC struct cvm_insn prev;
    int32_t t = (int32_t)pc + 1 + rel;

    if (t < 0 || t >= (int32_t)vm->len)
        return CVM_BAD_JUMP;
    if (t > 0) {
        cvm_fetch(vm, (uint16_t)(t - 1), &prev);
        if (prev.op == OP_LDDW)
            return CVM_BAD_JUMP;
    }
    return CVM_OK;
}

/* One instruction other than LDDW. */
static cvm_status check(const struct cvm *vm, uint16_t pc, const struct cvm_insn *in)
{
    uint8_t op = in->op, code = op & 0xf0, cls = op & 0x07, x = op & SRC_X;
    uint8_t writes_dst = 0;     /* dst is a destination (r10 refused) */
    uint8_t uses_src = 0;       /* src is a register operand (else must be 0) */
    uint8_t uses_imm = 0;       /* imm is an operand (else must be 0) */

    switch (cls) {
    case C_ALU:
    case C_ALU64:
        writes_dst = 1;
        if (code == A_END) {
            if (cls == C_ALU64)         /* BSWAP (v4) */
                return CVM_BAD_OPCODE;
            x = 0;                      /* the bit chooses LE/BE, src is unused */
        } else if (code == A_NEG) {
            if (x)
                return CVM_BAD_OPCODE;
        } else if (code > A_END) {
            return CVM_BAD_OPCODE;
        }
        if (cls == C_ALU64) {
            /* 64-bit operations whose low 32 bits depend on the low 32 bits
             * of the operands only (and the right shift clang uses on values
             * it knows fit 32 bits), see README */
            switch (code) {
            case A_ADD: case A_SUB: case A_OR: case A_AND: case A_XOR: case A_MOV:
                break;
            case A_LSH: case A_RSH:
                if (x)
                    return CVM_BAD_OPCODE;
                break;
            default:
                return CVM_BAD_OPCODE;
            }
        }
        uses_src = x;
        uses_imm = !x && code != A_NEG;
        break;
    case C_JMP:
    case C_JMP32:
        if (code == J_CALL || code == J_EXIT) {
            if (op != (code | C_JMP))   /* only 0x85 and 0x95 */
                return CVM_BAD_OPCODE;
            uses_imm = code == J_CALL;
        } else if (code == J_JA) {
            if (x)
                return CVM_BAD_OPCODE;
            /* JMP: pc += off; JMP32 (gotol): pc += imm */
            uses_imm = cls == C_JMP32;
        } else if (code > J_JSLE) {
            return CVM_BAD_OPCODE;
        } else {
            uses_src = x;
            uses_imm = !x;
        }
        break;
    case C_LDX:
        /* MEM mode, B/H/W; DW only as a fill from an r10 slot */
        if (op != 0x61 && op != 0x69 && op != 0x71 && op != 0x79)
            return CVM_BAD_OPCODE;
        writes_dst = 1;
        uses_src = 1;
        break;
    case C_STX:
        if (op != 0x63 && op != 0x6b && op != 0x73 && op != 0x7b)
            return CVM_BAD_OPCODE;
        uses_src = 1;
        break;
    case C_ST:
        if (op != 0x62 && op != 0x6a && op != 0x72)
            return CVM_BAD_OPCODE;
        uses_imm = 1;
        break;
    default:                            /* LD: LDDW is checked by the caller */
        return CVM_BAD_OPCODE;
    }

    /* registers */
    if (in->dst > 10 || in->src > 10)
        return CVM_BAD_REGISTER;
    if (writes_dst && in->dst == 10)
        return CVM_BAD_REGISTER;

    /* reserved fields */
    if (!uses_src && in->src != 0)
        return CVM_BAD_OPCODE;
    if (!uses_imm && in->imm != 0)
        return CVM_BAD_OPCODE;
    switch (cls) {
    case C_ALU:
    case C_ALU64:
        if (in->off != 0)               /* SDIV/SMOD, MOVSX (v4) */
            return CVM_BAD_OPCODE;
        if (code == A_END && in->imm != 16 && in->imm != 32)
            return CVM_BAD_IMM;         /* 64-bit swaps and odd widths */
        if (cls == C_ALU64 && (code == A_LSH || code == A_RSH) && in->imm >= 32)
            return CVM_BAD_IMM;
        if ((code == A_DIV || code == A_MOD) && !x && in->imm == 0)
            return CVM_DIV_ZERO;
        break;
    case C_JMP:
    case C_JMP32:
        if (code == J_CALL || code == J_EXIT) {
            if (in->dst != 0 || in->off != 0)
                return CVM_BAD_OPCODE;
            if (code == J_CALL
                && (in->imm >= vm->nhelpers || vm->helpers[(uint8_t)in->imm] == NULL))
                return CVM_UNKNOWN_HELPER;
            break;
        }
        if (code == J_JA) {
            if (in->dst != 0)
                return CVM_BAD_OPCODE;
            if (cls == C_JMP32) {
                if (in->off != 0)
                    return CVM_BAD_OPCODE;
                return check_jump(vm, pc, (int32_t)in->imm);
            }
        }
        return check_jump(vm, pc, in->off);
    case C_LDX:
        if (op == 0x79 && in->src != 10)
            return CVM_BAD_OPCODE;
        break;
    case C_STX:
        if (op == 0x7b && in->dst != 10)
            return CVM_BAD_OPCODE;
        break;
    }
    return CVM_OK;
}

static cvm_status refuse(struct cvm *vm, uint16_t pc, cvm_status s)
{
    vm->pc = pc;
    vm->status = s;
    return s;
}

cvm_status cvm_load(struct cvm *vm, const uint8_t *prog, uint16_t len)
{
    CVM_STATIC struct cvm_insn in, hi;
    uint16_t pc, last = 0;
    cvm_status s;

    vm->loaded = 0;
    vm->prog = prog;
    vm->len = len;
    if (len > CVM_MAX_INSNS)
        return refuse(vm, 0, CVM_TOO_LONG);
    if (len == 0)
        return refuse(vm, 0, CVM_NO_EXIT);
    for (pc = 0; pc < len; pc++) {
        last = pc;
        cvm_fetch(vm, pc, &in);
        if (in.op == OP_LDDW) {
            /* two slots; the second is all zero but its imm (the upper 32
             * bits), which must be 0 or the sign extension of the lower 32 */
            if (pc + 1u >= len)
                return refuse(vm, pc, CVM_BAD_OPCODE);
            if (in.dst > 10 || in.src > 10)
                return refuse(vm, pc, CVM_BAD_REGISTER);
            if (in.dst == 10)
                return refuse(vm, pc, CVM_BAD_REGISTER);
            if (in.src != 0 || in.off != 0)     /* map / BTF pseudo loads */
                return refuse(vm, pc, CVM_BAD_OPCODE);
            cvm_fetch(vm, pc + 1, &hi);
            if (hi.op != 0 || hi.dst != 0 || hi.src != 0 || hi.off != 0)
                return refuse(vm, pc + 1, CVM_BAD_OPCODE);
            if (hi.imm != 0 && !(hi.imm == 0xfffffffful && (in.imm & SIGN32)))
                return refuse(vm, pc, CVM_BAD_IMM);
            pc++;
            continue;
        }
        s = check(vm, pc, &in);
        if (s != CVM_OK)
            return refuse(vm, pc, s);
    }
    cvm_fetch(vm, last, &in);
    if (in.op != OP_EXIT && in.op != (J_JA | C_JMP) && in.op != (J_JA | C_JMP32))
        return refuse(vm, last, CVM_NO_EXIT);
    vm->loaded = 1;
    return refuse(vm, 0, CVM_OK);
}

/* ---- memory --------------------------------------------------------------- */

uint8_t *cvm_mem(struct cvm *vm, uint32_t addr, uint32_t len, uint8_t write)
{
    const struct cvm_region *g;
    uint32_t u;
    uint8_t i;

    /* u = offset in the area, unsigned: addresses below the base wrap high */
    u = addr - (CVM_STACK_TOP - vm->stack_size);
    if (u < vm->stack_size && vm->stack_size - u >= len)
        return vm->stack + (uint16_t)u;
    for (i = 0; i < vm->nregions; i++) {
        g = &vm->regions[i];
        u = addr - g->base;
        if (u < g->len && g->len - u >= len) {
            if (write && !g->writable)
                return NULL;
            return g->host + u;
        }
    }
    return NULL;
}

void cvm_fail(struct cvm *vm, cvm_status s)
{
    vm->status = s == CVM_OK ? CVM_HELPER_FAILED : s;
}

/* ---- interpreter ------------------------------------------------------------ */

static const uint8_t sizes[4] = { 4, 2, 1, 8 };  /* W, H, B, DW */

static cvm_status stop(struct cvm *vm, uint16_t pc, cvm_status s)
{
    vm->pc = pc;
    vm->status = s;
    return s;
}

/*
 * The run keeps its working state (registers, counters, budget, the
 * instruction) in variables of its own, not behind vm: on the 8-bit cards
 * an access through a pointer costs several times one to a variable (on
 * the 8051, a library call per byte of a generic pointer). vm is brought
 * up to date before a helper is called and when the run stops, so helpers
 * and the host see exactly what cvm.h promises.
 */
static void sync(struct cvm *vm, const uint32_t *r, const uint32_t *count, uint32_t left)
{
    memcpy(vm->r, r, sizeof vm->r);
    memcpy(vm->count, count, sizeof vm->count);
    vm->budget = left;
}

#define halt(vm, left, pc, s) (sync(vm, r, count, left), stop(vm, pc, s))

uint8_t cvm_charge(struct cvm *vm, uint32_t n)
{
    if (n >= vm->budget) {
        cvm_fail(vm, CVM_BUDGET);
        return 0;
    }
    vm->budget -= n;
    return 1;
}

cvm_status cvm_run(struct cvm *vm, uint32_t arg, uint32_t budget)
{
    CVM_STATIC struct cvm_insn in;
    CVM_STATIC uint8_t slot[8];
    CVM_STATIC uint32_t a, b, left;
    CVM_STATIC uint32_t r[11], count[CVM_NCOUNT];
    uint16_t pc = 0;
    uint8_t op, cls, code, n, cnt, taken, eq, lt, slt, *p;

    memset(r, 0, sizeof r);
    memset(count, 0, sizeof count);
    if (vm->stack_size)
        memset(vm->stack, 0, vm->stack_size);
    r[1] = arg;
    r[10] = CVM_STACK_TOP;
    left = budget;
    if (!vm->loaded)
        return halt(vm, left, 0, CVM_NOT_LOADED);

    for (;;) {
        if (left == 0)
            return halt(vm, left, pc, CVM_BUDGET);
#ifdef CVM_TICK
        if (((uint16_t)left & CVM_TICK) == 0)
            cvm_tick();
#endif
        /* decoded here rather than by cvm_fetch: no stores through a pointer */
        fetch_slot(vm, pc, slot);
        op = in.op = slot[0];
        in.dst = slot[1] & 0x0f;
        in.src = slot[1] >> 4;
        in.off = (int16_t)(uint16_t)(slot[2] | (uint16_t)slot[3] << 8);
        in.imm = (uint32_t)slot[4] | (uint32_t)slot[5] << 8 | (uint32_t)slot[6] << 16
               | (uint32_t)slot[7] << 24;
        cls = op & 0x07;
        code = op & 0xf0;
        /* the second operand: register or immediate */
        b = (op & SRC_X) ? r[in.src] : in.imm;
        a = r[in.dst];

        switch (cls) {
        case C_ALU:
        case C_ALU64:       /* ALU64 as verified: the low 32 bits are exact */
            cnt = CVM_CNT_ALU;
            switch (code) {
            case A_ADD: a += b; break;
            case A_SUB: a -= b; break;
            case A_MUL: a *= b; break;
            case A_DIV:
                if (b == 0)
                    return halt(vm, left, pc, CVM_DIV_ZERO);
                a /= b;
                break;
            case A_OR:  a |= b; break;
            case A_AND: a &= b; break;
            case A_LSH: a <<= (uint8_t)(b & 31); break;
            case A_RSH: a >>= (uint8_t)(b & 31); break;
            case A_NEG: a = 0u - a; break;
            case A_MOD:
                if (b == 0)
                    return halt(vm, left, pc, CVM_DIV_ZERO);
                a %= b;
                break;
            case A_XOR: a ^= b; break;
            case A_MOV: a = b; break;
            case A_ARSH:
                n = (uint8_t)(b & 31);
                a = (a & SIGN32) ? ~(~a >> n) : a >> n;
                break;
            case A_END:
                if (op & SRC_X) {       /* to big-endian: swap */
                    if (in.imm == 16)
                        a = (a >> 8 & 0xffu) | (a & 0xffu) << 8;
                    else
                        a = a >> 24 | (a >> 8 & 0xff00u) | (a & 0xff00u) << 8 | a << 24;
                } else if (in.imm == 16) {  /* to little-endian: truncate */
                    a &= 0xffffu;
                }
                break;
            default:
                return halt(vm, left, pc, CVM_BAD_OPCODE);
            }
            r[in.dst] = a;
            pc++;
            break;

        case C_JMP:
        case C_JMP32:
            cnt = CVM_CNT_JMP;
            if (op == OP_EXIT) {
                count[CVM_CNT_JMP]++;
                return halt(vm, left - 1, pc, CVM_OK);
            }
            if (op == OP_CALL) {
                sync(vm, r, count, left);
                vm->status = CVM_OK;
                vm->pc = pc;
                a = vm->helpers[(uint8_t)in.imm](vm);
                if (vm->status != CVM_OK)
                    return stop(vm, pc, vm->status);
                left = vm->budget;      /* less what the helper charged */
                r[0] = a;
                cnt = CVM_CNT_CALL;
                pc++;
                break;
            }
            if (code == J_JA) {
                pc += 1 + (uint16_t)(cls == C_JMP32 ? in.imm : (uint16_t)in.off);
                break;
            }
            eq = a == b;
            lt = a < b;
            if (cls == C_JMP32) {
                slt = (a ^ SIGN32) < (b ^ SIGN32);
            } else if (!(op & SRC_X) && (in.imm & SIGN32)) {
                /* 64-bit compare of a zero-extended register with a
                 * negative immediate (sign-extended to 64 bits): the
                 * register is below it unsigned and above it signed */
                eq = 0;
                lt = 1;
                slt = 0;
            } else {
                slt = lt;       /* both zero-extended: signed = unsigned */
            }
            switch (code) {
            case J_JEQ:  taken = eq; break;
            case J_JNE:  taken = !eq; break;
            case J_JGT:  taken = !lt && !eq; break;
            case J_JGE:  taken = !lt; break;
            case J_JLT:  taken = lt; break;
            case J_JLE:  taken = lt || eq; break;
            case J_JSGT: taken = !slt && !eq; break;
            case J_JSGE: taken = !slt; break;
            case J_JSLT: taken = slt; break;
            case J_JSLE: taken = slt || eq; break;
            case J_JSET: taken = (a & b) != 0; break;
            default:
                return halt(vm, left, pc, CVM_BAD_OPCODE);
            }
            pc += 1 + (taken ? (uint16_t)in.off : 0);
            break;

        case C_LD:          /* LDDW, verified to fit 32 bits */
            cnt = CVM_CNT_LDST;
            r[in.dst] = in.imm;
            pc += 2;
            break;

        default:            /* LDX, ST, STX */
            cnt = CVM_CNT_LDST;
            n = sizes[(op >> 3) & 3];
            if (cls == C_LDX) {
                p = cvm_mem(vm, r[in.src] + (uint32_t)(int32_t)in.off, n, 0);
                if (p == NULL)
                    return halt(vm, left, pc, CVM_OOB_LOAD);
                if (n == 8) {   /* fill: the upper half must be 0 */
                    if (p[4] | p[5] | p[6] | p[7])
                        return halt(vm, left, pc, CVM_WIDE_LOAD);
                    n = 4;
                }
                a = 0;
                while (n--)
                    a = a << 8 | p[n];
                r[in.dst] = a;
            } else {
                b = cls == C_STX ? r[in.src] : in.imm;
                p = cvm_mem(vm, a + (uint32_t)(int32_t)in.off, n, 1);
                if (p == NULL)
                    return halt(vm, left, pc, CVM_OOB_STORE);
                while (n--) {   /* DW spill: the upper four bytes are 0 */
                    *p++ = (uint8_t)b;
                    b >>= 8;
                }
            }
            pc++;
            break;
        }
        count[cnt]++;
        left--;
    }
}
