#!/usr/bin/env python3
"""A resident Cosh guard (SPEC R12), standard library only.

setup.json:
    {"command": "python3 \"$COSH_CONFIG_DIR/resident-guard.py\"", "resident": true,
     "matcher": "^(bash_run|fs_read)$", "onError": "deny"}

"onError": "deny": past the restart limit (3 in a minute) or on a timeout a call is an error, and a
guard must not fail open then.

Cosh starts this once and writes one JSON line per tool call to stdin, with an "id". Answer each
line with one JSON line carrying the same "id" (plus "decision", "reason", ... and "exit" when
you mean 2 or 49), and flush: an answer stuck in a buffer is a call that times out. Answer every
id, even for a line you cannot read. Keep no state that changes a verdict: a restart (after a
crash or a timeout) must answer the same call the same way.
"""
import json
import re
import sys

# `rm` with both -r and -f, in any order or spelling (-rf, -fr, -r -f, --recursive --force), in
# one command of a list or pipeline. Each expression is matched once, from left to right, with no
# nested repeats: the time is linear in the command's length (SPEC R12), so a 1 MiB command is
# answered at once. (A single expression with nested repeats, which this replaced, took seconds
# there, and a guard that times out answers nothing.)
SEPARATOR = re.compile(r"[;&|\n]")
RM = re.compile(r"(?:^|[\s/])rm(?=\s|$)")
RECURSIVE = re.compile(r"\s(?:-[a-zA-Z]*[rR]|--recursive(?=\s|$))")
FORCE = re.compile(r"\s(?:-[a-zA-Z]*f|--force(?=\s|$))")


def is_rm_rf(command):
    for part in SEPARATOR.split(command):
        found = RM.search(part)
        if found and RECURSIVE.search(part, found.end()) and FORCE.search(part, found.end()):
            return True
    return False


def decide(call):
    tool = call.get("tool_name")
    tool_input = call.get("tool_input") or {}
    if tool == "fs_read":
        return {"decision": "allow"}
    if tool == "bash_run" and is_rm_rf(str(tool_input.get("command", ""))):
        return {"decision": "deny", "reason": "rm -rf is not allowed here"}
    return {"decision": "none"}


def main():
    for line in sys.stdin:
        call_id = None
        try:
            call = json.loads(line)
            call_id = call["id"]
            answer = decide(call)
        except Exception as error:  # a line we cannot read still gets an answer
            print(f"resident-guard: {error}", file=sys.stderr, flush=True)
            if call_id is None:
                continue
            answer = {"decision": "deny", "reason": f"the guard failed: {error}"}
        answer["id"] = call_id
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
