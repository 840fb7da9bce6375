#!/usr/bin/env python3
# K5 PostToolUse decision "block" + reason → a [hook] line; reads Write's tool_response.
import json, sys
data = json.load(sys.stdin)
response = data.get("tool_response") or {}
if "TODO" in response.get("content", ""):
    print(json.dumps({"decision": "block", "reason": f"{response['filePath']} still has a TODO ({response['type']})"}))
