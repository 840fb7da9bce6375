import type { HookEvent, ImportedHookEntry } from '@cosh/config';

/** Claude Code's default hook timeout, seconds: imported hooks keep it (K2, K6). */
const CLAUDE_DEFAULT_TIMEOUT_SECONDS = 600;
/** Claude's names for the tools Cosh has (K3); an imported matcher that can select none of them is reported. */
const COSH_TOOLS_AS_CLAUDE = ['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'Grep'];
const NAME_LIST = /^[A-Za-z0-9_\- ,|]*$/;
/** The events an import brings over (K6): a tool call's. */
type ImportedEvent = Extract<HookEvent, 'PreToolUse' | 'PostToolUse'>;
const HOOK_EVENTS: readonly ImportedEvent[] = ['PreToolUse', 'PostToolUse'];
/** Handler types Claude Code has that Cosh does not run. */
const OTHER_HANDLER_TYPES = new Set(['http', 'prompt', 'agent', 'mcp_tool']);
/** A Claude Code permission rule, `Tool` or `Tool(pattern)` (F5). */
const CLAUDE_IF_RULE = /^[A-Za-z][A-Za-z0-9_.-]*(\((.*\S.*)\))?$/s;

/** What became of one handler (or one part of the file that could not be read). */
export interface ImportReportLine {
  /** `claude:<label>:<Event>[i].hooks[j]`, or the JSON path of a part of unknown shape. */
  readonly name: string;
  readonly status: 'imported' | 'warning' | 'skipped' | 'error';
  /** Why, for a warning, a skip or an error; `null` for a plain import. */
  readonly message: string | null;
  /** The command imported (shown before anything is trusted), else `null`. */
  readonly command: string | null;
}

/** What an import would write and report. */
export interface ImportPlan {
  readonly lines: readonly ImportReportLine[];
  readonly entries: Readonly<Record<ImportedEvent, readonly ImportedHookEntry[]>>;
  /** Lines with status `error`: with any, nothing is written. */
  readonly errorCount: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a matcher can only select tools Cosh lacks (`WebFetch`, `NotebookEdit`, …), or `null`. */
function matcherSelectsNoCoshTool(matcher: string | undefined): string | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  if (NAME_LIST.test(matcher)) {
    const names = matcher
      .split(/[|,]/)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (names.some((name) => COSH_TOOLS_AS_CLAUDE.includes(name) || name.startsWith('mcp__'))) return null;
    return `matcher ${JSON.stringify(matcher)} names only tools Cosh does not have (Cosh has ${COSH_TOOLS_AS_CLAUDE.join(', ')} and MCP tools)`;
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher);
  } catch (error) {
    return `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error instanceof Error ? error.message : String(error)}), so this hook never runs`;
  }
  if (COSH_TOOLS_AS_CLAUDE.some((name) => regex.test(name)) || matcher.includes('mcp')) return null;
  return `matcher ${JSON.stringify(matcher)} selects none of Cosh's tools (${COSH_TOOLS_AS_CLAUDE.join(', ')})`;
}

/** The program a command starts, when it is a plain word that could be looked up on PATH. */
function interpreterOf(command: string): string | null {
  const words = command.trim().split(/\s+/);
  // Leading VAR=value assignments are not the program.
  const first = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  if (first === undefined || /[/$`"'\\(){};&|<>*?~]/.test(first)) return null;
  return first;
}

/**
 * Reads Claude Code settings (`.claude/settings.json`, `settings.local.json`, `~/.claude/settings.json`
 * or a plugin's `hooks/hooks.json`) into the entries `cosh hooks import --from claude` writes (K6):
 * one per `command` handler of PreToolUse and PostToolUse, named `claude:<label>:<Event>[i].hooks[j]`,
 * `protocol: "claude"`, the matcher verbatim, the command, the timeout (or 600). Every handler gets
 * one report line: imported; imported with a warning (`if` dropped, `async` run synchronously, a
 * matcher only for tools Cosh lacks, an interpreter not on PATH); skipped (other events, `http`,
 * `prompt`, `agent`, `mcp_tool` handlers); or an error (a part of unknown shape, another handler
 * type). Pure but for `commandExists`.
 */
export function planClaudeImport(
  settings: unknown,
  label: string,
  commandExists: (name: string) => boolean,
): ImportPlan {
  const lines: ImportReportLine[] = [];
  const entries: Record<ImportedEvent, ImportedHookEntry[]> = { PreToolUse: [], PostToolUse: [] };
  const error = (name: string, message: string): void => {
    lines.push({ name, status: 'error', message, command: null });
  };
  if (!isRecord(settings)) {
    error('(file)', 'the settings are not a JSON object');
    return { lines, entries, errorCount: 1 };
  }
  const hooks = settings['hooks'];
  if (hooks === undefined) return { lines, entries, errorCount: 0 };
  if (!isRecord(hooks)) {
    error('hooks', '"hooks" is not an object of event name → array of matcher groups');
    return { lines, entries, errorCount: 1 };
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const imported = (HOOK_EVENTS as readonly string[]).includes(event);
    if (!Array.isArray(groups)) {
      error(`hooks.${event}`, `hooks.${event} is not an array of matcher groups`);
      continue;
    }
    groups.forEach((group, i) => {
      const groupName = `claude:${label}:${event}[${i}]`;
      if (!isRecord(group) || !Array.isArray(group['hooks'])) {
        error(groupName, `${event}[${i}] is not an object with a "hooks" array`);
        return;
      }
      const matcher = group['matcher'];
      if (matcher !== undefined && typeof matcher !== 'string') {
        error(groupName, `${event}[${i}].matcher is not a string`);
        return;
      }
      group['hooks'].forEach((handler, j) => {
        const name = `${groupName}.hooks[${j}]`;
        if (!isRecord(handler)) {
          error(name, 'the handler is not an object');
          return;
        }
        const type = handler['type'];
        if (typeof type === 'string' && OTHER_HANDLER_TYPES.has(type)) {
          lines.push({ name, status: 'skipped', message: `"${type}" handlers are not run by Cosh`, command: null });
          return;
        }
        if (type !== 'command') {
          error(
            name,
            `handler type ${JSON.stringify(type)} is not one Claude Code has (command, http, prompt, agent, mcp_tool)`,
          );
          return;
        }
        const command = handler['command'];
        if (typeof command !== 'string' || command.trim() === '') {
          error(name, 'a command handler needs a non-empty "command" string');
          return;
        }
        if (!imported) {
          lines.push({
            name,
            status: 'skipped',
            message: `${event} hooks are not run by Cosh (only PreToolUse and PostToolUse)`,
            command,
          });
          return;
        }
        const timeout = handler['timeout'];
        if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || timeout > 86_400)) {
          error(name, `timeout ${JSON.stringify(timeout)} is not a number of seconds above 0 and at most 86400`);
          return;
        }
        // F5, K6: Claude's `if` is kept and honoured (a command Cosh cannot split selects the hook).
        const condition = handler['if'];
        if (condition !== undefined && (typeof condition !== 'string' || !CLAUDE_IF_RULE.test(condition.trim()))) {
          error(name, `"if" ${JSON.stringify(condition)} is not one Claude Code rule such as "Bash(git push:*)"`);
          return;
        }
        const warnings: string[] = [];
        if (handler['async'] === true) warnings.push('"async" is not supported: it runs synchronously');
        const selectsNothing = matcherSelectsNoCoshTool(matcher);
        if (selectsNothing !== null) warnings.push(selectsNothing);
        const interpreter = interpreterOf(command);
        if (interpreter !== null && !commandExists(interpreter)) warnings.push(`${interpreter} was not found on PATH`);
        entries[event as ImportedEvent].push({
          name,
          protocol: 'claude',
          ...(matcher === undefined ? {} : { matcher }),
          ...(condition === undefined ? {} : { if: condition }),
          command,
          timeout: timeout ?? CLAUDE_DEFAULT_TIMEOUT_SECONDS,
        });
        lines.push({
          name,
          status: warnings.length === 0 ? 'imported' : 'warning',
          message: warnings.length === 0 ? null : warnings.join('; '),
          command,
        });
      });
    });
  }
  return { lines, entries, errorCount: lines.filter((line) => line.status === 'error').length };
}
