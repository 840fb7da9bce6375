#!/usr/bin/env bash
# Saves what Claude hooks are given (stdin and CLAUDE_PROJECT_DIR) to $CLAUDE_RECORD/<event>-<tool>.json.
input=$(cat)
name=$(jq -r '.hook_event_name + "-" + .tool_name' <<<"$input")
jq --arg dir "$CLAUDE_PROJECT_DIR" '. + {claude_project_dir: $dir}' <<<"$input" > "$CLAUDE_RECORD/$name.json"
