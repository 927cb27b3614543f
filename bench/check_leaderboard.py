#!/usr/bin/env python3
"""Checks one leaderboard body (spec 4.2) saved by bench/leaderboard.sh, reading it as a stream.

usage: check_leaderboard.py BODY EXPECTED SNAPSHOT [--writes]

EXPECTED and SNAPSHOT are written by bench/GenerateLevels.java. Prints one line and exits 0 when the body
passes, 1 when it fails:
    ok sha256=<hex> entries=<n> bytes=<n>
    FAIL sha256=<hex> bytes=<n>: <reason>
Checks: a JSON array of objects with exactly the fields of spec 2.1 and nothing after it; ranks strictly
increasing; no user twice; order by level then xp descending, ties by user id ascending; username and
avatar from the snapshot, or `Unknown User` and "" for a user not in it; as many entries as ranked records.
Without --writes the body must be exactly the expected leaderboard (user, level, xp, rank of every entry,
in order). With --writes (levels and xp change while the body is read) it must rank exactly the expected
set of users.
"""
import codecs
import hashlib
import json
import re
import sys

FIELDS = {"user_id", "username", "avatar", "level", "xp", "rank"}
U64_MAX = 2**64 - 1
CANONICAL = re.compile(r"[1-9][0-9]*\Z")
WS = " \t\r\n"


class Failure(Exception):
    pass


class Reader:
    """The body's text, decoded as UTF-8 a chunk at a time, with the SHA-256 and size of its bytes."""

    def __init__(self, path):
        self.file = open(path, "rb")
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.sha = hashlib.sha256()
        self.bytes = 0
        self.buf = ""
        self.pos = 0
        self.eof = False

    def more(self):
        if self.eof:
            return False
        chunk = self.file.read(1 << 20)
        self.sha.update(chunk)
        self.bytes += len(chunk)
        try:
            text = self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as e:
            raise Failure(f"not UTF-8 near byte {self.bytes}: {e.reason}")
        if not chunk:
            self.eof = True
        if self.pos > (1 << 20):
            self.buf = self.buf[self.pos:]
            self.pos = 0
        self.buf += text
        return True

    def drain(self):
        while self.more():
            pass

    def skip_ws(self):
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in WS:
                self.pos += 1
            if self.pos < len(self.buf) or not self.more():
                return

    def peek(self):
        self.skip_ws()
        return self.buf[self.pos] if self.pos < len(self.buf) else ""

    def value(self, decoder=json.JSONDecoder()):
        while True:
            try:
                value, end = decoder.raw_decode(self.buf, self.pos)
                self.pos = end
                return value
            except json.JSONDecodeError as e:
                if not self.more():
                    raise Failure(f"body ends inside an entry (invalid or cut-short JSON: {e.msg})")


def check(body, expected, members, writes):
    r = Reader(body)
    records = int(expected["records"])
    count = 0
    prev_rank = 0
    prev_key = None
    seen = set()
    content = hashlib.sha256()
    lines = []
    users_fp = 0
    try:
        if r.peek() != "[":
            raise Failure("empty body" if r.peek() == "" else f"body does not start with '[' but {r.peek()!r}")
        r.pos += 1
        if r.peek() == "]":
            r.pos += 1
        else:
            while True:
                if r.peek() != "{":
                    c = r.peek()
                    raise Failure(f"after {count} entries: " + ("body ends (cut short: no closing ']')" if c == ""
                                                                 else f"expected an object, found {c!r}"))
                e = r.value()
                count += 1
                where = f"entry {count}"
                if set(e) != FIELDS:
                    raise Failure(f"{where}: fields {sorted(e)}")
                uid, name, avatar, level, xp, rank = (e["user_id"], e["username"], e["avatar"], e["level"], e["xp"], e["rank"])
                if not (isinstance(uid, str) and isinstance(name, str) and isinstance(avatar, str)):
                    raise Failure(f"{where}: user_id, username and avatar must be strings")
                for k, v in (("level", level), ("xp", xp), ("rank", rank)):
                    if type(v) is not int or v < 0 or v > U64_MAX:
                        raise Failure(f"{where}: {k} {v!r} is not an unsigned 64-bit integer")
                if not CANONICAL.match(uid) or int(uid) > U64_MAX:
                    raise Failure(f"{where}: user_id {uid!r} is not a positive decimal integer")
                if rank <= prev_rank or rank > records:
                    raise Failure(f"{where}: rank {rank} after rank {prev_rank} (must increase, at most {records})")
                if uid in seen:
                    raise Failure(f"{where}: user {uid} appears twice")
                seen.add(uid)
                key = (-level, -xp, uid)
                if prev_key is not None and key <= prev_key:
                    raise Failure(f"{where}: out of order (level {level}, xp {xp}, user {uid} after level {-prev_key[0]}, "
                                  f"xp {-prev_key[1]}, user {prev_key[2]})")
                want = members.get(uid, ("Unknown User", ""))
                if (name, avatar) != want:
                    raise Failure(f"{where}: user {uid} has username {name!r}, avatar {avatar!r}; expected {want[0]!r}, {want[1]!r}")
                prev_rank, prev_key = rank, key
                if writes:
                    users_fp += int.from_bytes(hashlib.sha256(uid.encode()).digest()[:16], "big")
                else:
                    lines.append(f"{uid}\t{level}\t{xp}\t{rank}\n")
                    if len(lines) >= 4096:
                        content.update("".join(lines).encode())
                        lines.clear()
                c = r.peek()
                if c == ",":
                    r.pos += 1
                elif c == "]":
                    r.pos += 1
                    break
                elif c == "":
                    raise Failure(f"body ends after {count} entries (last rank {prev_rank}): cut short, no closing ']'")
                else:
                    raise Failure(f"after entry {count}: expected ',' or ']', found {c!r}")
        if r.peek() != "":
            raise Failure(f"data after the closing ']': {r.buf[r.pos:r.pos + 20]!r}")
        ranked = int(expected["ranked"])
        if count != ranked:
            raise Failure(f"{count} entries, expected {ranked}")
        if writes:
            if f"{users_fp % (1 << 128):032x}" != expected["users_fp"]:
                raise Failure("the set of ranked users differs from the records'")
        else:
            content.update("".join(lines).encode())
            if content.hexdigest() != expected["content_sha256"]:
                raise Failure("entries (user, level, xp, rank) differ from the expected leaderboard")
        return r, None, count
    except Failure as f:
        r.drain()
        return r, str(f), count


def main():
    args = sys.argv[1:]
    writes = "--writes" in args
    args = [a for a in args if a != "--writes"]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    body, expected_path, snapshot_path = args
    expected = dict(line.rstrip("\n").split("=", 1) for line in open(expected_path) if "=" in line)
    snapshot = json.load(open(snapshot_path, encoding="utf-8"))
    members = {}
    for g in snapshot["guilds"]:
        if g["guild_id"] == expected["guild"]:
            members = {m["user_id"]: (m["username"], m["avatar"]) for m in g["members"]}
    r, failure, count = check(body, expected, members, writes)
    if failure:
        print(f"FAIL sha256={r.sha.hexdigest()} bytes={r.bytes}: {failure}")
        sys.exit(1)
    print(f"ok sha256={r.sha.hexdigest()} entries={count} bytes={r.bytes}")


if __name__ == "__main__":
    main()
