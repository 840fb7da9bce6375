#!/usr/bin/env python3
# K5/O2: JSON that breaks Claude's schema is invalid output.
print('{"hookSpecificOutput": {"permissionDecision": "maybe"}}')
