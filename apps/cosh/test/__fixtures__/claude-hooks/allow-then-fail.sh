#!/usr/bin/env bash
# K5: a hook that prints its allow, then fails. Claude Code does not read stdout on a non-zero
# exit, so this must not allow anything.
jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow"}}'
echo 'policy check crashed after answering' >&2
exit 1
