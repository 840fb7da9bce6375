import { readdir, readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSetupJsonSchema } from './json-schema.ts';
import { validateHooksConfig } from './parse-config.ts';
import { parseJsonc } from './parse-jsonc.ts';

// C9: the JSON Schema, run through a real validator, accepts what `cosh hooks validate` accepts
// and rejects what C6 rejects. Each document below is checked both ways: ajv's verdict and the
// loader's must agree.

const repository = new URL('../../../', import.meta.url);
const schema = createSetupJsonSchema();
// strictRequired off: `not: {required: ["url"]}` inside a hook's oneOf names a field defined beside it.
const validateWithSchema = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

function schemaAccepts(document: unknown): boolean {
  return validateWithSchema(document) === true;
}

function loaderAccepts(document: unknown): boolean {
  return validateHooksConfig(document).ok;
}

/** The value of a JSONC text as the loader parses it (comments, trailing commas), or undefined. */
function parseDocument(text: string): unknown {
  const parsed = parseJsonc(text);
  return parsed.ok ? parsed.value : undefined;
}

interface Snippet {
  readonly where: string;
  readonly value: unknown;
}

/** The markdown files whose JSON snippets are checked: the READMEs and the docs. */
async function markdownFiles(): Promise<string[]> {
  const files = ['README.md', 'SECURITY.md'];
  for (const entry of await readdir(new URL('docs/', repository)))
    if (entry.endsWith('.md')) files.push(`docs/${entry}`);
  for (const folder of ['packages', 'apps']) {
    for (const name of await readdir(new URL(`${folder}/`, repository))) {
      const readme = `${folder}/${name}/README.md`;
      if (
        await readFile(new URL(readme, repository)).then(
          () => true,
          () => false,
        )
      )
        files.push(readme);
    }
  }
  return files;
}

/**
 * Every ```json / ```jsonc block of the docs that is a setup.json (an object with a `hooks`
 * object, a `hooksEnabled` or a `$schema` key: `hooks run --json` prints a `hooks` array), or one hook entry (an object with a `command` or `url` and
 * no `args`: MCP server entries have both). A block right after a line naming another
 * program's settings file (Claude Code's, Gemini's, Codex's hooks file) is that file, not ours.
 */
async function documentedSnippets(): Promise<{ files: Snippet[]; entries: Snippet[] }> {
  const files: Snippet[] = [];
  const entries: Snippet[] = [];
  for (const file of await markdownFiles()) {
    const text = await readFile(new URL(file, repository), 'utf8');
    const lines = text.split('\n');
    for (const match of text.matchAll(/^ *```jsonc?\n([\s\S]*?)^ *```/gm)) {
      const line = text.slice(0, match.index).split('\n').length;
      const before = lines.slice(Math.max(0, line - 4), line - 1).join(' ');
      if (/\.claude\/|\.gemini\/|Codex|settings\.json/.test(before)) continue;
      // An excerpt with `…` is not a document.
      const value = parseDocument(match[1] as string);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const where = `${file}:${line}`;
      const { hooks } = value as { hooks?: unknown };
      const hooksObject = typeof hooks === 'object' && hooks !== null && !Array.isArray(hooks);
      if (hooksObject || 'hooksEnabled' in value || '$schema' in value) files.push({ where, value });
      else if (('command' in value || 'url' in value || 'rule' in value) && !('args' in value))
        entries.push({ where, value });
    }
  }
  return { files, entries };
}

describe('C9: the JSON Schema validated with ajv', () => {
  it('C9: accepts every file in examples/', async () => {
    const names = (await readdir(new URL('examples/', repository))).filter((name) => /\.jsonc?$/.test(name));
    const setupFiles = names.filter((name) => name.includes('setup'));
    expect(setupFiles.length).toBeGreaterThan(0);
    for (const name of setupFiles) {
      const text = await readFile(new URL(`examples/${name}`, repository), 'utf8');
      const document = parseDocument(text);
      expect(document, name).toBeDefined();
      expect(loaderAccepts(document), name).toBe(true);
      expect(schemaAccepts(document), `${name}: ${JSON.stringify(validateWithSchema.errors)}`).toBe(true);
    }
  });

  it('C9: accepts every setup.json and hook entry shown in the READMEs and docs', async () => {
    const { files, entries } = await documentedSnippets();
    // The README's, docs/setup-json.md's, the config README's and writing-a-hook's at least.
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const { where, value } of files) {
      expect(loaderAccepts(value), where).toBe(true);
      expect(schemaAccepts(value), `${where}: ${JSON.stringify(validateWithSchema.errors)}`).toBe(true);
    }
    for (const { where, value } of entries) {
      const document = { hooks: { PreToolUse: [value] } };
      expect(loaderAccepts(document), where).toBe(true);
      expect(schemaAccepts(document), `${where}: ${JSON.stringify(validateWithSchema.errors)}`).toBe(true);
    }
  });

  it('C9: accepts what validate accepts with warnings only (C3 other settings, bad regex, misspelt toggle)', () => {
    const accepted: unknown[] = [
      {},
      { hooks: {} },
      { hooks: { PreToolUse: [] } },
      { editor: { tabSize: 2 }, theme: 'dark', hooks: {} },
      { hooks: { PreToolUse: [{ command: 'true', matcher: '(' }] } },
      { hooks: { PreToolUse: [{ command: 'true', matcher: '*' }] } },
      { hooksEnabled: { PretoolUse: false } },
      { allowManagedHookOnly: true },
      { hooks: { PostToolUse: [{ url: 'HTTPS://policy.example/cosh', headers: { authorization: 'Bearer x' } }] } },
      // R12, R13: resident command hooks in both events, async ones after the call, both together.
      { hooks: { PreToolUse: [{ command: './guard.py', resident: true, async: false, protocol: 'claude' }] } },
      {
        hooks: {
          PostToolUse: [
            { command: './log.sh', async: true, resident: true },
            { url: 'http://a/', async: true },
          ],
        },
      },
      { hooks: { PostToolUse: [{ url: 'http://a/', resident: false }] } },
      {
        $schema: './schema.json',
        hooksEnabled: {
          PreToolUse: true,
          PostToolUse: false,
          UserPromptSubmit: true,
          SessionStart: true,
          Stop: true,
          SessionEnd: true,
        },
        allowManagedHooksOnly: false,
        hooks: {
          PreToolUse: [
            {
              name: 'guard',
              command: './guard.sh',
              matcher: '^bash_run$',
              timeout: 0.5,
              onError: 'deny',
              enabled: false,
              protocol: 'claude',
            },
          ],
          PostToolUse: [{ url: 'http://127.0.0.1:8787/cosh', timeout: 86400 }],
        },
      },
      // D1: rule hooks, each operator, lists, not, every decision.
      {
        hooks: {
          PreToolUse: [
            {
              name: 'rm',
              matcher: '^bash_run$',
              onError: 'deny',
              rule: { field: 'command', regex: 'rm\\s+-rf', decision: 'deny' },
            },
            { rule: { field: 'path', glob: ['.env', '**/secrets/**'], decision: 'ask', reason: 'secrets' } },
            { rule: { field: 'edits.0.replace_all', equals: [true, 1, 'yes', null], not: true, decision: 'allow' } },
            {
              enabled: false,
              protocol: 'cosh',
              rule: { field: '*', contains: 'TODO', decision: 'context', context: 'hi' },
            },
          ],
          PostToolUse: [{ rule: { field: 'command', contains: ['a', 'b'], decision: 'halt' } }],
        },
      },
    ];
    for (const document of accepted) {
      expect(loaderAccepts(document), JSON.stringify(document)).toBe(true);
      expect(schemaAccepts(document), `${JSON.stringify(document)}: ${JSON.stringify(validateWithSchema.errors)}`).toBe(
        true,
      );
    }
  });

  it('C9: rejects every C6 error case', () => {
    const hook = (entry: Record<string, unknown>) => ({ hooks: { PreToolUse: [entry] } });
    const rejected: Record<string, unknown> = {
      'root not an object': [],
      'root a string': 'hooks',
      'hooks not an object': { hooks: [] },
      'hooks null': { hooks: null },
      'misspelt event (C4)': { hooks: { PretoolUse: [{ command: 'true' }] } },
      'unknown event': { hooks: { Notification: [] } },
      'event not an array': { hooks: { PreToolUse: { command: 'true' } } },
      'entry not an object': { hooks: { PreToolUse: ['true'] } },
      'misspelt field (C5)': hook({ command: 'true', matchr: '^bash_run$' }),
      'unknown field': hook({ command: 'true', type: 'command' }),
      'neither command nor url': hook({ name: 'nothing to run' }),
      'both command and url': hook({ command: 'true', url: 'http://127.0.0.1:1/' }),
      'command empty': hook({ command: '' }),
      'command only whitespace': hook({ command: '  ' }),
      'command not a string': hook({ command: ['true'] }),
      'name not a string': hook({ command: 'true', name: 3 }),
      'matcher not a string': hook({ command: 'true', matcher: ['bash_run'] }),
      'timeout zero': hook({ command: 'true', timeout: 0 }),
      'timeout negative': hook({ command: 'true', timeout: -1 }),
      'timeout above a day': hook({ command: 'true', timeout: 86401 }),
      'timeout a string': hook({ command: 'true', timeout: '5' }),
      'onError misspelt': hook({ command: 'true', onError: 'Deny' }),
      'enabled a string': hook({ command: 'true', enabled: 'false' }),
      'protocol unknown': hook({ command: 'true', protocol: 'gemini' }),
      'url not http': hook({ url: 'ftp://example.com/' }),
      'url not a string': hook({ url: 8787 }),
      'headers not strings': hook({ url: 'http://127.0.0.1:1/', headers: { retries: 3 } }),
      'headers on a command hook': hook({ command: 'true', headers: { a: 'b' } }),
      'resident on an HTTP hook (R12)': hook({ url: 'http://127.0.0.1:1/', resident: true }),
      'resident not a boolean': hook({ command: 'true', resident: 'yes' }),
      'async on PreToolUse (R13)': hook({ command: 'true', async: true }),
      'async not a boolean': { hooks: { PostToolUse: [{ command: 'true', async: 1 }] } },
      'rule with command (D1)': hook({ command: 'true', rule: { field: 'command', contains: 'x', decision: 'deny' } }),
      'rule with url (D1)': hook({
        url: 'http://127.0.0.1:1/',
        rule: { field: 'command', contains: 'x', decision: 'deny' },
      }),
      'rule with no operator (D1)': hook({ rule: { field: 'command', decision: 'deny' } }),
      'rule with two operators (D1)': hook({ rule: { field: 'command', regex: 'a', glob: 'b', decision: 'deny' } }),
      'rule with an unknown operator (D1)': hook({ rule: { field: 'command', regexp: 'a', decision: 'deny' } }),
      'rule decision block (D1)': hook({ rule: { field: 'command', contains: 'x', decision: 'block' } }),
      'rule without a decision (D1)': hook({ rule: { field: 'command', contains: 'x' } }),
      'rule field not a string (D1)': hook({ rule: { field: 3, contains: 'x', decision: 'deny' } }),
      'rule equals an object (D1)': hook({ rule: { field: 'a', equals: { b: 1 }, decision: 'deny' } }),
      'rule with timeout (D1)': hook({ timeout: 5, rule: { field: 'a', contains: 'x', decision: 'deny' } }),
      'rule with resident (D1)': hook({ resident: true, rule: { field: 'a', contains: 'x', decision: 'deny' } }),
      'rule with protocol claude (D1)': hook({
        protocol: 'claude',
        rule: { field: 'a', contains: 'x', decision: 'deny' },
      }),
      'rule not an object (D1)': hook({ rule: 'deny' }),
      'hooksEnabled not an object': { hooksEnabled: false },
      'hooksEnabled value not a boolean': { hooksEnabled: { PreToolUse: 'no' } },
      'allowManagedHooksOnly not a boolean': { allowManagedHooksOnly: 'yes' },
      '$schema not a string': { $schema: 1 },
      'near miss: hook': { hook: {} },
      'near miss: Hooks': { Hooks: {} },
      'near miss: HOOKS': { HOOKS: {} },
      'near miss: hoks': { hoks: {} },
      'near miss: hooksEnable': { hooksEnable: {} },
      'near miss: HooksEnabled': { HooksEnabled: {} },
      'near miss: hookEnabld': { hookEnabld: {} },
    };
    for (const [label, document] of Object.entries(rejected)) {
      expect(loaderAccepts(document), `the loader accepts ${label}`).toBe(false);
      expect(schemaAccepts(document), `the schema accepts ${label}`).toBe(false);
    }
  });

  it('C9: agrees with the loader on generated documents', () => {
    const value = fc.oneof(
      fc.constantFrom('true', '', ' ', './guard.sh', 'http://127.0.0.1:1/', 'ftp://x', 'deny', 'ignore', 'claude'),
      fc.constantFrom(0, -1, 0.5, 60, 86400, 86401),
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.constant({ a: 'b' }),
    );
    const field = fc.constantFrom(
      'command',
      'url',
      'headers',
      'name',
      'matcher',
      'timeout',
      'onError',
      'enabled',
      'protocol',
      'resident',
      'async',
      'matchr',
    );
    const entry = fc.dictionary(field, value, { maxKeys: 4 });
    const event = fc.constantFrom('PreToolUse', 'PostToolUse', 'PretoolUse');
    const key = fc.constantFrom('hooks', 'hooksEnabled', 'hook', 'editor', 'allowManagedHooksOnly');
    const document = fc.oneof(
      fc.record({ hooks: fc.dictionary(event, fc.array(entry, { maxLength: 2 }), { maxKeys: 2 }) }),
      fc.dictionary(key, fc.oneof(value, fc.dictionary(event, fc.boolean(), { maxKeys: 2 })), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(document, (generated) => {
        expect(schemaAccepts(generated), JSON.stringify(generated)).toBe(loaderAccepts(generated));
      }),
      { numRuns: 500 },
    );
  });
});
