"""Load AES keys into cardlab's virtual card through PC/SC (pyscard) and
encipher every vector of a JSON file [[key, plaintext, ciphertext], ...]
(hex): the card's answer must be the ciphertext. Prints 'ok N vectors,
K keys' or exits 1 naming the first wrong one."""
import json
import sys

from smartcard.System import readers

AID = [0xF0, 0x63, 0x61, 0x72, 0x64, 0x6C, 0x61, 0x62]


def main(path):
    vectors = json.load(open(path))
    reader = next(r for r in readers() if "Virtual PCD 00 00" in str(r))
    conn = reader.createConnection()
    conn.connect()

    def tx(apdu):
        data, sw1, sw2 = conn.transmit(list(apdu))
        return bytes(data), (sw1 << 8) | sw2

    _, sw = tx([0x00, 0xA4, 0x04, 0x00, len(AID)] + AID)
    assert sw == 0x9000, "SELECT: %04X" % sw
    loaded, keys = None, 0
    for i, (key, pt, ct) in enumerate(vectors):
        key, pt, ct = bytes.fromhex(key), bytes.fromhex(pt), bytes.fromhex(ct)
        if key != loaded:
            _, sw = tx(bytes([0x00, 0xDA, 0x01, 0x00, len(key)]) + key)
            if sw != 0x9000:
                sys.exit("PUT DATA of vector %d: %04X" % (i, sw))
            loaded, keys = key, keys + 1
        data, sw = tx(bytes([0x00, 0x2A, 0x84, 0x80, len(pt)]) + pt + b"\x00")
        if (data, sw) != (ct, 0x9000):
            sys.exit("vector %d: card %s %04X, expected %s" % (i, data.hex(), sw, ct.hex()))
    conn.disconnect()
    print("ok %d vectors, %d keys" % (len(vectors), keys))


main(sys.argv[1])
