#!/usr/bin/env python3
# K5 permissionDecision: deny for .env files, allow for Markdown, no opinion otherwise (Read, Write, Grep).
import json, sys
data = json.load(sys.stdin)
tool_input = data.get("tool_input", {})
path = tool_input.get("file_path") or tool_input.get("path") or ""
def answer(decision, reason):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": data["hook_event_name"],
        "permissionDecision": decision, "permissionDecisionReason": reason}}))
if path.endswith(".env"):
    answer("deny", f"{data['tool_name']} of {path} is not allowed: it holds secrets")
elif path.endswith(".md"):
    answer("allow", "Markdown is harmless")
sys.exit(0)
