#!/usr/bin/env python3
# K5/K7 permissionDecision "ask" for anything that mentions prod.
import json, sys
data = json.load(sys.stdin)
if "prod" in json.dumps(data["tool_input"]):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "ask", "permissionDecisionReason": "this touches prod"}}))
