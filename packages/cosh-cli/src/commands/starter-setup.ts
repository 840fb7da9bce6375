// The starter setup.json `cosh init` writes (SPEC X): the product page's examples, each a
// working hook, all off but the rm -rf block (a guard a new user wants on, and cannot regret).
// Its tests check that it loads without a warning and that each hook does what it says.

/** The text of the starter setup.json, comments included. */
export const STARTER_SETUP_JSON = `// Cosh setup.json, written by \`cosh init\`: the examples of the product page, ready to switch on.
// A "rule" hook tests one field of the tool input inside Cosh (no process) and answers when it holds.
// A "command" hook runs \`/bin/sh -c <command>\` with the call on stdin, one line of JSON:
//   {"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}
// (PostToolUse adds "tool_output"), and answers with its exit status: 0 (optionally printing
// {"decision","reason","context","updated_input"}), 2 to deny, 49 to halt the turn.
// Only "Block rm -rf" is on; set "enabled": true on the others to use them.
// Check your edits with \`cosh hooks validate\`; switch hooks on and off with \`cosh settings\`.
// An edit stops the file from loading until you review it with \`cosh hooks trust\`.
{
  "hooks": {
    "PreToolUse": [
      {
        // Deny any shell command with rm -rf (or rm -fr, rm -Rf, rm -rfv …). A "rule" needs no
        // process: it is tested inside Cosh, in microseconds. "onError": "deny" keeps a guard
        // closed if it ever cannot answer.
        "name": "Block rm -rf",
        "matcher": "^bash_run$",
        "rule": {"field": "command", "regex": "\\\\brm\\\\s+-[a-zA-Z]*([rR][a-zA-Z]*f|f[a-zA-Z]*[rR])", "decision": "deny", "reason": "rm -rf is not allowed"},
        "onError": "deny"
      },
      {
        // Auto-approve file reads: no permission prompt for fs_read (a rule on any path).
        "name": "Allow reads",
        "matcher": "^fs_read$",
        "rule": {"field": "path", "regex": "", "decision": "allow"},
        "enabled": false
      },
      {
        // Rewrite arguments: a grep run through bash_run gets --color=never, so no colour codes
        // reach the model. updated_input is merged onto the input before the tool runs.
        "name": "Add --color=never to grep",
        "matcher": "^bash_run$",
        "command": "node -e 'const {tool_input: input} = JSON.parse(require(\\"fs\\").readFileSync(0, \\"utf8\\")); const command = input.command; if (typeof command === \\"string\\" && /^\\\\s*grep\\\\s/.test(command) && !/--colou?r/.test(command)) console.log(JSON.stringify({updated_input: {command: command.replace(/^(\\\\s*grep)/, \\"$1 --color=never\\")}}));'",
        "timeout": 10,
        "enabled": false
      },
      {
        // Halt the turn: \`touch /tmp/cosh-halt\` stops every tool call until the file is removed.
        // "*" (or no matcher) means every tool.
        "name": "Emergency stop",
        "matcher": "*",
        "command": "if [ -f /tmp/cosh-halt ]; then echo 'emergency stop: remove /tmp/cosh-halt to resume' >&2; exit 49; fi",
        "onError": "deny",
        "timeout": 5,
        "enabled": false
      }
    ],
    "PostToolUse": [
      {
        // Add context after a write: the model reads this line after the tool's output.
        "name": "Note file writes",
        "matcher": "^fs_write$",
        "rule": {"field": "path", "regex": "", "decision": "context", "context": "File write completed"},
        "enabled": false
      },
      {
        // Flag a large read: a deny after the call adds the reason to what the model reads.
        "name": "Flag large reads",
        "matcher": "^fs_read$",
        "command": "size=$(wc -c); if [ \\"$size\\" -gt 100000 ]; then echo '{\\"decision\\": \\"deny\\", \\"reason\\": \\"large output: review it before trusting it\\"}'; fi",
        "onError": "deny",
        "enabled": false
      }
    ]
  }
}
`;

/** The name of the one hook the starter file has on. */
export const STARTER_GUARD_NAME = 'Block rm -rf';
