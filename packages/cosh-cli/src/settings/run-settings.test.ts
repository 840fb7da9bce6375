import { PassThrough } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureStream } from '../__fixtures__/run-in-process.ts';
import { createCliContext } from '../cli-context.ts';
import { runSettings, type SettingsTerminal } from './run-settings.ts';

const makeFolder = temporaryFolders('cosh-run-settings-');

let directory: string;
beforeAll(() => {
  directory = makeFolder();
});

/** Streams that are not a terminal, as when cosh settings is piped or run by a script. */
function noTerminal(): SettingsTerminal {
  const stream = () => new PassThrough() as unknown as NodeJS.ReadStream & NodeJS.WriteStream;
  return { stdin: stream(), stdout: stream(), stderr: stream() };
}

describe('runSettings without a terminal', () => {
  it('C7: prints the rows once and says how to change them', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(
      file,
      '{"hooksEnabled": {"PostToolUse": false}, "hooks": {"PreToolUse": [{"name": "Guard", "command": "true"}]}}',
    );
    const stdout = captureStream();
    const context = createCliContext({ stdout, stderr: captureStream(), cwd: directory, env: {} });
    await runSettings(context, { configPath: 'setup.json', terminal: noTerminal() });
    const text = stdout.text();
    expect(text).toContain(`Cosh settings: ${file}`);
    expect(text).toMatch(/^\[on \] PreToolUse {3}1 hook$/m);
    expect(text).toMatch(/^ {2}\[on \] Guard/m);
    expect(text).toMatch(/^\[off\] PostToolUse {2}no hooks$/m);
    expect(text).toContain('cosh hooks enable|disable');
  });

  it('C6: a config with errors is reported as the ConfigError runMain turns into exit 78', async () => {
    const file = join(directory, 'broken.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"command": 1}]}}');
    const stdout = captureStream();
    const context = createCliContext({ stdout, stderr: captureStream(), cwd: directory, env: {} });
    const failure = await runSettings(context, { configPath: file, terminal: noTerminal() }).catch(
      (error: unknown) => error,
    );
    expect(ConfigError.isInstance(failure)).toBe(true);
    expect(stdout.text()).toContain('Read-only: the config has errors');
  });

  it('a terminal for input is not enough: output that is not one gets text too', async () => {
    const stdout = captureStream(true);
    const terminal = {
      ...noTerminal(),
      stdin: Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.ReadStream,
    };
    const context = createCliContext({ stdout, stderr: captureStream(), cwd: directory, env: {} });
    await runSettings(context, { configPath: join(directory, 'none.json'), terminal });
    expect(stdout.text()).toContain('No config file yet');
  });
});
