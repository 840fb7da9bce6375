#!/usr/bin/env bash
# K5 continue: false on exit 0 halts the turn.
jq -n '{continue: false, stopReason: "maintenance window: no tool calls"}'
