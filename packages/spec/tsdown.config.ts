import { defineConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';

export default defineConfig({ ...baseTsdownConfig });
