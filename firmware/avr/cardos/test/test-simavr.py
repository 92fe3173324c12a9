#!/usr/bin/env python3
"""Run the AVR card OS (the classic-core image, as build.sh makes it) on
simavr's ATmega32 behind a T=0 reader (simavr_t0.c) and check every
answer: ATR, status words, AES-128/192/256 against FIPS-197 C.1-C.3 (1, 2
and 15 blocks, encipher, decipher, INTERNAL AUTHENTICATE), GET CHALLENGE
across resets, the boot's commit-flag recovery, and (build applets) the
applet store: the AES applets of firmware/applets loaded, run and checked
against C.1, an applet calling the card's key (helper 5), GET STATUS,
DELETE, the store kept across a reset. simavr has no EEPROM write time, and
its EEPROM is widened to 32 KiB by the harness.

    test-simavr.py [applets|onthefly ...]      (default: both)
    VERBOSE=1 test-simavr.py                    (and the cycles of each APDU)

Needs simavr and libsimavr-dev, avr-gcc; for the applets clang and
llvm-objcopy (the applet checks are skipped without them). The last line
is "N passed, N failed".
"""
import os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CARDOS = os.path.dirname(HERE)
APPLETS = os.path.join(CARDOS, "..", "..", "applets")
AID = "F0636172646C6162"
PT = "00112233445566778899AABBCCDDEEFF"
KEYS = {16: ("000102030405060708090A0B0C0D0E0F", "69C4E0D86A7B0430D8CDB78070B4C55A"),
        24: ("000102030405060708090A0B0C0D0E0F1011121314151617", "DDA97CA4864CDFE06EAF70A0EC0D7191"),
        32: ("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
             "8EA2B7CA516745BFEAFC49904B496089")}
ATR = "3B1713" + b"cardlab".hex().upper()
ANY = "*"
VERBOSE = os.environ.get("VERBOSE") == "1"   # cycles per APDU (the line's wait included)

passed = failed = 0


def result(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("  FAIL %s %s" % (name, detail))


class Script:
    """Lines for simavr_t0 with the answer each must give: (data, sw), data
    None for "not checked", sw an int or None."""

    def __init__(self):
        self.lines, self.want = [], []

    def apdu(self, name, hexs, data="", sw=0x9000):
        self.lines.append(hexs.replace(" ", ""))
        self.want.append((name, data, sw))

    def raw(self, name, hexs, data="", sw=0x9000):
        self.lines.append("t " + hexs.replace(" ", ""))
        self.want.append((name, data, sw))

    def reset(self):
        self.lines.append("reset")
        self.want.append(("reset", ATR, None))


def lc(data):
    return "%02X" % (len(data) // 2) + data


def run(harness, elf, ee, s):
    txt = subprocess.run([harness, elf, ee], input="\n".join(s.lines) + "\n", capture_output=True,
                         text=True, timeout=600, check=True).stdout
    out = [l.split() for l in txt.splitlines() if l.split() and l.split()[0] in ("atr", "resp", "mute", "crashed")]
    result(out and out[0] == ["atr", ATR], "ATR", str(out[:1]))
    got = out[1:]
    if len(got) != len(s.want):
        result(False, "answers", "%d for %d lines" % (len(got), len(s.want)))
    nulls = 0
    for (name, data, sw), g in zip(s.want, got):
        if name == "reset":
            result(g == ["atr", ATR], name, str(g))
            continue
        if g[0] != "resp":
            result(False, name, " ".join(g))
            continue
        gd = "" if g[1] == "-" else g[1]
        nulls += int(g[4].split("=")[1])
        ok = (data is None or (len(gd) == len(data) and all(
            w == ANY or w == c for w, c in zip(data, gd)) if ANY in data else gd == data))
        ok = ok and (sw is None or int(g[2], 16) == sw)
        result(ok, name, "got %s %s want %s %s" % (gd, g[2], data, "%04X" % sw if sw else ""))
        if VERBOSE:
            print("    %-44s %s %s" % (name, g[3], g[4]))
    return got, nulls


def card_script():
    s = Script()
    s.apdu("GET CHALLENGE at power-on", "0084000008", ANY * 16)
    s.raw("CLA 10", "10A4040008", sw=0x6E00)
    s.raw("INS B0", "00B0000000", sw=0x6D00)
    s.apdu("SELECT other AID", "00A40400" + lc("00" * 8), sw=0x6A82)
    s.raw("SELECT P1=00", "00A4000008", sw=0x6A86)
    s.raw("SELECT Lc=0", "00A4040000", sw=0x6700)
    s.apdu("SELECT", "00A40400" + lc(AID))
    s.raw("PSO no key", "002A848010", sw=0x6985)
    s.raw("INTERNAL AUTHENTICATE no key", "0088000010", sw=0x6985)
    s.raw("GET RESPONSE nothing", "00C0000010", sw=0x6985)
    s.apdu("GET CHALLENGE 8", "0084000008", ANY * 16)
    s.apdu("GET CHALLENGE 16", "0084000010", ANY * 32)
    s.raw("GET CHALLENGE Le=5", "0084000005", sw=0x6700)
    s.raw("GET CHALLENGE P1=01", "0084010008", sw=0x6A86)
    s.raw("PUT DATA Lc=15", "00DA01000F", sw=0x6700)
    s.raw("PUT DATA P1=02", "00DA020010", sw=0x6A86)
    for n, (k, c) in KEYS.items():
        b = "AES-%d" % (n * 8)
        s.apdu("PUT DATA " + b, "00DA0100" + lc(k))
        s.apdu("encipher 1 block " + b, "002A8480" + lc(PT) + "00", c)
        s.raw("encipher 2 blocks " + b, "002A848020" + PT + PT, sw=0x6120)
        s.raw("GET RESPONSE Le=10", "00C0000010", sw=0x6C20)
        s.raw("GET RESPONSE", "00C0000020", c + c)
        s.apdu("decipher 1 block " + b, "002A8084" + lc(c) + "00", PT)
        s.apdu("INTERNAL AUTHENTICATE " + b, "00880000" + lc(PT) + "00", c)
    s.apdu("encipher 15 blocks AES-256", "002A8480" + lc(PT * 15) + "00", KEYS[32][1] * 15)
    s.apdu("decipher 15 blocks AES-256", "002A8084" + lc(KEYS[32][1] * 15) + "00", PT * 15)
    s.raw("GET RESPONSE again", "00C00000F0", sw=0x6985)
    s.raw("PSO Lc=15", "002A84800F", sw=0x6700)
    s.raw("PSO P1P2=8484", "002A848410", sw=0x6A86)
    s.raw("INTERNAL AUTHENTICATE Lc=8", "0088000008", sw=0x6700)
    s.apdu("SELECT other AID keeps the selection", "00A40400" + lc("00" * 8), sw=0x6A82)
    s.apdu("decipher after it", "002A8084" + lc(KEYS[32][1]) + "00", PT)
    s.reset()
    s.apdu("the key kept across a reset", "002A8480" + lc(PT) + "00", KEYS[32][1])
    return s


def recovery(flag, want):
    """EEPROM: key file AES-128, backup AES-256, the commit flag `flag`."""
    ee = bytearray(b"\xff" * 32768)
    k128, k256 = bytes.fromhex(KEYS[16][0]), bytes.fromhex(KEYS[32][0])
    ee[0xC0:0xC2] = bytes([16, 0xEF])
    ee[0xE0:0xF0] = k128
    ee[0x80:0x82] = bytes([32, 0xDF])
    ee[0xA0:0xC0] = k256
    ee[0x60:0x62] = bytes(flag)
    s = Script()
    s.apdu("encipher after the boot", "002A8480" + lc(PT) + "00", want)
    return ee, s


def applet(src, out):
    obj = os.path.join(out, os.path.basename(src) + ".o")
    binf = obj + ".bin"
    subprocess.run(["clang", "-O2", "-target", "bpf", "-mcpu=v3", "-ffreestanding", "-Wall", "-c", src,
                    "-o", obj], check=True)
    subprocess.run(["llvm-objcopy", "-O", "binary", "-j", ".text", obj, binf], check=True)
    return open(binf, "rb").read().hex().upper()


def load_and_install(s, name, aid, code):
    a = aid.encode().hex().upper()
    lv = lc(a)
    s.apdu("INSTALL for load " + name, "80E60200" + lc(lv + "00000000"))
    n = len(code) // 2
    tag = "C4" + ("%02X" % n if n < 0x80 else "81%02X" % n if n < 0x100 else "82%04X" % n)
    data = tag + code
    blocks = [data[i:i + 480] for i in range(0, len(data), 480)]
    for i, b in enumerate(blocks):
        s.apdu("LOAD %s block %d" % (name, i), "80E8%02X%02X" % (0x80 if i == len(blocks) - 1 else 0, i) + lc(b))
    s.apdu("INSTALL " + name, "80E60C00" + lc(lv + lv + lv + "0100" + "02C900" + "00"))


# the applets' AIDs (5 to 16 bytes)
AIDS = {"aes_expand": "cl.expand", "aes_encrypt": "cl.encrypt", "aes_decrypt": "cl.decrypt",
        "keyenc": "cl.keyenc"}


def store_script(out):
    s = Script()
    code = {n: applet(os.path.join(APPLETS, n + ".c"), out) for n in ("aes_expand", "aes_encrypt", "aes_decrypt")}
    code["keyenc"] = applet(os.path.join(HERE, "keyenc.c"), out)
    k, c = KEYS[16]
    s.apdu("GET STATUS, nothing", "80F24000024F0000", sw=0x6A88)
    for n in ("aes_expand", "aes_encrypt", "aes_decrypt", "keyenc"):
        load_and_install(s, n, AIDS[n], code[n])
    s.apdu("GET STATUS", "80F24000024F0000", "".join(
        lc(AIDS[n].encode().hex().upper()) + "0700"
        for n in ("aes_expand", "aes_encrypt", "aes_decrypt", "keyenc")))
    s.raw("a fifth applet", "80E60200" + lc(lc(b"fifth".hex().upper()) + "00000000"), sw=0x6A84)
    s.apdu("SELECT aes_expand", "00A40400" + lc(b"cl.expand".hex().upper()))
    s.apdu("RUN aes_expand (C.1 key)", "803A0000" + lc(k))
    s.apdu("SELECT aes_encrypt", "00A40400" + lc(b"cl.encrypt".hex().upper()))
    s.apdu("RUN aes_encrypt, 1 block", "803A0000" + lc(PT) + "00", c)
    s.apdu("RUN aes_encrypt, 15 blocks", "803A0000" + lc(PT * 15) + "00", c * 15)
    s.apdu("SELECT aes_decrypt", "00A40400" + lc(b"cl.decrypt".hex().upper()))
    s.apdu("RUN aes_decrypt, 15 blocks", "803A0000" + lc(c * 15) + "00", PT * 15)
    s.apdu("SELECT keyenc", "00A40400" + lc(b"cl.keyenc".hex().upper()))
    s.apdu("RUN keyenc, no key", "803A0000" + lc(PT) + "00", sw=0x6423)
    s.apdu("PUT DATA AES-192", "00DA0100" + lc(KEYS[24][0]))
    s.apdu("RUN keyenc, AES-192 key file", "803A0000" + lc(PT * 2) + "00", KEYS[24][1] * 2)
    s.apdu("SELECT the card OS", "00A40400" + lc(AID))
    s.raw("RUN with nothing selected", "803A000000", sw=0x6985)
    s.reset()
    s.apdu("SELECT aes_encrypt after a reset", "00A40400" + lc(b"cl.encrypt".hex().upper()))
    s.apdu("RUN aes_encrypt after a reset", "803A0000" + lc(PT) + "00", c)
    s.apdu("DELETE aes_encrypt", "80E40000" + lc("4F" + lc(b"cl.encrypt".hex().upper())))
    s.apdu("SELECT deleted", "00A40400" + lc(b"cl.encrypt".hex().upper()), sw=0x6A82)
    s.apdu("the key file after all that", "002A8480" + lc(PT) + "00", KEYS[24][1])
    return s


def main():
    variants = sys.argv[1:] or ["applets", "onthefly"]
    with tempfile.TemporaryDirectory() as tmp:
        harness = os.path.join(tmp, "simavr_t0")
        subprocess.run(["cc", "-O2", "-Wall", "-o", harness, os.path.join(HERE, "simavr_t0.c"),
                        "-I/usr/include/simavr", "-lsimavr"], check=True)
        for v in variants:
            out = os.path.join(tmp, v)
            subprocess.run([os.path.join(CARDOS, "build.sh"), out, v], check=True, stdout=subprocess.DEVNULL)
            elf = os.path.join(out, "cardos.elf")
            ee = os.path.join(out, "eeprom.bin")
            print("%s: the card OS" % v)
            got, _ = run(harness, elf, ee, card_script())
            chal = [g[1] for g in got[:3] if g[0] == "resp"]
            # GET CHALLENGE: a new counter each reset, so new bytes
            s = Script()
            s.apdu("GET CHALLENGE, next session", "0084000010", ANY * 32)
            again, _ = run(harness, elf, ee, s)
            result(again and again[0][1] not in chal and again[0][1][:16] != chal[0],
                   "GET CHALLENGE differs across resets", str(again[:1]))
            print("%s: boot recovery" % v)
            for flag, want in (([0xA5, 0x5A], KEYS[32][1]), ([0xA5, 0xFF], KEYS[16][1]),
                               ([0x00, 0x00], KEYS[16][1])):
                image, s = recovery(flag, want)
                open(ee, "wb").write(image)
                run(harness, elf, ee, s)
                got = open(ee, "rb").read()
                result(got[0x60:0x62] != b"\xa5\x5a", "flag %02X %02X cleared or left unset" % tuple(flag))
                result(flag != [0xA5, 0x5A] or (got[0xC0:0xC2] == bytes([32, 0xDF]) and
                       got[0xE0:0x100] == bytes.fromhex(KEYS[32][0])), "key file installed from the backup")
            if v == "applets":
                if not (shutil.which("clang") and shutil.which("llvm-objcopy")):
                    print("applets: no clang / llvm-objcopy, the store is not tried")
                    continue
                print("%s: the applet store" % v)
                os.remove(ee)
                got, nulls = run(harness, elf, ee, store_script(tmp))
                result(nulls > 0, "NULL procedure bytes during long runs", str(nulls))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
