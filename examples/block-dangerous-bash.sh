#!/bin/sh
# The "Block dangerous bash" hook of examples/setup.json, run as "$COSH_CONFIG_DIR/block-dangerous-bash.sh"
# (COSH_CONFIG_DIR is the folder of the setup.json the hook comes from, so this works from any
# working folder, and `cosh hooks trust` fingerprints this file: an edit stops the hook until
# it is trusted again).
#
# Denies rm with both a recursive and a force flag (-rf, -fr, -r -f, --recursive --force), mkfs,
# and dd if=. It greps the JSON payload on stdin, so whitespace JSON-escaped as \t, \n or \r still
# counts. A guard rail against accidents, not a sandbox: a determined command can always be
# written another way.
input=$(cat)
rm_call='(^|[^[:alnum:]_]|\\[tnr])rm([[:space:]]|\\[tnr])'
if printf '%s' "$input" | grep -Eq "$rm_call.*(-[[:alpha:]]*[rR]|--recursive)" &&
  printf '%s' "$input" | grep -Eq "$rm_call.*(-[[:alpha:]]*f|--force)"; then
  echo 'rm -rf is not allowed' >&2
  exit 2
fi
if printf '%s' "$input" | grep -Eq '(^|[^[:alnum:]_]|\\[tnr])(mkfs|dd([[:space:]]|\\[tnr])+if=)'; then
  echo 'mkfs and dd if= are not allowed' >&2
  exit 2
fi
