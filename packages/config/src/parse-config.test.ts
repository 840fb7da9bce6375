import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from './config-types.ts';
import { emptyConfig, parseConfig, validateHooksConfig } from './parse-config.ts';

const file = '/home/user/.config/cosh/setup.json';

function load(text: string) {
  const result = parseConfig(text, file);
  if (!result.ok) throw new Error(`expected a valid config, got:\n${result.error.message}`);
  return result;
}

function failure(text: string) {
  const result = parseConfig(text, file);
  if (result.ok) throw new Error('expected the config to be rejected');
  return result.error;
}

/** `line:column severity code` of each problem, the part tests care about most. */
function where(problems: readonly ConfigProblem[]): string[] {
  return problems.map((problem) => `${problem.line}:${problem.column} ${problem.severity} ${problem.code}`);
}

describe('C2 syntax', () => {
  it('C2: accepts comments and trailing commas', () => {
    const { config, warnings } = load(`// my hooks
{
  /* block
     comment */
  "hooks": {
    "PreToolUse": [
      { "command": "true", }, // trailing comma in the object
    ],
  },
}`);
    expect(config.hooks.PreToolUse.map((hook) => hook.command)).toEqual(['true']);
    expect(warnings).toEqual([]);
  });

  it('C2: accepts a byte order mark, and columns on line 1 do not count it', () => {
    expect(load('\uFEFF{"hooks": {"PreToolUse": [{"command": "true"}]}}').config.hooks.PreToolUse).toHaveLength(1);
    const error = failure('\uFEFF{"hooks": 5}');
    expect(where(error.problems)).toEqual(['1:11 error invalid_type']);
  });

  it('C2: an empty file is a syntax error at 1:1', () => {
    const error = failure('');
    expect(error.code).toBe('E_CONFIG_SYNTAX');
    expect(error.file).toBe(file);
    expect(where(error.problems)).toEqual(['1:1 error syntax']);
    expect(error.problems[0]?.message).toMatch(/empty/);
  });

  it('C2: a file of whitespace or comments only is empty too', () => {
    expect(failure('  \n\t\n').problems[0]?.message).toMatch(/empty/);
    expect(failure('// nothing here\n').problems[0]?.message).toMatch(/empty/);
  });

  it('C2: names the line and column of a missing comma and what was wrong', () => {
    const error = failure('{\n  "hooks": {}\n  "hooksEnabled": {}\n}');
    expect(error.code).toBe('E_CONFIG_SYNTAX');
    expect(where(error.problems)).toEqual(['3:3 error syntax']);
    expect(error.problems[0]?.message).toContain("expected ','");
    expect(error.message).toBe(`${file}:3:3: error: ${error.problems[0]?.message}`);
  });

  it('C6: every syntax error of a file is reported in one run, each at its line and column', () => {
    const error = failure(`{
  "hooks": {
    "PreToolUse": [
      {"command": "./a.sh" "matcher": "^bash_run$"},
      {"command": "./b.sh", "enabled": true,, "name": "b"},
      {"command": "./c.sh", "timeout": 5.}
    ]
  }
  "hooksEnabled": {}
}`);
    expect(error.code).toBe('E_CONFIG_SYNTAX');
    expect(where(error.problems)).toEqual([
      '4:28 error syntax',
      '5:45 error syntax',
      '6:40 error syntax',
      '9:3 error syntax',
    ]);
    expect(error.problems.map((problem) => problem.message)).toEqual([
      "expected ',' between two values (or a closing bracket or brace)",
      'expected a property name in double quotes',
      'incomplete number',
      "expected ',' between two values (or a closing bracket or brace)",
    ]);
  });

  it('C2: an unterminated block comment is reported where it starts', () => {
    const error = failure('{"hooks": {}} /* never closed');
    expect(where(error.problems)[0]).toBe('1:15 error syntax');
    expect(error.problems[0]?.message).toMatch(/unterminated comment/);
  });

  it('C2: a missing closing bracket names the bracket left open', () => {
    const error = failure('{\n  "hooks": {\n    "PreToolUse": [\n');
    expect(where(error.problems)).toEqual(['4:1 error syntax']);
    expect(error.problems[0]?.message).toContain("the '[' at line 3, column 19 is never closed");
  });

  it('C2: single quotes, an unterminated string and text after the value are syntax errors', () => {
    expect(failure("{'hooks': {}}").problems[0]?.message).toMatch(/double quotes/);
    expect(failure('{"hooks": {"PreToolUse": [{"command": "echo}]}}').problems[0]?.message).toMatch(
      /unterminated string/,
    );
    expect(failure('{} {}').problems[0]?.message).toMatch(/after the end/);
  });

  it('C2: counts lines across \\r\\n, \\r and \\n line ends', () => {
    expect(where(failure('{\r\n"hooks": 5\r\n}').problems)).toEqual(['2:10 error invalid_type']);
    expect(where(failure('{\r"hooks": 5\r}').problems)).toEqual(['2:10 error invalid_type']);
  });
});

describe('C3 shared file', () => {
  it('C3: keeps other settings out of the way and no hooks key means no hooks', () => {
    const { config, warnings } = load('{"theme": "dark", "model": {"name": "x"}, "$schema": "./schema.json"}');
    expect(config).toEqual(emptyConfig());
    expect(warnings).toEqual([]);
  });

  it('C3: an empty object means no hooks, both events enabled', () => {
    expect(load('{}').config).toEqual({
      hooks: { PreToolUse: [], PostToolUse: [], UserPromptSubmit: [], SessionStart: [], Stop: [], SessionEnd: [] },
      hooksEnabled: {
        PreToolUse: true,
        PostToolUse: true,
        UserPromptSubmit: true,
        SessionStart: true,
        Stop: true,
        SessionEnd: true,
      },
      refusal: null,
    });
  });

  it('C5: a top-level near miss of hooks or hooksEnabled is an error: the guards in it would never run', () => {
    for (const [key, meant] of [
      ['Hooks', 'hooks'],
      ['hook', 'hooks'],
      ['HOOKS', 'hooks'],
      ['hoks', 'hooks'],
      ['hooksEnable', 'hooksEnabled'],
      ['HooksEnabled', 'hooksEnabled'],
      ['hookEnabled', 'hooksEnabled'],
    ] as const) {
      const error = failure(`{"${key}": {}}`);
      expect(error.code).toBe('E_CONFIG_INVALID');
      expect(where(error.problems)).toEqual(['1:2 error unknown_field']);
      expect(error.problems[0]?.message).toBe(`"${key}" is not a Cosh setting (did you mean ${meant}?)`);
    }
  });

  it('C3: keys of other programs are kept and ignored, also ones a little like ours but farther than 2 edits', () => {
    expect(load('{"editor": {"tabs": 2}, "hooksConfig": 1, "theme": "dark", "$schema": "x"}').warnings).toEqual([]);
  });
});

describe('C4 events', () => {
  it('C4: an unknown event is an error naming the closest event: a guard filed there would never run', () => {
    const error = failure(`{
  "hooks": {
    "PretoolUse": [{"command": "echo never"}],
    "PostToolUse": [{"command": "echo yes"}]
  }
}`);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(where(error.problems)).toEqual(['3:5 error unknown_event']);
    expect(error.problems[0]?.message).toBe(
      'unknown event "PretoolUse" (did you mean PreToolUse?): the events are PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop and SessionEnd',
    );
    expect(error.problems[0]?.path).toEqual(['hooks', 'PretoolUse']);
    expect(error.problems[0]?.hook).toBeUndefined();
  });

  it('C4: an event nothing resembles is an error too, naming the known events', () => {
    const error = failure('{"hooks": {"Notification": []}}');
    expect(error.problems[0]?.message).not.toContain('did you mean');
    expect(error.problems[0]?.message).toContain(
      'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop and SessionEnd',
    );
  });

  it('C6: one run lists a misspelt event AND the problems of its entries (every problem at once)', () => {
    const error = failure(`{
  "hooks": {
    "PretoolUse": [
      {"matchr": "^bash_run$", "command": "./guard.sh"},
      {"command": "", "timeout": "5", "url": "ftp://x"}
    ]
  }
}`);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(where(error.problems)).toEqual([
      '3:5 error unknown_event',
      '4:8 error unknown_field',
      '5:19 error invalid_value',
      '5:34 error invalid_type',
      '5:46 error invalid_value',
    ]);
    const messages = error.problems.map((problem) => problem.message);
    expect(messages[0]).toContain('did you mean PreToolUse?');
    expect(messages[1]).toBe('hooks.PretoolUse[0]: unknown field "matchr" (did you mean matcher?)');
    expect(messages.join('\n')).toContain('hooks.PretoolUse[1].timeout must be a number of seconds');
    expect(messages[4]).toBe(
      'hooks.PretoolUse[1].url must be an http:// or https:// address, got the string "ftp://x"',
    );
  });

  it('C6: entries under a misspelt event are checked like any entry: no hook there, none missing its command', () => {
    const error = failure('{"hooks": {"PostToolUze": [{"name": "log"}, 7]}}');
    expect(error.problems.map((problem) => problem.code)).toEqual(['unknown_event', 'missing_field', 'invalid_type']);
    expect(error.problems[1]?.message).toContain('hooks.PostToolUze[0] has no "command"');
    expect(error.problems.every((problem) => problem.hook === undefined)).toBe(true);
  });

  it('C4/C6: an unknown event is an error whatever it holds, and lower-case names are suggested', () => {
    expect(where(failure('{"hooks": {"Notification": 5}}').problems)).toEqual(['1:12 error unknown_event']);
    expect(failure('{"hooks": {"pretooluse": []}}').problems[0]?.message).toContain('did you mean PreToolUse?');
  });
});

describe('C5 hook entry', () => {
  it('C5: applies the defaults', () => {
    const { config } = load('{"hooks": {"PreToolUse": [{"command": "echo hi"}]}}');
    expect(config.hooks.PreToolUse[0]).toEqual({
      event: 'PreToolUse',
      index: 0,
      name: 'echo hi',
      command: 'echo hi',
      url: null,
      rule: null,
      headers: {},
      matcher: '',
      timeout: 60,
      onError: 'ignore',
      enabled: true,
      protocol: 'cosh',
      resident: false,
      async: false,
      paths: null,
      pathsFolder: '/home/user/.config/cosh',
      if: null,
      layer: 'user',
      file,
      off: null,
      trustProblem: null,
    });
  });

  it('C5: keeps every field as written, and each entry its index', () => {
    const { config } = load(`{"hooks": {"PostToolUse": [
      {"command": "a"},
      {"name": "Flag", "command": " b ", "matcher": "^fs_read$", "timeout": 0.25, "onError": "deny", "enabled": false}
    ]}}`);
    expect(config.hooks.PostToolUse[1]).toEqual({
      event: 'PostToolUse',
      index: 1,
      name: 'Flag',
      command: ' b ',
      url: null,
      rule: null,
      headers: {},
      matcher: '^fs_read$',
      timeout: 0.25,
      onError: 'deny',
      enabled: false,
      protocol: 'cosh',
      resident: false,
      async: false,
      paths: null,
      pathsFolder: '/home/user/.config/cosh',
      if: null,
      layer: 'user',
      file,
      off: 'disabled',
      trustProblem: null,
    });
  });

  it('K2: a claude hook defaults to a 600 s timeout; an explicit one wins', () => {
    const { config } = load(
      '{"hooks": {"PreToolUse": [{"command": "a", "protocol": "claude"}, {"command": "b", "protocol": "claude", "timeout": 5}]}}',
    );
    expect(config.hooks.PreToolUse.map((hook) => [hook.protocol, hook.timeout])).toEqual([
      ['claude', 600],
      ['claude', 5],
    ]);
  });

  it('C5/C6: a protocol other than cosh or claude is an error with a did-you-mean', () => {
    const error = failure('{"hooks": {"PreToolUse": [{"command": "a", "protocol": "Claude"}]}}');
    expect(where(error.problems)).toEqual(['1:56 error invalid_value']);
    expect(error.problems[0]?.message).toContain(
      'must be "cosh" or "claude", got the string "Claude" (did you mean "claude"?)',
    );
  });

  it('H1: an HTTP hook has a url and headers instead of a command; its name defaults to the url', () => {
    const { config } = load(
      '{"hooks": {"PreToolUse": [{"url": "http://127.0.0.1:8080/hook", "headers": {"authorization": "Bearer ${TOKEN}"}}]}}',
    );
    expect(config.hooks.PreToolUse[0]).toMatchObject({
      name: 'http://127.0.0.1:8080/hook',
      command: null,
      url: 'http://127.0.0.1:8080/hook',
      headers: { authorization: 'Bearer ${TOKEN}' },
      timeout: 60,
    });
  });

  it('C5/C6: neither or both of command and url, a url that is not http(s), or headers that are not strings are errors', () => {
    const cases: Array<[string, string]> = [
      [
        '{"name": "n"}',
        'hooks.PreToolUse[0] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)',
      ],
      [
        '{"command": "x", "url": "http://a"}',
        'hooks.PreToolUse[0] has both "command" and "url": a hook is either a shell command or an HTTP endpoint, not both',
      ],
      [
        '{"url": "ftp://a/b"}',
        'hooks.PreToolUse[0].url must be an http:// or https:// address, got the string "ftp://a/b"',
      ],
      [
        '{"url": "http://"}',
        'hooks.PreToolUse[0].url must be an http:// or https:// address, got the string "http://"',
      ],
      [
        '{"url": "http://a", "headers": {"x": 1}}',
        'hooks.PreToolUse[0].headers.x must be an object of header name → string value, got 1',
      ],
      [
        '{"url": "http://a", "headers": ["x"]}',
        'hooks.PreToolUse[0].headers must be an object of header name → string value, got an array',
      ],
      [
        '{"command": "x", "headers": {"x": "y"}}',
        'hooks.PreToolUse[0].headers is only for an HTTP hook (one with a "url")',
      ],
    ];
    for (const [entry, message] of cases) {
      const error = failure(`{"hooks": {"PreToolUse": [${entry}]}}`);
      expect(error.code).toBe('E_CONFIG_INVALID');
      expect(error.problems.map((problem) => problem.message)).toEqual([message]);
    }
  });

  it('R12/R13: resident and async default to false and are read as written', () => {
    const { config } = load(
      '{"hooks": {"PreToolUse": [{"command": "a"}, {"command": "b", "resident": true}], "PostToolUse": [{"command": "c", "async": true, "resident": true}, {"url": "http://a/", "async": true}]}}',
    );
    expect(config.hooks.PreToolUse.map(({ resident, async }) => ({ resident, async }))).toEqual([
      { resident: false, async: false },
      { resident: true, async: false },
    ]);
    expect(config.hooks.PostToolUse.map(({ resident, async }) => ({ resident, async }))).toEqual([
      { resident: true, async: true },
      { resident: false, async: true },
    ]);
  });

  it('R12/R13: resident with a url, async on PreToolUse, or either not a boolean are C6 errors', () => {
    const cases: Array<[string, string]> = [
      [
        '"PreToolUse": [{"url": "http://a", "resident": true}]',
        'hooks.PreToolUse[0].resident is only for a command hook: an HTTP hook (one with a "url") cannot be resident',
      ],
      [
        '"PreToolUse": [{"command": "x", "async": true}]',
        'hooks.PreToolUse[0].async is not allowed on PreToolUse: the call would not wait for the hook, so it could never guard it (async hooks are for PostToolUse)',
      ],
      [
        '"PostToolUse": [{"command": "x", "resident": "true"}]',
        'hooks.PostToolUse[0].resident must be true or false, got the string "true" (write it without quotes: true)',
      ],
      ['"PostToolUse": [{"command": "x", "async": 1}]', 'hooks.PostToolUse[0].async must be true or false, got 1'],
    ];
    for (const [hooks, message] of cases) {
      const error = failure(`{"hooks": {${hooks}}}`);
      expect(error.code).toBe('E_CONFIG_INVALID');
      expect(error.problems.map((problem) => problem.message)).toEqual([message]);
    }
  });

  it('C5: a blank name falls back to the command', () => {
    expect(load('{"hooks": {"PreToolUse": [{"name": " ", "command": "x"}]}}').config.hooks.PreToolUse[0]?.name).toBe(
      'x',
    );
  });

  it('C5: accepts the timeout bounds: a fraction and exactly 86400', () => {
    const { config } = load(
      '{"hooks": {"PreToolUse": [{"command": "a", "timeout": 0.001}, {"command": "b", "timeout": 86400}]}}',
    );
    expect(config.hooks.PreToolUse.map((hook) => hook.timeout)).toEqual([0.001, 86400]);
  });

  it('C5: an unknown field is an error naming the closest field: a misspelt matcher would run the hook for every tool', () => {
    const error = failure('{"hooks": {"PreToolUse": [{"command": "x", "matchr": "^fs_read$"}]}}');
    expect(where(error.problems)).toEqual(['1:44 error unknown_field']);
    expect(error.problems[0]?.message).toBe('hooks.PreToolUse[0]: unknown field "matchr" (did you mean matcher?)');
    expect(error.problems[0]?.hook).toEqual({ event: 'PreToolUse', index: 0 });
    expect(failure('{"hooks": {"PreToolUse": [{"command": "x", "timout": 5}]}}').problems[0]?.message).toContain(
      'did you mean timeout?',
    );
  });

  it('C5: an unknown field is quoted as JSON quotes it (the CLI escapes whatever reaches a terminal)', () => {
    const error = failure('{"hooks": {"PreToolUse": [{"command": "x", "a\\u001b[2J\\u009b": 1}]}}');
    expect(error.problems[0]?.message).toContain(`unknown field ${JSON.stringify('a\u001b[2J\u009b')}`);
  });

  it('M2: a matcher that does not compile is a warning with the reason and the fix', () => {
    const { config, warnings } = load('{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*run"}]}}');
    expect(config.hooks.PreToolUse[0]?.matcher).toBe('*run');
    expect(where(warnings)).toEqual(['1:55 warning invalid_matcher']);
    expect(warnings[0]).toMatchObject({ fix: '.*run', hook: { event: 'PreToolUse', index: 0 } });
    expect(warnings[0]?.message).toContain('nothing to repeat');
    expect(warnings[0]?.message).toContain('did you mean ".*run"?');
  });

  it('M2: "*" alone is no invalid matcher but every tool, for every protocol: no warning', () => {
    for (const protocol of ['cosh', 'claude']) {
      const { config, warnings } = load(
        `{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*", "protocol": "${protocol}"}]}}`,
      );
      expect(config.hooks.PreToolUse[0]?.matcher).toBe('*');
      expect(warnings).toEqual([]);
    }
  });

  it('M2/K2: a claude hook\'s "*", "" and name lists are not invalid matchers; its broken regex still is', () => {
    const { warnings } = load(
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { command: 'a', protocol: 'claude', matcher: '*' },
            { command: 'b', protocol: 'claude', matcher: '' },
            { command: 'c', protocol: 'claude', matcher: 'Edit|Write, Bash' },
            { command: 'd', protocol: 'claude', matcher: 'mcp__(x' },
          ],
        },
      }),
    );
    expect(warnings.map((warning) => [warning.code, warning.hook])).toEqual([
      ['invalid_matcher', { event: 'PreToolUse', index: 3 }],
    ]);
  });

  it('warns about a duplicated key and uses the last one', () => {
    const { config, warnings } = load('{"hooks": {"PreToolUse": [{"command": "first", "command": "last"}]}}');
    expect(config.hooks.PreToolUse[0]?.command).toBe('last');
    expect(where(warnings)).toEqual(['1:28 warning duplicate_key']);
    expect(warnings[0]?.message).toContain('column 48');
  });

  it('C6: positions point at the last of duplicate keys, whose value counts', () => {
    const error = failure('{"hooks": {"PreToolUse": [{"command": "x", "timeout": 5, "timeout": "5"}]}}');
    expect(where(error.problems)).toEqual(['1:44 warning duplicate_key', '1:69 error invalid_type']);
  });
});

describe('C6 errors stop the load', () => {
  it.each([
    ['[]', 'an array'],
    ['null', 'null'],
    ['"hooks"', 'the string "hooks"'],
    ['42', '42'],
  ])('C6: a root that is %s is an error', (text, found) => {
    const error = failure(text);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(where(error.problems)).toEqual(['1:1 error invalid_type']);
    expect(error.problems[0]?.message).toContain(found);
  });

  it.each([
    ['{"hooks": null}', '1:11', 'hooks'],
    ['{"hooks": []}', '1:11', 'hooks'],
    ['{"hooks": {"PreToolUse": {}}}', '1:26', 'hooks.PreToolUse'],
    ['{"hooks": {"PostToolUse": null}}', '1:27', 'hooks.PostToolUse'],
    ['{"hooks": {"PreToolUse": ["echo"]}}', '1:27', 'hooks.PreToolUse[0]'],
    ['{"hooksEnabled": true}', '1:18', 'hooksEnabled'],
    ['{"hooksEnabled": {"PreToolUse": "false"}}', '1:33', 'hooksEnabled.PreToolUse'],
    ['{"hooksEnabled": {"PostToolUse": 0}}', '1:34', 'hooksEnabled.PostToolUse'],
    ['{"$schema": 1}', '1:13', '$schema'],
  ])('C6: %s is an error at %s about %s', (text, position, path) => {
    const error = failure(text);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(error.problems).toHaveLength(1);
    expect(`${error.problems[0]?.line}:${error.problems[0]?.column}`).toBe(position);
    expect(error.problems[0]?.message.startsWith(`${path} `)).toBe(true);
  });

  it.each([
    ['"timeout": 0', 'got 0'],
    ['"timeout": -1', 'got -1'],
    ['"timeout": -0', 'got -0'],
    ['"timeout": 86401', 'got 86401'],
    ['"timeout": 1e999', 'got 1e999 (too large to be a number)'],
    ['"timeout": "60"', 'got the string "60" (write it without quotes: 60)'],
    ['"timeout": null', 'got null'],
    ['"name": 5', 'got 5'],
    ['"matcher": ["a"]', 'got an array'],
    ['"onError": "Deny"', 'got the string "Deny" (did you mean "deny"?)'],
    ['"onError": "block"', 'got the string "block"'],
    ['"enabled": "false"', 'got the string "false" (write it without quotes: false)'],
    ['"enabled": 0', 'got 0'],
  ])('C6: a hook with %s is an error (%s)', (field, found) => {
    const error = failure(`{"hooks": {"PreToolUse": [{"command": "x", ${field}}]}}`);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(problem?.column).toBe(44 + field.indexOf(':') + 2);
    expect(problem?.message).toContain(found);
    expect(problem?.hook).toEqual({ event: 'PreToolUse', index: 0 });
  });

  it.each([['"timeout": "0"'], ['"timeout": "86401"'], ['"timeout": "0x10"'], ['"timeout": "Infinity"']])(
    'C6: %s gets no "write it without quotes" hint, since that value would be refused too',
    (field) => {
      const error = failure(`{"hooks": {"PreToolUse": [{"command": "x", ${field}}]}}`);
      expect(error.problems[0]?.message).toMatch(/, got the string "[^"]*"$/);
    },
  );

  it('C6: a quoted boolean for the whole hooksEnabled object is not told to drop its quotes', () => {
    const error = failure('{"hooksEnabled": "true"}');
    expect(error.problems[0]?.message).toBe(
      'hooksEnabled must be an object such as {"PreToolUse": true, "PostToolUse": false}, got the string "true"',
    );
    expect(failure('{"hooksEnabled": {"PreToolUse": "TRUE"}}').problems[0]?.message).toContain(
      '(write it without quotes: true)',
    );
  });

  it.each([
    ['""', 'an empty string'],
    ['"   "', '(only whitespace)'],
    ['"\\t\\n"', '(only whitespace)'],
    ['7', 'got 7'],
  ])('C6: a command of %s is an error', (command, found) => {
    const error = failure(`{"hooks": {"PreToolUse": [{"command": ${command}}]}}`);
    expect(where(error.problems)).toEqual([`1:39 error ${command === '7' ? 'invalid_type' : 'invalid_value'}`]);
    expect(error.problems[0]?.message).toContain(found);
  });

  it('C6: reports every missing command at once, each at the object that lacks it', () => {
    const error = failure(`{
  "hooks": {
    "PreToolUse": [
      {"name": "a"},
      {"command": "ok"},
      {"cmd": "echo b"}
    ],
    "PostToolUse": [
        {}
    ]
  }
}`);
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(where(error.problems)).toEqual([
      '4:7 error missing_field',
      '6:7 error missing_field',
      '6:8 error unknown_field',
      '9:9 error missing_field',
    ]);
    expect(error.problems[0]?.path).toEqual(['hooks', 'PreToolUse', 0, 'command']);
    expect(error.problems[0]?.message).toBe(
      'hooks.PreToolUse[0] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)',
    );
    expect(error.problems[2]?.message).toContain('did you mean command?');
    expect(error.message.split('\n')).toEqual([
      `${file}:4:7: error: hooks.PreToolUse[0] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)`,
      `${file}:6:7: error: hooks.PreToolUse[2] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)`,
      `${file}:6:8: error: hooks.PreToolUse[2]: unknown field "cmd" (did you mean command?)`,
      `${file}:9:9: error: hooks.PostToolUse[0] has no "command": every hook needs the shell command to run (or a "url" for an HTTP hook)`,
    ]);
  });

  it('C6: nothing is half-loaded: one bad hook rejects the whole file', () => {
    const result = parseConfig(
      '{"hooks": {"PreToolUse": [{"command": "block"}, {"command": "x", "timeout": 0}]}}',
      file,
    );
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('config');
  });

  it('C6: warnings alone never stop a load', () => {
    const result = parseConfig(
      '{"hooks": {"PreToolUse": [], "PreToolUse": [{"command": "x", "matcher": "("}]}, "hooksEnabled": {"Post": false}}',
      file,
    );
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.warnings.map((warning) => warning.code)).toEqual([
        'duplicate_key',
        'invalid_matcher',
        'unknown_event',
      ]);
  });

  it('C6: parsing never throws and every problem points inside the text', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify({ hooks: { PreToolUse: [value], PostToolUse: value } })),
      fc.string(),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        const result = parseConfig(text, file);
        const problems = result.ok ? result.warnings : result.error.problems;
        const lines = text.split(/\r\n|\r|\n/);
        for (const problem of problems) {
          expect(problem.line).toBeGreaterThanOrEqual(1);
          expect(problem.line).toBeLessThanOrEqual(lines.length);
          expect(problem.column).toBeGreaterThanOrEqual(1);
          expect(problem.column).toBeLessThanOrEqual((lines[problem.line - 1]?.length ?? 0) + 1);
        }
        if (!result.ok) expect(result.error.problems.some((problem) => problem.severity === 'error')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('C7 toggles', () => {
  it('C7: a missing key means enabled', () => {
    expect(load('{"hooksEnabled": {}}').config.hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(load('{"hooksEnabled": {"PostToolUse": false}}').config.hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: false,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
  });

  it('C7: an unknown key in hooksEnabled is a warning with the closest event', () => {
    const { config, warnings } = load('{"hooksEnabled": {"pretooluse": false}}');
    expect(config.hooksEnabled.PreToolUse).toBe(true);
    expect(where(warnings)).toEqual(['1:19 warning unknown_event']);
    expect(warnings[0]?.message).toContain('did you mean PreToolUse?');
  });
});

describe('parsed configs', () => {
  it('are frozen so no consumer can change what others read', () => {
    const { config } = load('{"hooks": {"PreToolUse": [{"command": "x"}]}}');
    expect(Object.isFrozen(config.hooks.PreToolUse)).toBe(true);
    expect(Object.isFrozen(config.hooks.PreToolUse[0])).toBe(true);
    expect(Object.isFrozen(config.hooksEnabled)).toBe(true);
  });

  it('keep a __proto__ key as plain data', () => {
    const { config } = load('{"__proto__": {"polluted": true}, "hooks": {"PreToolUse": [{"command": "x"}]}}');
    expect(config.hooks.PreToolUse[0]?.enabled).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    // In an entry it is an unknown field (C5), still without touching any prototype.
    const error = failure('{"hooks": {"PreToolUse": [{"command": "x", "__proto__": {"enabled": false}}]}}');
    expect(error.problems[0]?.message).toMatch(/^hooks\.PreToolUse\[0\]: unknown field "__proto__"/);
    expect(({} as Record<string, unknown>)['enabled']).toBeUndefined();
    load(
      '{"hooks": {"PreToolUse": [{"url": "http://a", "headers": {"__proto__": {"polluted": true}}}]}}'.replace(
        '{"polluted": true}',
        '"x"',
      ),
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('validateHooksConfig', () => {
  it('C5/C6: checks a config built in code exactly as parseConfig checks a file', () => {
    const document = {
      hooks: {
        PreToolUse: [
          { name: 'Guard', matcher: '^bash_run$', command: './guard.sh', timeout: 5 },
          { command: 'true', enabled: false },
        ],
      },
      hooksEnabled: { PostToolUse: false, UserPromptSubmit: true, SessionStart: true, Stop: true, SessionEnd: true },
    };
    const built = validateHooksConfig(document, '/work/built.json');
    const parsed = parseConfig(JSON.stringify(document), '/work/built.json');
    // The same config and warnings; only the places of settings differ (built: no text, 1:1).
    expect(built.ok && built.config).toEqual(parsed.ok && parsed.config);
    expect(built.ok && built.warnings).toEqual(parsed.ok && parsed.warnings);
    expect(built.ok && built.config.hooks.PreToolUse[0]?.file).toBe('/work/built.json');
    const unnamed = validateHooksConfig(document);
    expect(unnamed.ok && unnamed.config.hooks.PreToolUse[0]?.file).toBeNull();
    expect(built.ok && built.config.hooks.PreToolUse[1]).toMatchObject({
      name: 'true',
      timeout: 60,
      onError: 'ignore',
      enabled: false,
    });
  });

  it('C6: a hand-built entry of the wrong shape is an error naming every problem, never a config', () => {
    const result = validateHooksConfig(
      { hooks: { PreToolUse: [{ command: '' }, { command: 'x', timeout: -1, onError: 'block' }] } },
      'my-host',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('E_CONFIG_INVALID');
    expect(result.error.problems.map((problem) => formatPath(problem.path))).toEqual([
      'hooks.PreToolUse.0.command',
      'hooks.PreToolUse.1.timeout',
      'hooks.PreToolUse.1.onError',
    ]);
    expect(result.error.message).toMatch(
      /^my-host:1:1: error: hooks\.PreToolUse\[0\]\.command must be a non-empty string/,
    );
  });
});

function formatPath(path: readonly (string | number)[]): string {
  return path.join('.');
}
