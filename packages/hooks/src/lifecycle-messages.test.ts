import { describe, expect, it } from 'vitest';
import { askRefusedMessage, blockedMessage, haltedMessage, permissionDeniedMessage } from './lifecycle-messages.ts';

describe('L2 messages', () => {
  it('L2: blocked joins reasons with "; " and puts the context on its own line', () => {
    expect(blockedMessage(['rm -rf is not allowed'])).toBe('Blocked by hook: rm -rf is not allowed');
    expect(blockedMessage(['a', 'b'], 'ctx 1\nctx 2')).toBe('Blocked by hook: a; b\nctx 1\nctx 2');
  });

  it('L2: halted and permission denied follow the same P2 newline rule', () => {
    expect(haltedMessage(['HALTED'], '')).toBe('Halted by hook: HALTED');
    expect(haltedMessage(['x', 'y'], 'why')).toBe('Halted by hook: x; y\nwhy');
    expect(permissionDeniedMessage('fs_write')).toBe('Permission denied: fs_write');
    expect(permissionDeniedMessage('fs_write', 'context')).toBe('Permission denied: fs_write\ncontext');
  });

  it("K7: a refused ask names the tool and the asking hooks' reasons", () => {
    expect(askRefusedMessage('fs_read', ['a', 'b'])).toBe(
      'Permission denied: fs_read (a hook asked for confirmation: a; b)',
    );
    expect(askRefusedMessage('fs_read', ['a'], 'ctx')).toBe(
      'Permission denied: fs_read (a hook asked for confirmation: a)\nctx',
    );
  });
});
