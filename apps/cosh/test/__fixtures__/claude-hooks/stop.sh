#!/usr/bin/env bash
# K5 continue: false halts, whatever the exit code.
jq -n '{continue: false, stopReason: "maintenance window: no tool calls"}'
exit 1
