#!/usr/bin/env python3
# K5 additionalContext (for the model) and systemMessage (for the person only).
import json, sys
data = json.load(sys.stdin)
print(json.dumps({"systemMessage": f"checked {data['tool_name']}",
    "hookSpecificOutput": {"hookEventName": data["hook_event_name"],
        "additionalContext": f"policy: {data['tool_name']} calls are logged"}}))
