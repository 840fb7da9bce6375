import { isAbsolute, resolve } from 'node:path';
import {
  type CoshToolResult,
  coshToolOutput,
  type PatchOperation,
  parseApplyPatch,
  toCoshToolInput,
} from '@cosh/hooks';
import { firstField, fromClaudeToolName, PATCH_TOOL_INPUT, SHELL_TOOL_INPUT, TOOLS } from '@cosh/spec';
import { codexPatchTargets, shellPatchOf } from './codex-patch.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type ToolInput = Readonly<Record<string, unknown>>;

/** One Cosh call a Codex call is read as (K9). */
export interface CodexCoshCall {
  readonly toolName: string;
  /** The MCP server of an `mcp__<server>__<tool>` name, else `null`. */
  readonly mcpServer: string | null;
  readonly toolInput: ToolInput;
}

/** A Codex tool call read as Cosh calls (K9), and the way back for a rewrite. */
export interface CodexToolCall {
  /** Usually one; an `apply_patch` that touches several files is one call per file. */
  readonly calls: readonly CodexCoshCall[];
  /**
   * Codex's `tool_input` for the Cosh input a hook rewrote (the one call), the untouched
   * original fields kept; `null` when Codex's input cannot say it (a patch, several calls).
   */
  toCodexInput(rewritten: ToolInput): ToolInput | null;
}

/** Codex's names for its shell tools: older releases send the tool's own name, newer ones `Bash`. */
const CODEX_SHELL_TOOLS: ReadonlySet<string> = new Set(TOOLS.bash_run.twins.codex);
const CODEX_READ_TOOLS: ReadonlySet<string> = new Set(TOOLS.fs_read.twins.codex);
const CODEX_PATCH_TOOL = 'apply_patch';

/** Codex tool names → Cosh's, for the docs' table (K9). */
export const CODEX_TOOL_TABLE: readonly (readonly [codex: string, cosh: string])[] = [
  ['Bash (also shell, exec_command, local_shell)', 'bash_run {command}'],
  ['apply_patch (one added file)', 'fs_write {path, content}'],
  ['apply_patch (one updated file)', 'fs_edit {path, edits}'],
  ['apply_patch (several files)', 'one fs_write / fs_edit call per file'],
  ['read_file {file_path}', 'fs_read {path}'],
  ['mcp__<server>__<tool>', '<tool> of server <server>'],
];

const shellWords = new Set(['sh', 'bash', 'zsh', '/bin/sh', '/bin/bash', '/bin/zsh', '/usr/bin/bash', '/usr/bin/zsh']);

/** Quotes one word for a POSIX shell, only when it needs it. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command line of a Codex shell call: a string as it is; an argv (older releases) as the script
 * of `bash -lc <script>`, else its words quoted and joined.
 */
function commandOf(input: ToolInput): string | null {
  const command = firstField(input, SHELL_TOOL_INPUT.command);
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((word) => typeof word === 'string')) {
    const words = command as string[];
    if (words.length === 3 && shellWords.has(words[0] as string) && /^-l?c$/.test(words[1] as string)) {
      return words[2] as string;
    }
    return words.map(shellQuote).join(' ');
  }
  return null;
}

/**
 * The patch of a shell command that is Codex's `apply_patch` given a patch (see
 * {@link shellPatchOf}), `null` for any other command.
 */
export function shellApplyPatch(command: string): string | null {
  return shellPatchOf(command)?.patch ?? null;
}

/** A patch operation as the Cosh call a hook guarding files sees (paths absolute against `cwd`). */
function patchOperationCall(operation: PatchOperation, cwd: string, patch: string): CodexCoshCall {
  const path = isAbsolute(operation.path) ? operation.path : resolve(cwd, operation.path);
  if (operation.kind === 'add') {
    return { toolName: 'fs_write', mcpServer: null, toolInput: { path, content: operation.contents } };
  }
  if (operation.kind === 'update' && operation.movedTo === null) {
    const edits = operation.chunks.map((chunk) => ({
      old_string: chunk.oldLines.join('\n'),
      new_string: chunk.newLines.join('\n'),
    }));
    return { toolName: 'fs_edit', mcpServer: null, toolInput: { path, edits } };
  }
  // A deletion or a move has no Cosh twin: hooks matching `apply_patch` see the patch itself.
  return { toolName: CODEX_PATCH_TOOL, mcpServer: null, toolInput: { command: patch, path } };
}

/** Copies `source` and sets `key` (an own, enumerable property even for `__proto__`). */
function withField(source: ToolInput, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...source };
  Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

/**
 * K9: a Codex tool call (`tool_name`, `tool_input` of its hook stdin) read as the Cosh calls its
 * hooks guard: `Bash` (and the older `shell`, `exec_command`, `local_shell`) `{command}` →
 * `bash_run {command}`; `apply_patch {command: <patch>}` → one `fs_write {path, content}` per added
 * file and one `fs_edit {path, edits}` per updated file (a deleted or moved file stays
 * `apply_patch`); `read_file {file_path}` → `fs_read {path}`; `mcp__s__t` → tool `t` of server `s`;
 * any other name (and Claude's names, which Codex accepts in matchers) as the Claude bridge reads it.
 *
 * @example
 * fromCodexToolCall('Bash', { command: 'ls' }, '/repo').calls;
 * // [{ toolName: 'bash_run', mcpServer: null, toolInput: { command: 'ls' } }]
 */
export function fromCodexToolCall(codexToolName: string, codexInput: ToolInput, cwd: string): CodexToolCall {
  const unchanged = (toolName: string, mcpServer: string | null = null): CodexToolCall => ({
    calls: [{ toolName, mcpServer, toolInput: codexInput }],
    toCodexInput: (rewritten) => ({ ...codexInput, ...rewritten }),
  });

  if (CODEX_SHELL_TOOLS.has(codexToolName)) {
    const command = commandOf(codexInput);
    if (command === null) return unchanged('bash_run');
    // Codex applies `apply_patch <<'EOF' … EOF` given to its shell itself: the file guards see it
    // as the patch it is (as for the apply_patch tool), besides the shell command it also is.
    const shellPatch = shellPatchOf(command);
    const operations = shellPatch === null ? null : parseApplyPatch(shellPatch.patch);
    // `cd <folder> && apply_patch …`: Codex takes the patch's paths against that folder.
    const patchCwd = shellPatch?.workdir == null ? cwd : resolve(cwd, shellPatch.workdir);
    const patchCalls =
      shellPatch === null || operations === null
        ? []
        : operations.map((operation) => patchOperationCall(operation, patchCwd, shellPatch.patch));
    return {
      calls: [{ toolName: 'bash_run', mcpServer: null, toolInput: { command } }, ...patchCalls],
      toCodexInput: (rewritten) => {
        const next = rewritten['command'];
        if (typeof next !== 'string') return null;
        const key = Object.hasOwn(codexInput, 'command') || !Object.hasOwn(codexInput, 'cmd') ? 'command' : 'cmd';
        return withField(codexInput, key, next);
      },
    };
  }
  if (codexToolName === CODEX_PATCH_TOOL) {
    const patch = firstField(codexInput, PATCH_TOOL_INPUT.patch, (value) => typeof value === 'string');
    const operations = typeof patch === 'string' ? parseApplyPatch(patch) : null;
    if (typeof patch !== 'string' || operations === null)
      return { ...unchanged(CODEX_PATCH_TOOL), toCodexInput: () => null };
    return {
      calls: operations.map((operation) => patchOperationCall(operation, cwd, patch)),
      toCodexInput: () => null,
    };
  }
  if (CODEX_READ_TOOLS.has(codexToolName)) {
    const path = codexInput['file_path'] ?? codexInput['path'];
    if (typeof path !== 'string') return unchanged('fs_read');
    const key = Object.hasOwn(codexInput, 'file_path') ? 'file_path' : 'path';
    return {
      calls: [
        { toolName: 'fs_read', mcpServer: null, toolInput: { path: isAbsolute(path) ? path : resolve(cwd, path) } },
      ],
      toCodexInput: (rewritten) =>
        typeof rewritten['path'] === 'string' ? withField(codexInput, key, rewritten['path']) : null,
    };
  }
  const { toolName, mcpServer } = fromClaudeToolName(codexToolName);
  if (mcpServer !== null || toolName === codexToolName) return unchanged(toolName, mcpServer);
  // A Claude name (Write, Edit, …): Codex does not send these today; read them as the Claude bridge does.
  return {
    calls: [{ toolName, mcpServer: null, toolInput: toCoshToolInput(toolName, codexInput) }],
    toCodexInput: () => null,
  };
}

/**
 * The text a Codex tool returned, from PostToolUse's `tool_response` (K9): a string as it is; an
 * MCP result's (`{content: [...]}`) text items joined with `\n`; an object's `output` or `text`
 * string (a command's output, a patch's result); otherwise as the Claude bridge reads it.
 */
export function codexToolOutput(toolName: string, toolResponse: unknown, mcpServer: string | null): CoshToolResult {
  if (isRecord(toolResponse)) {
    const content = toolResponse['content'];
    if (Array.isArray(content)) return coshToolOutput(toolName, content, mcpServer);
    for (const key of ['output', 'aggregated_output', 'text']) {
      const value = toolResponse[key];
      if (typeof value === 'string' && !Object.hasOwn(toolResponse, 'stdout')) return { output: value };
    }
  }
  return coshToolOutput(toolName, toolResponse, mcpServer);
}

/**
 * B8: every file a Codex call would write through a patch, absolute: `apply_patch`'s patch, or a
 * patch given to the shell (`apply_patch <<'EOF'`, after `cd <folder> &&` against that folder; a
 * command that merely mentions apply_patch is scanned for file headers too, which can only refuse
 * more). Empty for any other call.
 */
export function codexPatchWriteTargets(codexToolName: string, codexInput: ToolInput, cwd: string): string[] {
  if (codexToolName === CODEX_PATCH_TOOL) {
    // Every patch field, not only the first: reading more can only refuse more.
    const texts = PATCH_TOOL_INPUT.patch
      .map((field) => codexInput[field])
      .filter((value): value is string => typeof value === 'string');
    return [...new Set(texts.flatMap((text) => codexPatchTargets(text, cwd)))];
  }
  if (!CODEX_SHELL_TOOLS.has(codexToolName)) return [];
  const command = commandOf(codexInput);
  if (command === null || !/apply_?patch/.test(command)) return [];
  const shellPatch = shellPatchOf(command);
  const targets = new Set(codexPatchTargets(command, cwd));
  if (shellPatch !== null) {
    const patchCwd = shellPatch.workdir === null ? cwd : resolve(cwd, shellPatch.workdir);
    for (const path of codexPatchTargets(shellPatch.patch, patchCwd)) targets.add(path);
  }
  return [...targets];
}
