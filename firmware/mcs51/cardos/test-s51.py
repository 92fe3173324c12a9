#!/usr/bin/env python3
"""Run the card OS on ucsim's s51 with T=0 traffic from a file and check
every answer: ATR, procedure bytes, status words, AES results against the
FIPS-197 C.1-C.3 vectors, both builds, and the boot's commit-flag recovery.
s51's EEPROM is plain XDATA (EESTAT reads 0), filled with 0xFF first as an
erased one. Also prints machine cycles per command between breakpoints.

    test-s51.py [precomputed|onthefly ...]      (default: both)
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
AID = bytes.fromhex("F0636172646C6162")
PT = bytes.fromhex("00112233445566778899aabbccddeeff")
KEYS = {16: ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        24: ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        32: ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
             "8ea2b7ca516745bfeafc49904b496089")}
ATR = bytes.fromhex("3B1713") + b"cardlab"
ANY = None                                  # a byte whose value is not checked


def sw(s):
    return list(bytes.fromhex(s))


class Script:
    """Commands with the answer the card must give. Data follows a header
    only when the expected answer starts with the procedure byte."""

    def __init__(self):
        self.inp, self.exp, self.names = bytearray(), list(ATR), []
        self.stops = 1                      # breakpoint stops expected; 1: the final idle stop

    def cmd(self, name, hdr, data=b"", answer=()):
        hdr = bytes.fromhex(hdr) if isinstance(hdr, str) else hdr
        self.inp += hdr
        answer = list(answer)
        if data and answer and answer[0] == hdr[1]:
            self.inp += data
        self.exp += answer
        acked = bool(answer) and answer[0] == hdr[1]
        self.stops += 2                     # cmd_dispatch, io_sw
        self.stops += acked and len(answer) > 3              # io_send of the data
        self.stops += acked and hdr[1] in (0xDA, 0x2A, 0x88, 0x84)   # key_put, key_cipher, rng_fill
        self.names.append((name, len(self.exp)))


def script():
    s = Script()
    sel = bytes.fromhex("00A4040008") + AID
    s.cmd("GET CHALLENGE at power-on", "0084000008", answer=[0x84] + [ANY] * 8 + sw("9000"))
    s.cmd("CLA 80", "80A4040008", AID, sw("6E00"))
    s.cmd("INS B0", "00B0000000", answer=sw("6D00"))
    s.cmd("SELECT other AID", "00A4040008", bytes(8), [0xA4] + sw("6A82"))
    s.cmd("SELECT P1=00", "00A4000008", AID, sw("6A86"))
    s.cmd("SELECT Lc=0", "00A4040000", answer=sw("6700"))
    s.cmd("SELECT", sel[:5], AID, [0xA4] + sw("9000"))
    s.cmd("PSO no key", "002A848010", PT, sw("6985"))
    s.cmd("INTERNAL AUTHENTICATE no key", "0088000010", PT, sw("6985"))
    s.cmd("GET RESPONSE nothing", "00C0000010", answer=sw("6985"))
    s.cmd("GET CHALLENGE 8", "0084000008", answer=[0x84] + [ANY] * 8 + sw("9000"))
    s.cmd("GET CHALLENGE 16", "0084000010", answer=[0x84] + [ANY] * 16 + sw("9000"))
    s.cmd("GET CHALLENGE Le=5", "0084000005", answer=sw("6700"))
    s.cmd("GET CHALLENGE P1=01", "0084010008", answer=sw("6A86"))
    s.cmd("PUT DATA Lc=15", "00DA01000F", bytes(15), sw("6700"))
    s.cmd("PUT DATA P1=02", "00DA020010", bytes(16), sw("6A86"))
    for n, (k, c) in KEYS.items():
        k, c = bytes.fromhex(k), bytes.fromhex(c)
        b = str(n * 8)
        s.cmd("PUT DATA AES-" + b, bytes([0, 0xDA, 1, 0, n]), k, [0xDA] + sw("9000"))
        s.cmd("PSO encipher 1 block AES-" + b, "002A848010", PT, [0x2A] + sw("6110"))
        s.cmd("GET RESPONSE", "00C0000010", answer=[0xC0] + list(c) + sw("9000"))
        s.cmd("PSO encipher 2 blocks AES-" + b, "002A848020", PT + PT, [0x2A] + sw("6120"))
        s.cmd("GET RESPONSE Le=10", "00C0000010", answer=sw("6C20"))
        s.cmd("GET RESPONSE", "00C0000020", answer=[0xC0] + list(c + c) + sw("9000"))
        s.cmd("PSO decipher 1 block AES-" + b, "002A808410", c, [0x2A] + sw("6110"))
        s.cmd("GET RESPONSE", "00C0000010", answer=[0xC0] + list(PT) + sw("9000"))
        s.cmd("INTERNAL AUTHENTICATE AES-" + b, "0088000010", PT, [0x88] + sw("6110"))
        s.cmd("GET RESPONSE", "00C0000010", answer=[0xC0] + list(c) + sw("9000"))
    s.cmd("PSO encipher 15 blocks AES-256", "002A8480F0", PT * 15, [0x2A] + sw("61F0"))
    s.cmd("GET RESPONSE", "00C00000F0", answer=[0xC0] + list(bytes.fromhex(KEYS[32][1]) * 15) + sw("9000"))
    s.cmd("GET RESPONSE again", "00C00000F0", answer=sw("6985"))
    s.cmd("PSO Lc=15", "002A84800F", bytes(15), sw("6700"))
    s.cmd("PSO P1P2=8484", "002A848410", PT, sw("6A86"))
    s.cmd("INTERNAL AUTHENTICATE Lc=8", "0088000008", bytes(8), sw("6700"))
    s.cmd("SELECT other AID keeps the selection", "00A4040008", bytes(8), [0xA4] + sw("6A82"))
    s.cmd("PSO decipher after it", "002A808410", bytes.fromhex(KEYS[32][1]), [0x2A] + sw("6110"))
    s.cmd("GET RESPONSE", "00C0000010", answer=[0xC0] + list(PT) + sw("9000"))
    return s


def recovery_script(cipher):
    """After the boot: select, encipher the FIPS plaintext, expect `cipher`"""
    s = Script()
    s.cmd("SELECT", "00A4040008", AID, [0xA4] + sw("9000"))
    s.cmd("PSO encipher", "002A848010", PT, [0x2A] + sw("6110"))
    s.cmd("GET RESPONSE", "00C0000010", answer=[0xC0] + list(bytes.fromhex(cipher)) + sw("9000"))
    return s


def build(variant, out):
    subprocess.run([os.path.join(HERE, "build.sh"), out, variant, "-DUART_INIT"],
                   check=True, stdout=subprocess.DEVNULL)
    syms = {}
    for line in open(os.path.join(out, "cardos.map")):
        m = re.match(r"C:\s+([0-9A-F]+)\s+(_\w+)", line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
    return syms


def run(ihx, syms, s, eeprom=(), tmp="."):
    """Run s51 on the script; returns (output bytes, [(pc, machine cycles)] stops)"""
    inp, out = os.path.join(tmp, "in.bin"), os.path.join(tmp, "out.bin")
    open(inp, "wb").write(s.inp)
    if os.path.exists(out):
        os.remove(out)
    marks = ["_cmd_dispatch", "_io_sw", "_key_cipher", "_key_put", "_rng_fill", "_io_send"]
    e = ['file "%s"' % ihx, "fill xram 0x8000 0xffff 0xff"]
    for addr, data in eeprom:
        e.append("set memory xram 0x%04x %s" % (addr, " ".join("0x%02x" % b for b in data)))
    e += ["break 0x%x" % syms[m] for m in marks]
    e += ["run", "state"] * s.stops
    args = ["s51", "-t", "8052", "-q", "-b", "-R", "1", "-S", "in=%s,out=%s" % (inp, out),
            "-I", "if=xram[0xffff]"]
    for c in e:
        args += ["-e", c]
    # stop feeding runs once the card has stopped itself: run until that, via a script
    txt = subprocess.run(args + ["-e", "quit"], stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=900).stdout
    stops, pc = [], None
    for line in txt.splitlines():
        m = re.match(r"Stop at 0x([0-9a-f]+): \((\d+)\)", line)
        if m:
            pc = int(m.group(1), 16) if m.group(2) == "104" else -1
        m = re.search(r"\((\d+) clks\)", line)
        if m and pc is not None and line.startswith("Total time"):
            stops.append((pc, int(m.group(1)) // 12))
            pc = None
    cut = next((i for i, (p, _) in enumerate(stops) if p == -1), len(stops))
    return open(out, "rb").read() if os.path.exists(out) else b"", stops[:cut]


def check(name, s, got):
    ok = True
    prev = len(ATR)
    if list(got[:len(ATR)]) != list(ATR):
        print("  FAIL ATR:", got[:len(ATR)].hex())
        ok = False
    for cname, end in s.names:
        e, g = s.exp[prev:end], list(got[prev:end])
        good = len(g) == len(e) and all(x is None or x == y for x, y in zip(e, g))
        if not good:
            print("  FAIL %s: got %s want %s" % (cname, bytes(g).hex(),
                  "".join("??" if x is None else "%02x" % x for x in e)))
            ok = False
        prev = end
    if len(got) != len(s.exp):
        print("  FAIL length: got %d bytes, want %d" % (len(got), len(s.exp)))
        ok = False
    print("%s: %s (%d commands, %d answer bytes)" % (name, "ok" if ok else "FAILED", len(s.names), len(got)))
    return ok


def cycles(s, syms, stops):
    """Per command: header decision (dispatch -> first answer call) and the
    work (key_put / key_cipher / rng_fill -> the next answer call)."""
    names = {v: k for k, v in syms.items()}
    rows, i, cmd = [], 0, 0
    seq = [(names.get(pc, hex(pc)), c) for pc, c in stops]
    while i < len(seq) and cmd < len(s.names):
        if seq[i][0] != "_cmd_dispatch":
            i += 1
            continue
        start = seq[i][1]
        j = i + 1
        work = None
        first = None
        while j < len(seq) and seq[j][0] != "_cmd_dispatch":
            if first is None and seq[j][0] in ("_io_sw", "_io_send", "_key_cipher", "_key_put", "_rng_fill"):
                first = seq[j][1] - start
            if seq[j][0] in ("_key_cipher", "_key_put", "_rng_fill") and j + 1 < len(seq):
                work = (seq[j][0][1:], seq[j + 1][1] - seq[j][1])
            j += 1
        rows.append((s.names[cmd][0], first, work))
        cmd += 1
        i = j
    return rows


def main():
    variants = sys.argv[1:] or ["precomputed", "onthefly"]
    allok = True
    with tempfile.TemporaryDirectory() as tmp:
        for v in variants:
            out = os.path.join(tmp, v)
            syms = build(v, out)
            ihx = os.path.join(out, "cardos.ihx")
            s = script()
            got, stops = run(ihx, syms, s, tmp=tmp)
            allok &= check(v, s, got)
            for name, first, work in cycles(s, syms, stops):
                w = " %s %d" % work if work else ""
                print("    %-40s header %5s%s" % (name, first, w))
            # boot recovery: key file AES-128, backup AES-256
            k128, k256 = bytes.fromhex(KEYS[16][0]), bytes.fromhex(KEYS[32][0])
            base = [(0x80C0, [16, 0xEF]), (0x80E0, k128), (0x8080, [32, 0xDF]), (0x80A0, k256)]
            if v == "precomputed":      # the AES-128 round keys are part of the key file
                base.append(("RK", None))
            ee = [x for x in base if x[0] != "RK"]
            if v == "precomputed":
                ee += rk_pages(k128)
            for label, flag, want in (("flag set: the update is finished", [0xA5, 0x5A], KEYS[32][1]),
                                      ("flag torn (A5 FF): rolled back", [0xA5, 0xFF], KEYS[16][1]),
                                      ("flag clear: backup ignored", [0x00, 0x00], KEYS[16][1])):
                r = recovery_script(want)
                got, _ = run(ihx, syms, r, ee + [(0x8060, flag)], tmp=tmp)
                allok &= check("%s boot, %s" % (v, label), r, got)
    print("ALL OK" if allok else "FAILURES")
    sys.exit(0 if allok else 1)


def rk_pages(key):
    """AES-128 round keys as the precomputed build stores them (page r = K_r)"""
    sbox = sbox_table()
    w = [list(key[4 * i:4 * i + 4]) for i in range(4)]
    rcon = 1
    for i in range(4, 44):
        t = list(w[i - 1])
        if i % 4 == 0:
            t = [sbox[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = ((rcon << 1) ^ (0x1B if rcon & 0x80 else 0)) & 0xFF
        w.append([a ^ b for a, b in zip(w[i - 4], t)])
    return [(0x8200 + 32 * r, sum(w[4 * r:4 * r + 4], [])) for r in range(11)]


def sbox_table():
    txt = open(os.path.join(HERE, "..", "aes", "sbox.asm")).read()
    return [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", txt.split("aes_sbox::")[1])][:256]


if __name__ == "__main__":
    main()
