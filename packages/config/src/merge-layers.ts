import type {
  ConfigLayer,
  ConfigProblem,
  FileSettings,
  HookEntry,
  HookOffReason,
  HooksConfig,
  WrittenSetting,
} from './config-types.ts';
import type { HookTrustProblem } from './trust/decide-trust.ts';
import { HOOK_EVENTS, type HookEvent } from './hook-events.ts';

/** One layer's file as it takes part in the merge. */
export interface LayerInput {
  readonly layer: ConfigLayer;
  /** Absolute path of the layer's file. */
  readonly file: string;
  /**
   * Its hooks and switches: the file, or its trusted copy (SPEC S5); `null` when nothing of it
   * can be shown (no file, or a text that does not parse).
   */
  readonly config: HooksConfig | null;
  /** The switches its text writes (`hooksEnabled`, `allowManagedHooksOnly`). */
  readonly settings: FileSettings;
  /**
   * False when the file is not loaded for want of trust (SPEC S5): its hooks are listed as not
   * running (`off: 'untrusted'`) and its switches count for nothing.
   */
  readonly loaded: boolean;
  /** Hooks that name a changed script: they never run and count as a deny (S5). */
  readonly hookProblems: readonly HookTrustProblem[];
  /** Every call is refused with this reason (S5); `null` otherwise. */
  readonly refusal: string | null;
}

/** A warning of the merge, about one file. */
export interface LayerWarning {
  readonly file: string;
  readonly problem: ConfigProblem;
}

/** The merged config and what the merge has to say. */
export interface MergedLayers {
  readonly config: HooksConfig;
  readonly warnings: readonly LayerWarning[];
}

/**
 * SPEC C10: one config from the layers' files, given managed, user, project (in that order). Each
 * event's entries are the layers' entries concatenated in that order, each keeping its layer and
 * file, so config order (M3) and dedupe (M4, first wins) run across layers. Which of them run
 * follows the switches, and each entry says why it does not ({@link HookEntry.off}):
 *
 * - a managed `hooksEnabled` value fixes its event for every layer (a user or project value for
 *   it is ignored, with a warning at that value);
 * - where the managed file names nothing, a user or project `false` turns off the user and
 *   project hooks of that event; managed hooks still run;
 * - a managed `"allowManagedHooksOnly": true` loads no user or project hooks (a warning at that
 *   setting); elsewhere that setting is ignored, with a warning;
 * - an entry's own `"enabled": false` turns it off; the hooks of a file not loaded for want of
 *   trust are `untrusted`.
 *
 * A layer's refusal (S5) becomes the config's, unless user and project hooks are not loaded
 * anyway. Pure.
 */
export function mergeLayers(layers: readonly LayerInput[]): MergedLayers {
  const warnings: LayerWarning[] = [];
  const managed = layers.find((layer) => layer.layer === 'managed' && layer.loaded);
  const others = layers.filter((layer) => layer.layer !== 'managed' && layer.loaded);
  const managedOnly = managed?.settings.allowManagedHooksOnly?.value === true;

  const warn = (file: string, setting: WrittenSetting | null, path: (string | number)[], message: string): void => {
    warnings.push({
      file,
      problem: {
        severity: 'warning',
        code: 'layers',
        message,
        path,
        line: setting?.line ?? 1,
        column: setting?.column ?? 1,
      },
    });
  };

  for (const layer of others) {
    const setting = layer.settings.allowManagedHooksOnly;
    if (setting !== null) {
      warn(
        layer.file,
        setting,
        ['allowManagedHooksOnly'],
        'allowManagedHooksOnly is read only in the managed file (/etc/cosh/setup.json or COSH_MANAGED_CONFIG): ignored here',
      );
    }
  }
  if (managed !== undefined && managedOnly) {
    const skipped = others.filter((layer) => HOOK_EVENTS.some((event) => (layer.config?.hooks[event].length ?? 0) > 0));
    if (skipped.length > 0) {
      warn(
        managed.file,
        managed.settings.allowManagedHooksOnly,
        ['allowManagedHooksOnly'],
        `allowManagedHooksOnly: only managed hooks run; the hooks of ${skipped.map((layer) => layer.file).join(' and ')} are not loaded`,
      );
    }
  }

  const hooks = {} as Record<HookEvent, readonly HookEntry[]>;
  const hooksEnabled = {} as Record<HookEvent, boolean>;
  for (const event of HOOK_EVENTS) {
    const fixedByManaged = managed?.settings.hooksEnabled[event]?.value;
    if (fixedByManaged !== undefined && !managedOnly) {
      for (const layer of others) {
        const setting = layer.settings.hooksEnabled[event];
        if (setting === undefined) continue;
        warn(
          layer.file,
          setting,
          ['hooksEnabled', event],
          `hooksEnabled.${event} is ignored: the managed file ${managed?.file} sets it to ${fixedByManaged} for every layer`,
        );
      }
    }
    const turnedOffByUserOrProject = others.some((layer) => layer.settings.hooksEnabled[event]?.value === false);
    const entries: HookEntry[] = [];
    for (const layer of layers) {
      for (const entry of layer.config?.hooks[event] ?? []) {
        const problem = layer.hookProblems.find(
          (candidate) => candidate.event === event && candidate.index === entry.index,
        );
        const off = offReason(entry, layer, {
          fixedByManaged,
          turnedOffByUserOrProject,
          managedOnly: managed !== undefined && managedOnly,
        });
        entries.push(
          Object.freeze({ ...entry, layer: layer.layer, file: layer.file, off, trustProblem: problem?.reason ?? null }),
        );
      }
    }
    hooks[event] = Object.freeze(entries);
    hooksEnabled[event] = fixedByManaged ?? !turnedOffByUserOrProject;
  }

  const refusal = managedOnly ? null : (layers.find((layer) => layer.refusal !== null)?.refusal ?? null);
  // Built from configs this package validated: the mark of a validated config carries over.
  const config = Object.freeze({
    hooks: Object.freeze(hooks),
    hooksEnabled: Object.freeze(hooksEnabled),
    refusal,
  }) as HooksConfig;
  return { config, warnings };
}

function offReason(
  entry: HookEntry,
  layer: LayerInput,
  switches: {
    readonly fixedByManaged: boolean | undefined;
    readonly turnedOffByUserOrProject: boolean;
    readonly managedOnly: boolean;
  },
): HookOffReason | null {
  if (!layer.loaded) return 'untrusted';
  const managed = layer.layer === 'managed';
  if (!managed && switches.managedOnly) return 'managed-only';
  if (switches.fixedByManaged === false) return 'managed-event-disabled';
  if (!entry.enabled) return 'disabled';
  if (managed) return null;
  if (switches.fixedByManaged === undefined && switches.turnedOffByUserOrProject) return 'event-disabled';
  return null;
}
