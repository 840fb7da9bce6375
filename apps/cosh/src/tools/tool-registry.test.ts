import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from './tool-registry.ts';

const registry = createToolRegistry();

describe('createToolRegistry', () => {
  it('T: lists the five built-in tools, sorted, with their permission defaults', () => {
    expect(registry.list().map((tool) => [tool.name, tool.permission])).toEqual([
      ['bash_run', 'ask'],
      ['find_grep', 'allow'],
      ['fs_edit', 'ask'],
      ['fs_read', 'allow'],
      ['fs_write', 'ask'],
    ]);
    expect(registry.get('fs_read')?.name).toBe('fs_read');
    expect(registry.get('fs_rea')).toBeUndefined();
  });

  it('T: every input schema converts to a strict JSON Schema for MCP tools/list', () => {
    const schemas = Object.fromEntries(registry.list().map((tool) => [tool.name, z.toJSONSchema(tool.inputSchema)]));
    expect(schemas['bash_run']).toMatchObject({
      type: 'object',
      properties: { command: { type: 'string', minLength: 1 }, timeout: { type: 'number', exclusiveMinimum: 0 } },
      required: ['command'],
      additionalProperties: false,
    });
    expect(schemas['fs_read']).toMatchObject({ required: ['path'], additionalProperties: false });
    expect(schemas['fs_write']).toMatchObject({ required: ['path', 'content'], additionalProperties: false });
    expect(schemas['find_grep']).toMatchObject({ required: ['pattern'], additionalProperties: false });
    expect(schemas['fs_edit']).toMatchObject({
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1 },
        old_string: { type: 'string' },
        new_string: { type: 'string' },
        replace_all: { type: 'boolean' },
        edits: { type: 'array', items: { required: ['old_string', 'new_string'], additionalProperties: false } },
      },
      required: ['path'],
      additionalProperties: false,
    });
    for (const tool of registry.list()) expect(tool.description.length).toBeGreaterThan(40);
  });
});

describe('parseCall', () => {
  it('T: an unknown tool lists the known ones and suggests the closest', () => {
    expect(registry.parseCall('bash', { command: 'ls' })).toEqual({
      ok: false,
      error:
        "unknown tool 'bash' (did you mean bash_run?); known tools: bash_run, find_grep, fs_edit, fs_read, fs_write",
    });
    expect(registry.parseCall('ls', {})).toEqual({
      ok: false,
      error: "unknown tool 'ls'; known tools: bash_run, find_grep, fs_edit, fs_read, fs_write",
    });
  });

  it('T: a valid call returns the tool and the parsed input', () => {
    const call = registry.parseCall('bash_run', { command: 'echo hi', timeout: 1.5 });
    expect(call.ok).toBe(true);
    if (call.ok) {
      expect(call.tool.name).toBe('bash_run');
      expect(call.input).toEqual({ command: 'echo hi', timeout: 1.5 });
    }
  });

  it('T: a wrong field type names the field and the expectation', () => {
    expect(registry.parseCall('bash_run', { command: 42 })).toEqual({
      ok: false,
      error: 'bash_run: input.command: expected a string, got number',
    });
    expect(registry.parseCall('bash_run', { command: 'ls', timeout: '5' })).toEqual({
      ok: false,
      error: 'bash_run: input.timeout: expected a number, got string',
    });
    expect(registry.parseCall('fs_write', { path: 'a', content: null })).toEqual({
      ok: false,
      error: 'fs_write: input.content: expected a string, got null',
    });
  });

  it('T: a missing field says it is missing and what it should be', () => {
    expect(registry.parseCall('fs_read', {})).toEqual({
      ok: false,
      error: 'fs_read: input.path: missing; expected a string',
    });
  });

  it('T: out-of-range values say what was expected and what came', () => {
    expect(registry.parseCall('bash_run', { command: '' })).toEqual({
      ok: false,
      error: 'bash_run: input.command: expected a non-empty command, got ""',
    });
    expect(registry.parseCall('bash_run', { command: 'ls', timeout: 0 })).toEqual({
      ok: false,
      error: 'bash_run: input.timeout: expected a number of seconds greater than 0, got 0',
    });
    expect(registry.parseCall('bash_run', { command: 'ls', timeout: 100_000 })).toEqual({
      ok: false,
      error: 'bash_run: input.timeout: expected at most 86400 seconds, got 100000',
    });
  });

  it('T: an unknown field is an input error that names it, suggests the closest and lists the known ones', () => {
    expect(registry.parseCall('bash_run', { cmd: 'ls' })).toEqual({
      ok: false,
      error:
        'bash_run: input.command: missing; expected a string; input.cmd: unknown field (did you mean command?); known fields: command, timeout',
    });
    expect(registry.parseCall('fs_read', { path: 'a', verbose: true })).toEqual({
      ok: false,
      error: 'fs_read: input.verbose: unknown field; known fields: path',
    });
  });

  it('T: an input that is not an object says what it is', () => {
    expect(registry.parseCall('fs_read', ['a'])).toEqual({
      ok: false,
      error: 'fs_read: input: expected an object, got array',
    });
    expect(registry.parseCall('fs_read', 'a')).toEqual({
      ok: false,
      error: 'fs_read: input: expected an object, got string',
    });
    expect(registry.parseCall('fs_read', undefined)).toEqual({
      ok: false,
      error: 'fs_read: input: missing; expected an object',
    });
  });

  it('T: an invalid regex is an input error naming it', () => {
    expect(registry.parseCall('find_grep', { pattern: '(' })).toEqual({
      ok: false,
      error: 'find_grep: input.pattern: invalid regular expression /(/: Unterminated group',
    });
    expect(registry.parseCall('find_grep', { pattern: '*' })).toEqual({
      ok: false,
      error: 'find_grep: input.pattern: invalid regular expression /*/: Nothing to repeat',
    });
  });

  it('T: a prototype-looking key is an unknown field, not a crash', () => {
    const input = JSON.parse('{"path":"a","__proto__":{"x":1}}') as unknown;
    expect(registry.parseCall('fs_read', input)).toEqual({
      ok: false,
      error: 'fs_read: input.__proto__: unknown field; known fields: path',
    });
  });

  it('T: a field name that is not an identifier is quoted', () => {
    expect(registry.parseCall('fs_read', { path: 'a', 'odd key': 1 })).toEqual({
      ok: false,
      error: 'fs_read: input["odd key"]: unknown field; known fields: path',
    });
  });

  it('T: run validates its input again and fails instead of throwing', async () => {
    const tool = registry.get('fs_read');
    expect(await tool?.run({ path: 7 }, { cwd: '/', env: {} })).toEqual({
      ok: false,
      error: 'fs_read: input.path: expected a string, got number',
    });
  });

  it('T: an aborted call fails before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const tool = registry.get('bash_run');
    expect(await tool?.run({ command: 'echo never' }, { cwd: '/', env: {}, signal: controller.signal })).toEqual({
      ok: false,
      error: 'bash_run: cancelled before it started',
    });
  });
});
