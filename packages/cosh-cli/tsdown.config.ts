import { defineConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';

// Two entries: the package, and `./plain-command` for a binary's per-call commands (see
// src/plain-command.ts).
export default defineConfig({ ...baseTsdownConfig, entry: ['src/index.ts', 'src/plain-command.ts'] });
