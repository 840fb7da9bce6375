#!/usr/bin/env bash
# K5 updatedInput: Bash commands get `--color=never` appended and a 30 s timeout (in ms); Write
# files under /tmp/cosh-claude-redirect go elsewhere. Echoes every field as Claude asks.
input=$(cat)
tool=$(jq -r '.tool_name' <<<"$input")
if [[ "$tool" == "Bash" ]]; then
  jq '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
       updatedInput: (.tool_input + {command: (.tool_input.command + " --color=never"), timeout: 30000})}}' <<<"$input"
elif [[ "$tool" == "Write" ]]; then
  jq '{hookSpecificOutput: {hookEventName: "PreToolUse",
       updatedInput: (.tool_input + {file_path: (.tool_input.file_path | sub("draft"; "final"))})}}' <<<"$input"
fi
