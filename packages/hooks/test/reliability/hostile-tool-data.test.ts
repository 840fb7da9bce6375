// Hostile tool data: names, inputs and outputs full of shell syntax, quotes, newlines and NUL reach
// hooks only through stdin (exact JSON) and COSH_TOOL_NAME (exact bytes), never the command
// line: nothing in them is ever run, and every byte round-trips.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { hookPayload } from '../../src/hook-payload.ts';
import { createHookEngine, runToolCall } from '../../src/index.ts';
import { hooksConfig, shellQuote } from '../../src/__fixtures__/hooks-config.ts';

const makeFolder = temporaryFolders('cosh-hooks-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

const file = (name: string): string => join(directory, name);

/** Strings that would run `touch <marker>` if anything spliced them into a shell command. */
function injections(marker: string): string[] {
  return [
    `$(touch ${marker}-dollar)`,
    `\`touch ${marker}-backtick\``,
    `'; touch ${marker}-single; '`,
    `"; touch ${marker}-double; "`,
    `\ntouch ${marker}-newline\n`,
    `x && touch ${marker}-and`,
    `x | touch ${marker}-pipe`,
    `\${IFS}$(touch\${IFS}${marker}-ifs)`,
    `\u0000$(touch ${marker}-after-nul)`,
  ];
}

/** Hooks that read the payload and the tool name in every way a careless hook might. */
function carelesslyEchoingHooks() {
  return [
    // Writes what it was given, exactly.
    { name: 'stdin', command: `cat > ${shellQuote(file('stdin'))}` },
    { name: 'name', command: `printf '%s' "$COSH_TOOL_NAME" > ${shellQuote(file('name'))}` },
    // Passes the payload through another shell, and echoes the name with and without quotes.
    {
      name: 'echo payload',
      command: `payload=$(cat); sh -c 'printf "%s\\n" "$1"' sh "$payload" > ${shellQuote(file('echoed'))}`,
    },
    {
      name: 'echo name',
      command: `cat >/dev/null; echo $COSH_TOOL_NAME "$COSH_TOOL_NAME" > ${shellQuote(file('echoed-name'))}`,
    },
    // What the hook's own shell was started with: its command line and its environment.
    {
      name: 'proc',
      command: `cat >/dev/null; cat /proc/$$/cmdline > ${shellQuote(file('cmdline'))}; cat /proc/$$/environ > ${shellQuote(file('environ'))}`,
    },
  ];
}

describe('hostile tool data', () => {
  it('R1/R3/R4: shell syntax in the tool name, input and output is never run; stdin and COSH_TOOL_NAME carry it exactly', async () => {
    const marker = file('pwned');
    const [nameInjection] = injections(marker);
    const toolName = `tool ${nameInjection} "quoted" 'single' \`tick\` \n second line`;
    const toolInput: Record<string, unknown> = Object.fromEntries(
      injections(marker).map((text, index) => [`field ${index} ${text}`, text]),
    );
    toolInput['nested'] = { array: injections(marker), nul: 'before\u0000after', unicode: 'é 中文 🙂 \u2028 \u202e' };
    const toolOutput = injections(marker).join('\n');
    const hooks = carelesslyEchoingHooks();
    const engine = createHookEngine(hooksConfig({ PreToolUse: hooks, PostToolUse: hooks }), {
      env: { PATH: process.env['PATH'] },
    });

    for (const event of ['PreToolUse', 'PostToolUse'] as const) {
      const result =
        event === 'PreToolUse'
          ? await engine.preToolUse({ toolName, toolInput })
          : await engine.postToolUse({ toolName, toolInput, toolOutput });
      expect(result.hooks.map((hook) => `${hook.name}:${hook.outcome}`)).toEqual(
        hooks.map((hook) => `${hook.name}:none`),
      );

      // The payload round-trips byte for byte, NUL and all (as \u0000 in JSON).
      const stdin = readFileSync(file('stdin'), 'utf8');
      expect(stdin).toBe(
        hookPayload({ event, toolName, toolInput, toolOutput: event === 'PostToolUse' ? toolOutput : undefined }),
      );
      const parsed = JSON.parse(stdin) as Record<string, unknown>;
      expect(parsed['tool_name']).toBe(toolName);
      expect(parsed['tool_input']).toEqual(toolInput);
      if (event === 'PostToolUse') expect(parsed['tool_output']).toBe(toolOutput);
      expect(stdin).toContain('before\\u0000after');

      // COSH_TOOL_NAME holds the name's exact UTF-8 bytes.
      expect(readFileSync(file('name'))).toEqual(Buffer.from(toolName, 'utf8'));
      expect(readFileSync(file('echoed'), 'utf8')).toBe(`${stdin}`);

      // The hook's shell was started as `/bin/sh -c <its command>`, nothing more (R1), and its
      // environment holds the name but no input (R4).
      const cmdline = readFileSync(file('cmdline'), 'utf8').split('\u0000');
      expect(cmdline).toEqual(['/bin/sh', '-c', hooks[4]?.command, '']);
      const environ = readFileSync(file('environ'), 'utf8');
      expect(environ.split('\u0000')).toContain(`COSH_TOOL_NAME=${toolName}`);
      expect(environ).not.toContain('field 0');
      expect(environ).not.toContain('before');
    }
    // Nothing ran: no marker of any injection exists.
    expect(readdirSync(directory).filter((name) => name.startsWith('pwned'))).toEqual([]);
    expect(existsSync(`${marker}-dollar`)).toBe(false);
  });

  it('R3/R4: random tool names, keys and values (any unicode, NUL in JSON strings) round-trip exactly', async () => {
    // Names: any code points but NUL (an environment variable cannot hold it, see below).
    const toolName = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((name) => !name.includes('\u0000'));
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...injections(file('pwned'))));
    const toolInput = fc.dictionary(text, fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 5 });
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'stdin', command: `cat > ${shellQuote(file('stdin'))}` },
          { name: 'name', command: `printf '%s' "$COSH_TOOL_NAME" > ${shellQuote(file('name'))}` },
        ],
      }),
      { env: { PATH: process.env['PATH'] } },
    );
    await fc.assert(
      fc.asyncProperty(toolName, toolInput, async (name, input) => {
        const pre = await engine.preToolUse({ toolName: name, toolInput: input });
        expect(pre.decision).toBe('none');
        const stdin = readFileSync(file('stdin'), 'utf8');
        expect(stdin).toBe(hookPayload({ event: 'PreToolUse', toolName: name, toolInput: input }));
        // As JSON has it (a -0 in the input is 0 there, as in any JSON the host writes).
        expect(JSON.parse(stdin)).toEqual({
          event: 'PreToolUse',
          tool_name: name,
          tool_input: JSON.parse(JSON.stringify(input)),
        });
        expect(readFileSync(file('name'))).toEqual(Buffer.from(name, 'utf8'));
      }),
      { numRuns: 40 },
    );
    expect(readdirSync(directory).filter((name) => name.startsWith('pwned'))).toEqual([]);
  }, 60_000);

  it('R3/R4: a name that is not well-formed UTF-16 (a lone surrogate) is exact on stdin; COSH_TOOL_NAME has U+FFFD in its place', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'stdin', command: `cat > ${shellQuote(file('stdin'))}` },
          { name: 'name', command: `printf '%s' "$COSH_TOOL_NAME" > ${shellQuote(file('name'))}` },
        ],
      }),
    );
    const toolName = 'tool\uD800name';
    await engine.preToolUse({ toolName, toolInput: {} });
    expect(readFileSync(file('stdin'), 'utf8')).toBe(
      '{"event":"PreToolUse","tool_name":"tool\\ud800name","tool_input":{}}\n',
    );
    // The environment holds bytes: the lone surrogate is encoded as UTF-8's replacement character.
    expect(readFileSync(file('name')).toString('hex')).toBe(Buffer.from('tool\uFFFDname', 'utf8').toString('hex'));
  });

  it('R4/L6: a tool name holding NUL cannot be put in COSH_TOOL_NAME: the call is denied with a clear reason, no hook runs', async () => {
    const marker = file('hook-ran');
    const engine = createHookEngine(
      hooksConfig({
        // A guard for bash_run that the NUL would slip past, and a hook that would show it ran.
        PreToolUse: [
          { name: 'guard', matcher: '^bash_run$', command: 'exit 2' },
          { name: 'any', command: `touch ${shellQuote(marker)}` },
        ],
      }),
    );
    let executed = false;
    const outcome = await runToolCall({
      engine,
      call: { toolName: 'bash_run\u0000 but not quite', toolInput: { command: 'ls' } },
      checkPermission: async () => ({ granted: true }),
      executeTool: async () => {
        executed = true;
        return { ok: true, output: 'ran' };
      },
    });
    expect(outcome.status).toBe('blocked');
    expect(outcome.output).toBe(
      'Blocked by hook: invalid tool call: toolName contains a NUL character (U+0000), which no hook can be given in COSH_TOOL_NAME',
    );
    expect(executed).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });
});
