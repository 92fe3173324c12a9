/*
 * simavr_step.c - single-instruction stepping harness over libsimavr, used as
 * the reference for the AVR (ATmega32, AVRe core) differential tests of the
 * cardlab simulator.
 *
 * Build (Debian 12: simavr 1.6+dfsg, libsimavr-dev):
 *
 *   cc -O2 -Wall -o simavr-step simavr_step.c -I/usr/include/simavr -lsimavr
 *
 * `pkg-config --cflags --libs simavr` does not work on Debian 12: simavr.pc has
 * "Requires.private: libelf" and libelf-dev (libelf.pc) is not installed. It is
 * not needed either: the shared libsimavr.so already links libelf.so.1, and no
 * libelf header is used here.
 *
 * ---------------------------------------------------------------------------
 * Stepping
 * ---------------------------------------------------------------------------
 * avr_run() executes instructions inside avr_run_one() until the cycle budget
 * avr->run_cycle_count (refilled by the cycle-timer code) is used up.  Before
 * every avr_run() the harness sets that budget to 0, so avr_run_one() returns
 * after exactly one instruction; avr_run() then runs the due cycle timers and
 * services a pending interrupt (if any, which moves the PC to the vector
 * without adding cycles).  One call = one instruction.  (Debian's libsimavr
 * 1.6 starts with run_cycle_limit = 1 and so already stops after each
 * instruction; a larger run_cycle_limit makes avr_run() run many.)
 *
 * The cycles of an instruction are the increase of avr->cycle across that
 * call.  Cycle counts start at 0 after the reset.
 *
 * Memory buffers: simavr allocates exactly ramend+1 data bytes and
 * flashend+4 flash bytes and does not bound-check LD/ST/LPM before indexing
 * them.  The harness replaces both buffers by 64 KiB (+ slack) ones so an
 * out-of-range access cannot corrupt the host heap; simavr still flags data
 * accesses above RAMEND (0x085f) as a crash, which is reported as an error.
 * LPM with Z >= 0x8000 reads the padding (0xf1 0xf1 at 0x8000-0x8001, simavr's
 * end-of-flash marker, then 0xff); a real ATmega32 ignores Z bit 15.
 *
 * Library messages are captured by a custom logger.  An error-level message
 * during an instruction (simavr only *logs* an invalid opcode and then
 * continues as if it were a 1-cycle NOP; out-of-RAM reads/writes log and
 * crash) makes that instruction fail.  Set SIMAVR_STEP_VERBOSE=1 to copy all
 * library messages to stderr.  Anything the library prints with printf goes
 * to stderr as well (fd 1 is redirected), so stdout carries only results.
 *
 * ---------------------------------------------------------------------------
 * Mode 1:  simavr-step batch  < cases  > results
 * ---------------------------------------------------------------------------
 * One case per input line (empty lines and lines starting with '#' are
 * ignored, and produce no output).  Fields separated by single spaces, hex
 * in lowercase (uppercase is accepted too):
 *
 *   case FLASH REGS SREG SP STEPS [mem ADDR BYTES]...
 *
 *   FLASH  hex bytes loaded at flash byte address 0 (little-endian words as
 *          in the .text section, e.g. "0fef" = ldi r16,0xff); "-" = none.
 *          The rest of the flash is erased (0xff).
 *   REGS   64 hex digits, r0..r31
 *   SREG   2 hex digits
 *   SP     4 hex digits (simavr keeps all 16 bits; the real ATmega32 SPH
 *          has only 3 bits)
 *   STEPS  decimal number of instructions to execute
 *   mem ADDR BYTES   ADDR 4 hex digits (data-space address), BYTES hex;
 *          the group must lie inside 0x0000..0x085f.  Written raw into the
 *          data space (no I/O callbacks run, so a peripheral does not see
 *          the value; use only plain-storage I/O addresses, see
 *          SIMAVR-NOTES.md).
 *
 * Per case the core is put back into the same fresh state, independent of
 * the cases before it: the whole simulator state saved right after
 * avr_init() is restored (see snapshot_core()), all data space (regs, I/O,
 * SRAM) is zeroed, flash and EEPROM are erased (0xff), then avr_reset()
 * (PC 0, SP 0x085f, I/O reset values, no timers or interrupts pending) and
 * MCUCSR.PORF is set as at power-on; cycle counter 0.  Then, in this order:
 * FLASH, REGS, the mem groups, SREG, SP (so SREG/SP win over a mem group
 * covering 0x5d-0x5f).
 *
 * Result line per case:
 *
 *   pc=XXXX cycles=N regs=<64 hex> sreg=XX sp=XXXX mem=<hex>
 *
 *   pc     PC after the run, as a WORD address (4 hex digits)
 *   cycles total cycles of the STEPS instructions (decimal)
 *   mem    the bytes of every mem group's range after the run, concatenated
 *          in input order, read raw from the data space (no read callbacks);
 *          empty when there are no groups.  The SREG byte (0x5f) is rebuilt
 *          from simavr's flag array first.
 *
 * If an instruction cannot be executed cleanly:
 *
 *   pc=XXXX error=REASON
 *
 *   pc is the word address of the failing instruction; REASON is one of
 *   invalid-opcode, bad-read-address, bad-write-address, pc-out-of-flash,
 *   sleep (SLEEP executed: simavr sleeps regardless of MCUCR.SE), crash,
 *   state-N (any other simavr core state), log-error (other error message),
 *   bad-input (malformed case line; pc=0000).
 *
 * Example (ldi r16,0xff; ldi r17,0x0f; add r16,r17; REGS = 64 zeros):
 *   in:  case 0fef1fe0010f 0000...0000 00 085f 3 mem 0060 aa
 *   out: pc=0003 cycles=3 regs=00000000000000000000000000000000
 *        0e0f0000000000000000000000000000 sreg=21 sp=085f mem=aa
 *   (the regs field is one 64-digit word; it is split here for width)
 *
 * ---------------------------------------------------------------------------
 * Mode 2:  simavr-step run FILE.elf [--stop WORDADDR] [--max-cycles N]
 *                                   [--trace] [--dump ADDR:LEN]...
 * ---------------------------------------------------------------------------
 * Loads the ELF with elf_read_firmware()/avr_load_firmware() (.text then
 * .data image at flash 0) into an atmega32 (any .mmcu section naming another
 * part is ignored) and steps one instruction at a time from simavr's
 * power-on state (PC 0, cycle 0, SP=0x085f, registers and SRAM zero,
 * MCUCSR.PORF set) until, checked before each instruction:
 *
 *   stop=pc          the PC equals --stop WORDADDR (hex, "0x" optional);
 *                    that instruction is not executed;
 *   stop=self        the previous instruction left the PC unchanged (a
 *                    branch to itself such as "rjmp .-2"): it was executed
 *                    once, and that execution is NOT counted: cycles and
 *                    instructions are the totals from reset to the moment
 *                    the PC first reached the self-branch, and it has no
 *                    trace line.  (Registers/memory are printed after that
 *                    single execution; for rjmp/jmp/brXX/ijmp to itself
 *                    they are unchanged by it.)
 *   stop=max-cycles  the cycle total reached --max-cycles N (decimal;
 *                    default 1000000000, 0 = no limit);
 *   stop=error:REASON  an instruction failed (REASON as in batch mode); it
 *                    is counted and traced, pc= is the failing instruction.
 *
 * Output, first (with --trace) one line per counted instruction:
 *
 *   WORDPC CYCLES          e.g. "002a 2"  (4 hex digits, decimal)
 *
 * then
 *
 *   cycles=N instructions=N pc=XXXX regs=<64 hex> sreg=XX sp=XXXX stop=WHY
 *
 * and for each --dump ADDR:LEN (ADDR hex data-space address, "0x" optional;
 * LEN decimal or 0x-prefixed hex; raw reads):
 *
 *   dump XXXX=<hex bytes>
 *
 * The cycles=N total is the sum of the trace lines' cycles; it includes any
 * cycles simavr adds while sleeping or while an interrupt is taken (none for
 * interrupt entry).  Exit status: 0 for stop=pc/self, 2 for max-cycles or an
 * error, 1 for a usage or load failure.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim_avr.h"
#include "sim_core.h"
#include "sim_elf.h"
#include "avr_eeprom.h"

#define DATA_ALLOC  (0x10000 + 16)
#define FLASH_ALLOC (0x10000 + 16)

static avr_t *avr;

/*
 * Snapshot of the freshly initialised core, restored before every batch
 * case (see snapshot_core()).
 */
static void *mcu_saved;
static size_t mcu_saved_size;
static int irq_saved_count;
static uint32_t *irq_saved_value;
static uint8_t *irq_saved_flags;
static void **irq_saved_hook;

static FILE *out;            /* the real stdout */
static int verbose;
static int log_error;        /* an error-level message was logged */
static char log_msg[256];

/* ---------------------------------------------------------------- logging */

static void capture_logger(avr_t *a, const int level, const char *fmt, va_list ap)
{
	char buf[256];
	(void)a;
	vsnprintf(buf, sizeof buf, fmt, ap);
	if (level == LOG_ERROR && !log_error) {
		log_error = 1;
		snprintf(log_msg, sizeof log_msg, "%s", buf);
	}
	if (verbose)
		fputs(buf, stderr);
}

/* SLEEP in raw mode would call usleep(); time is irrelevant here. */
static void no_sleep(avr_t *a, avr_cycle_count_t how_long)
{
	(void)a;
	(void)how_long;
}

/* --------------------------------------------------------------- the core */

static void setup_core(void)
{
	avr_global_logger_set(capture_logger);
	avr = avr_make_mcu_by_name("atmega32");
	if (!avr) {
		fprintf(stderr, "simavr-step: atmega32 not supported by libsimavr\n");
		exit(1);
	}
	avr_init(avr);
	avr->sleep = no_sleep;
	avr->log = LOG_DEBUG;    /* let every message reach the logger */

	/* Larger buffers (see header comment). */
	uint8_t *data = calloc(1, DATA_ALLOC);
	uint8_t *flash = malloc(FLASH_ALLOC);
	if (!data || !flash) {
		perror("simavr-step");
		exit(1);
	}
	memcpy(data, avr->data, avr->ramend + 1);
	memset(flash, 0xff, FLASH_ALLOC);
	memcpy(flash, avr->flash, avr->flashend + 3);
	free(avr->data);
	free(avr->flash);
	avr->data = data;
	avr->flash = flash;

}

/*
 * avr_reset() does not put everything back: timers keep internal counters
 * and clock state, and IRQ lines (pins, peripheral signals) keep their last
 * values, on which peripherals detect edges.  A batch case could then
 * depend on the cases before it.  So the harness snapshots the state right
 * after avr_init(): the core allocation (avr_t and all on-chip peripheral
 * structures live in one malloc block, whose internal pointers stay valid
 * because it is restored at the same address) plus, for every IRQ line
 * (allocated separately), its value, flags and hook list head.  Hooks are
 * only ever added at the head of a list, and the only ones removed at run
 * time are those added at run time, so restoring the head restores the list
 * as it was (run-time hooks are dropped).
 */
static void snapshot_core(void)
{
	mcu_saved_size = malloc_usable_size(avr);
	mcu_saved = malloc(mcu_saved_size);
	irq_saved_count = avr->irq_pool.count;
	irq_saved_value = calloc(irq_saved_count + 1, sizeof *irq_saved_value);
	irq_saved_flags = calloc(irq_saved_count + 1, sizeof *irq_saved_flags);
	irq_saved_hook = calloc(irq_saved_count + 1, sizeof *irq_saved_hook);
	if (!mcu_saved || !irq_saved_value || !irq_saved_flags || !irq_saved_hook) {
		perror("simavr-step");
		exit(1);
	}
	memcpy(mcu_saved, avr, mcu_saved_size);
	for (int i = 0; i < irq_saved_count; i++) {
		avr_irq_t *q = avr->irq_pool.irq[i];
		if (q) {
			irq_saved_value[i] = q->value;
			irq_saved_flags[i] = q->flags;
			irq_saved_hook[i] = q->hook;
		}
	}
}

static void restore_core(void)
{
	/* the IRQ pool array may have been reallocated since: keep the live one */
	avr_irq_pool_t pool = avr->irq_pool;
	memcpy(avr, mcu_saved, mcu_saved_size);
	avr->irq_pool = pool;
	for (int i = 0; i < pool.count; i++) {
		avr_irq_t *q = pool.irq[i];
		if (!q)
			continue;
		if (i < irq_saved_count) {
			q->value = irq_saved_value[i];
			q->flags = irq_saved_flags[i];
			q->hook = irq_saved_hook[i];
		} else {
			q->value = 0;
			q->flags |= IRQ_FLAG_INIT;
		}
	}
}

static void sync_sreg(void)
{
	uint8_t s = 0;
	for (int i = 0; i < 8; i++)
		if (avr->sreg[i])
			s |= 1 << i;
	avr->data[R_SREG] = s;
}

static void set_sreg(uint8_t s)
{
	for (int i = 0; i < 8; i++)
		avr->sreg[i] = (s >> i) & 1;
	avr->data[R_SREG] = s;
}

static uint16_t get_sp(void)
{
	return avr->data[R_SPL] | (avr->data[R_SPH] << 8);
}

/* Fresh state: snapshot restored, data space zero, flash and EEPROM
 * erased, avr_reset() (PC 0, SP 0x085f, I/O reset values), MCUCSR.PORF. */
static void fresh_reset(void)
{
	memset(avr->data, 0, DATA_ALLOC);
	memset(avr->flash, 0xff, FLASH_ALLOC);
	/* simavr keeps an overflow marker opcode just past the flash end */
	avr->flash[avr->flashend + 1] = AVR_OVERFLOW_OPCODE & 0xff;
	avr->flash[avr->flashend + 2] = AVR_OVERFLOW_OPCODE >> 8;
	/* the EEPROM array lives outside the data space and survives
	 * avr_reset(): erase it too */
	static uint8_t erased_ee[0x10000];
	if (!erased_ee[0])
		memset(erased_ee, 0xff, sizeof erased_ee);
	avr_eeprom_desc_t ee = { .ee = erased_ee, .offset = 0, .size = avr->e2end + 1 };
	restore_core();
	avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &ee);
	avr_reset(avr);
	/* as after power-on (avr_init() does the same) */
	avr_regbit_set(avr, avr->reset_flags.porf);
	avr->cycle = 0;
	avr->state = cpu_Running;
}

/*
 * Execute exactly one instruction.  Returns NULL on success, otherwise a
 * short reason.  *cyc receives the cycles the instruction took.
 */
static const char *step_one(avr_cycle_count_t *cyc)
{
	avr_cycle_count_t c0 = avr->cycle;
	*cyc = 0;
	if (avr->state != cpu_Running)
		return "not-running";
	if (avr->pc >= avr->flashend)
		return "pc-out-of-flash";
	log_error = 0;
	avr->run_cycle_count = 0;
	int st = avr_run(avr);
	*cyc = avr->cycle - c0;
	if (log_error) {
		if (strstr(log_msg, "Invalid Opcode"))
			return "invalid-opcode";
		if (strstr(log_msg, "Invalid read address"))
			return "bad-read-address";
		if (strstr(log_msg, "Invalid write address"))
			return "bad-write-address";
		if (st == cpu_Crashed)
			return "crash";
		return "log-error";
	}
	switch (st) {
	case cpu_Running:
		return NULL;
	case cpu_Sleeping:
	case cpu_Done:
		return "sleep";
	case cpu_Crashed:
		return "crash";
	default: {
		static char buf[32];
		snprintf(buf, sizeof buf, "state-%d", st);
		return buf;
	}
	}
}

/* ---------------------------------------------------------------- output */

static void put_hex(const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		putc(digits[p[i] >> 4], out);
		putc(digits[p[i] & 15], out);
	}
}

static void put_state(void)
{
	sync_sreg();
	fputs(" regs=", out);
	put_hex(avr->data, 32);
	fprintf(out, " sreg=%02x sp=%04x", avr->data[R_SREG], get_sp());
}

/* ------------------------------------------------------------ batch mode */

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Decode a hex string into dst (at most max bytes). Returns count or -1. */
static long parse_hex_bytes(const char *s, uint8_t *dst, size_t max)
{
	size_t len = strlen(s);
	if (len % 2 || len / 2 > max)
		return -1;
	for (size_t i = 0; i < len / 2; i++) {
		int h = hexval(s[2 * i]), l = hexval(s[2 * i + 1]);
		if (h < 0 || l < 0)
			return -1;
		dst[i] = h << 4 | l;
	}
	return len / 2;
}

static int parse_hex_fixed(const char *s, size_t digits, unsigned long *v)
{
	if (strlen(s) != digits)
		return -1;
	*v = 0;
	for (size_t i = 0; i < digits; i++) {
		int d = hexval(s[i]);
		if (d < 0)
			return -1;
		*v = *v << 4 | d;
	}
	return 0;
}

struct group {
	uint16_t addr;
	size_t len;
};

static int run_case(char *line)
{
	enum { MAXTOK = 4096 };
	static char *tok[MAXTOK];
	static struct group groups[MAXTOK];
	static uint8_t buf[0x10000];
	int n = 0;

	for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t;
	     t = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == MAXTOK)
			return -1;
		tok[n++] = t;
	}
	if (n < 6 || strcmp(tok[0], "case") || (n - 6) % 3)
		return -1;

	fresh_reset();

	/* FLASH */
	if (strcmp(tok[1], "-")) {
		long len = parse_hex_bytes(tok[1], buf, avr->flashend + 1);
		if (len < 0)
			return -1;
		memcpy(avr->flash, buf, len);
	}
	/* REGS */
	if (strlen(tok[2]) != 64 || parse_hex_bytes(tok[2], avr->data, 32) != 32)
		return -1;
	unsigned long sreg, sp;
	if (parse_hex_fixed(tok[3], 2, &sreg) || parse_hex_fixed(tok[4], 4, &sp))
		return -1;
	char *end;
	errno = 0;
	unsigned long long steps = strtoull(tok[5], &end, 10);
	if (*end || errno || tok[5][0] == '-')
		return -1;
	/* mem groups */
	int ngroups = 0;
	for (int i = 6; i < n; i += 3) {
		unsigned long addr;
		if (strcmp(tok[i], "mem") || parse_hex_fixed(tok[i + 1], 4, &addr))
			return -1;
		long len = parse_hex_bytes(tok[i + 2], buf, sizeof buf);
		if (len <= 0 || addr + len > (unsigned long)avr->ramend + 1)
			return -1;
		memcpy(avr->data + addr, buf, len);
		groups[ngroups].addr = addr;
		groups[ngroups].len = len;
		ngroups++;
	}
	set_sreg(sreg);
	avr->data[R_SPL] = sp & 0xff;
	avr->data[R_SPH] = sp >> 8;

	for (unsigned long long i = 0; i < steps; i++) {
		uint32_t pc = avr->pc;
		avr_cycle_count_t c;
		const char *err = step_one(&c);
		if (err) {
			fprintf(out, "pc=%04x error=%s\n", pc >> 1, err);
			return 0;
		}
	}

	fprintf(out, "pc=%04x cycles=%llu", avr->pc >> 1,
		(unsigned long long)avr->cycle);
	put_state();
	fputs(" mem=", out);
	for (int g = 0; g < ngroups; g++)
		put_hex(avr->data + groups[g].addr, groups[g].len);
	putc('\n', out);
	return 0;
}

static int batch_mode(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	setup_core();
	snapshot_core();
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\r' || *p == '\0' || *p == '#')
			continue;
		if (run_case(p) < 0)
			fprintf(out, "pc=0000 error=bad-input\n");
	}
	free(line);
	fflush(out);
	return 0;
}

/* -------------------------------------------------------------- run mode */

struct dump {
	unsigned long addr, len;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: simavr-step batch < cases\n"
		"       simavr-step run FILE.elf [--stop WORDADDR] [--max-cycles N]"
		" [--trace] [--dump ADDR:LEN]...\n");
	exit(1);
}

static int parse_ulong(const char *s, int base, unsigned long long *v)
{
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return -1;
	*v = strtoull(s, &end, base);
	return (*end || errno) ? -1 : 0;
}

static int run_mode(int argc, char **argv)
{
	const char *file = NULL;
	long long stop = -1;
	unsigned long long max_cycles = 1000000000ULL;
	int trace = 0;
	struct dump *dumps = calloc(argc, sizeof *dumps);
	int ndumps = 0;

	for (int i = 0; i < argc; i++) {
		unsigned long long v;
		if (!strcmp(argv[i], "--stop") && i + 1 < argc) {
			if (parse_ulong(argv[++i], 16, &v))
				usage();
			stop = v;
		} else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
			if (parse_ulong(argv[++i], 10, &max_cycles))
				usage();
		} else if (!strcmp(argv[i], "--trace")) {
			trace = 1;
		} else if (!strcmp(argv[i], "--dump") && i + 1 < argc) {
			char *arg = argv[++i], *colon = strchr(arg, ':');
			unsigned long long a, l;
			if (!colon)
				usage();
			*colon = 0;
			if (parse_ulong(arg, 16, &a) || parse_ulong(colon + 1, 0, &l))
				usage();
			dumps[ndumps].addr = a;
			dumps[ndumps].len = l;
			ndumps++;
		} else if (argv[i][0] != '-' && !file) {
			file = argv[i];
		} else {
			usage();
		}
	}
	if (!file)
		usage();

	setup_core();
	for (int d = 0; d < ndumps; d++)
		if (dumps[d].addr + dumps[d].len > (unsigned long)avr->ramend + 1) {
			fprintf(stderr, "simavr-step: dump %lx:%lu outside 0000-%04x\n",
				dumps[d].addr, dumps[d].len, avr->ramend);
			return 1;
		}

	elf_firmware_t fw;
	if (elf_read_firmware(file, &fw) != 0) {
		fprintf(stderr, "simavr-step: cannot read %s\n", file);
		return 1;
	}
	if (fw.flashbase + fw.flashsize > avr->flashend + 1) {
		fprintf(stderr, "simavr-step: %s does not fit the atmega32 flash\n", file);
		return 1;
	}
	log_error = 0;
	avr_load_firmware(avr, &fw);
	avr->pc = avr->reset_pc;
	avr->cycle = 0;
	avr->state = cpu_Running;

	unsigned long long instructions = 0;
	const char *why = NULL;
	static char whybuf[64];
	uint32_t err_pc = 0;

	for (;;) {
		if (stop >= 0 && (avr->pc >> 1) == (uint32_t)stop) {
			why = "pc";
			break;
		}
		if (max_cycles && avr->cycle >= max_cycles) {
			why = "max-cycles";
			break;
		}
		uint32_t pc = avr->pc;
		avr_cycle_count_t c;
		const char *err = step_one(&c);
		if (!err && avr->pc == pc) {
			/* self-branch: executed once, not counted */
			avr->cycle -= c;
			why = "self";
			break;
		}
		instructions++;
		if (trace)
			fprintf(out, "%04x %llu\n", pc >> 1, (unsigned long long)c);
		if (err) {
			snprintf(whybuf, sizeof whybuf, "error:%s", err);
			why = whybuf;
			err_pc = pc;
			break;
		}
	}

	uint32_t show_pc = strncmp(why, "error:", 6) ? avr->pc : err_pc;
	fprintf(out, "cycles=%llu instructions=%llu pc=%04x",
		(unsigned long long)avr->cycle, instructions, show_pc >> 1);
	put_state();
	fprintf(out, " stop=%s\n", why);
	for (int d = 0; d < ndumps; d++) {
		fprintf(out, "dump %04lx=", dumps[d].addr);
		if (dumps[d].addr <= R_SREG && dumps[d].addr + dumps[d].len > R_SREG)
			sync_sreg();
		put_hex(avr->data + dumps[d].addr, dumps[d].len);
		putc('\n', out);
	}
	fflush(out);
	return (!strcmp(why, "pc") || !strcmp(why, "self")) ? 0 : 2;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
	/* Results go to the original stdout; fd 1 becomes stderr so that any
	 * printf() inside libsimavr cannot mix with them. */
	int fd = dup(1);
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		perror("simavr-step");
		return 1;
	}
	setvbuf(out, NULL, _IOFBF, 1 << 16);
	dup2(2, 1);
	verbose = getenv("SIMAVR_STEP_VERBOSE") && *getenv("SIMAVR_STEP_VERBOSE") &&
		  strcmp(getenv("SIMAVR_STEP_VERBOSE"), "0");

	if (argc >= 2 && !strcmp(argv[1], "batch") && argc == 2)
		return batch_mode();
	if (argc >= 3 && !strcmp(argv[1], "run"))
		return run_mode(argc - 2, argv + 2);
	usage();
	return 1;
}
