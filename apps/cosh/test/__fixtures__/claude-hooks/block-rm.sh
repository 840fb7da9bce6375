#!/usr/bin/env bash
# K5 exit 2: blocks `rm -rf` in Bash commands; the reason is stderr.
command=$(jq -r '.tool_input.command // ""')
if [[ "$command" == *"rm -rf"* ]]; then
  echo "Dangerous command blocked: $command" >&2
  exit 2
fi
exit 0
