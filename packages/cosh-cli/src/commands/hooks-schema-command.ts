import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { addExamples } from '../help-examples.ts';

/** Registers `hooks schema` (SPEC C9) under `hooks`: the JSON Schema, loaded only when it runs. */
export function addHooksSchemaCommand(hooks: Command): Command {
  const schema = hooks
    .command('schema')
    .description('print the JSON Schema of setup.json (for editors: save it and point "$schema" at it)')
    .action(async (_flags: unknown, command: Command) => {
      const { renderSetupJsonSchema } = await import('@cosh/config');
      contextOf(command).out.write(renderSetupJsonSchema());
    });
  return addExamples(schema, [
    [
      'cosh hooks schema > ~/.config/cosh/setup.schema.json',
      'then "$schema": "./setup.schema.json" in setup.json gives editors completion',
    ],
  ]);
}
