import type { ConfigLayerFile } from '@cosh/config';

/** What a file's trust state means for the person, on one line (SPEC S7). */
export function trustStateText(file: Pick<ConfigLayerFile, 'layer' | 'trust' | 'load' | 'exists'>): string {
  switch (file.trust) {
    case 'managed':
      return 'managed';
    case 'trusted':
      return 'trusted';
    case 'env':
      return 'env (COSH_TRUST=all: used without a trust check)';
    case 'changed':
      if (file.load === 'snapshot') {
        return `changed: ${file.exists ? 'its trusted copy runs' : 'removed; its trusted copy runs'} (review with cosh hooks trust)`;
      }
      if (file.load === 'file') return 'changed: a script changed, its hooks deny (review with cosh hooks trust)';
      return 'changed: every call is refused (run cosh hooks trust)';
    case 'untrusted':
      return file.layer === 'project'
        ? 'untrusted: not loaded (review with cosh hooks trust)'
        : 'untrusted: every call is refused (run cosh hooks trust)';
  }
}
