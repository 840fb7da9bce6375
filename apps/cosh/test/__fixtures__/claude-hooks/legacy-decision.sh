#!/usr/bin/env bash
# K5 deprecated top-level decision: "approve" for `git status`, "block" for `git push --force`.
command=$(jq -r '.tool_input.command // ""')
case "$command" in
  "git status"*) jq -n '{decision: "approve", reason: "read-only git"}' ;;
  *"push --force"*) jq -n --arg c "$command" '{decision: "block", reason: ("no force pushes: " + $c)}' ;;
esac
exit 0
