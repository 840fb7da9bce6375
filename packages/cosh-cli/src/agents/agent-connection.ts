// What one agent's module gives `cosh connect`, `cosh disconnect` and the bridge's fence check
// (SPEC X, B9, B10), beside its `AgentBridge`: what is truly its own. The rest comes from its entry
// of `AGENTS` (its label, bridge command, settings files, timeout and its unit, matcher) and is
// the same flow for every agent (commands/connect.ts, disconnect.ts, client-fence/).
import type { JsonTextEdit } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import type { FenceJudgement } from '../client-fence/fence-judgement.ts';
import type { FileRecord, JsonFenceChange } from '../client-fence/fence-record.ts';
import type { SettingsScope } from './agent-settings-files.ts';

/** What `cosh connect` was asked about the fence. */
export interface FenceRequest {
  /** `--fence` (B9): also replace settings that weaken the fence. */
  readonly fence: boolean;
  /** `--managed`: the agent's managed settings are the file written. */
  readonly managed: boolean;
}

/** The fence merged into the hooks file itself (B9): its edits, recorded changes, what was kept. */
export interface SettingsFencePlan {
  readonly edits: readonly JsonTextEdit[];
  readonly changes: readonly JsonFenceChange[];
  /** Settings that weaken the fence, kept because `--fence` was not given. */
  readonly kept: readonly string[];
  /** What connect says once the edits are written. */
  readonly done: string;
}

/** The fence written into a file of its own (a TOML config beside the hooks file), with what undoes it. */
export interface ConfigFencePlan {
  readonly file: string;
  /** The new text, `null` when nothing changes. */
  readonly text: string | null;
  /**
   * What `disconnect` needs to undo it, kept as the file's `restore` in connect.json: built from
   * what an earlier `connect` recorded for the file (`undefined`: nothing).
   */
  restore(recorded: FileRecord | undefined): unknown;
  /** What connect says once it is written. */
  readonly done: readonly string[];
}

/** A fence kept in a file of its own: planned by `connect --fence`, undone by `disconnect`. */
export interface ConfigFence {
  /** The file, in the user's folder. */
  file(env: NodeJS.ProcessEnv): string;
  /** The plan; a file that cannot be read is an error naming it. */
  plan(env: NodeJS.ProcessEnv): ConfigFencePlan;
  /** `text` of `file` with the recorded fence taken out again (the module reads its `restore`). */
  undo(text: string, record: FileRecord, file: string): string;
  /** What disconnect says once it is taken out of `file`. */
  undone(file: string): string;
}

/** One agent's wiring and fence. */
export interface AgentConnection {
  /** What the person must still do in the agent once its hooks are written. */
  readonly todo: readonly string[];
  /** Fields every hook handler `connect` writes carries besides `type`, `command`, `timeout`. */
  readonly handlerFields: Readonly<Record<string, unknown>>;
  /** The settings files the agent reads for `project` (absent ones included): the fence cache's key (B10). */
  fenceLayerFiles(env: NodeJS.ProcessEnv, project: string): string[];
  /** The environment variables its fence check reads besides its folders': the cache's key too. */
  readonly fenceVariables: readonly string[];
  /** Whether its shell is fenced in `project` (B9): every layer judged together; an unreadable one is a reason. */
  checkFence(env: NodeJS.ProcessEnv, project: string): FenceJudgement;
  /** The line `connect --check` adds under an unfenced verdict, or `null`. */
  readonly checkAdvice: string | null;
  /** The line connect's report adds under an unfenced verdict. */
  readonly reportAdvice: string;
  /** Lines connect's report adds before the verdict (programs the fence needs that are missing). */
  fenceNeeds(context: CliContext): readonly string[];
  /** Checks the shapes of the hooks file connect is about to edit; throws a `FenceInputError`. */
  checkSettings(text: string, file: string, value: Record<string, unknown>): void;
  /** The fence merged into the hooks file, or `null` when the agent keeps none there. */
  planSettingsFence(
    context: CliContext,
    value: Record<string, unknown>,
    file: string,
    scope: SettingsScope,
    request: FenceRequest,
  ): SettingsFencePlan | null;
  /** A fence kept in a file of its own (`--fence`, user scope), or `null`. */
  readonly configFence: ConfigFence | null;
  /** Why `--fence` cannot fence this agent (connect fails after writing the hooks), or `null`. */
  readonly fenceRefusal: string | null;
}
