import { describe, expect, it } from 'vitest';
import { handlePresses, type ScreenControls } from './settings-key-handler.ts';
import type { SettingsKey } from './settings-keys.ts';

/** A screen that records what it was asked, with what is open as given. */
function screen(
  open: { review?: boolean; help?: boolean; details?: boolean; leaving?: boolean; edits?: boolean } = {},
) {
  const calls: string[] = [];
  const state = { ...open };
  const controls: ScreenControls = {
    leaving: () => state.leaving === true,
    interrupt: () => calls.push('interrupt'),
    reviewing: () => state.review === true,
    answerReview: (press) => calls.push(`review:${press}`),
    helpOpen: () => state.help === true,
    showHelp: (shown) => {
      state.help = shown;
      calls.push(`help:${shown}`);
    },
    detailsOpen: () => state.details === true,
    showDetails: (shown) => {
      state.details = shown;
      calls.push(`details:${shown}`);
    },
    quit: () => calls.push('quit'),
    startReview: () => calls.push('trust'),
    detailsOrEdit: (press) => {
      calls.push(press);
      return press === 'edit' && state.edits === true;
    },
    move: (delta) => calls.push(`move:${delta}`),
    page: () => 5,
    toggle: () => calls.push('toggle'),
    reload: () => calls.push('reload'),
  };
  return { controls, calls };
}

const run = (presses: SettingsKey[], open?: Parameters<typeof screen>[0]): string[] => {
  const { controls, calls } = screen(open);
  handlePresses(presses, controls);
  return calls;
};

describe('handlePresses', () => {
  it('handles a chunk in order and stops at a key that ends the screen', () => {
    expect(run(['down', 'toggle', 'pageDown', 'interrupt', 'toggle'])).toEqual([
      'move:1',
      'toggle',
      'move:5',
      'interrupt',
    ]);
    expect(run(['bottom', 'quit', 'up'])).toEqual(['move:Infinity', 'quit']);
    expect(run(['edit', 'down'], { edits: true })).toEqual(['edit']);
  });

  it('C8: once leaving (Ctrl-C pressed), only a second Ctrl-C counts', () => {
    expect(run(['toggle', 'down', 'interrupt'], { leaving: true })).toEqual(['interrupt']);
  });

  it('S4: a review takes every key but Ctrl-C', () => {
    expect(run(['yes', 'quit', 'interrupt'], { review: true })).toEqual(['review:yes', 'review:quit', 'interrupt']);
  });

  it('the ? list closes on any key, which then does its own thing (but ? and Esc); Esc closes the details first', () => {
    expect(run(['down'], { help: true })).toEqual(['help:false', 'move:1']);
    expect(run(['back', 'help'], { help: true })).toEqual(['help:false', 'help:true']);
    expect(run(['back', 'back'], { details: true })).toEqual(['details:false', 'quit']);
    expect(run(['reload', 'trust', 'yes'])).toEqual(['reload', 'trust']);
  });
});
