// `t`: the trust review (SPEC S4) as keys drive it: the first file that needs a person's review,
// its diff scrolled, then trusted (y) or left as it is (n).
import type { TrustCandidate } from '@cosh/config';
import { printableText } from '../terminal-text.ts';
import type { SettingsKey } from './settings-keys.ts';
import { type Review, reviewLines } from './settings-review-view.tsx';
import type { ScreenContext } from './settings-screen-context.ts';

/** The review's place on screen: the file under review (or none) and the rows its diff gets. */
export interface ReviewPlace {
  current(): Review | null;
  update(review: Review | null): void;
  readonly height: number;
  readonly width: number;
}

/** Opens the review of the first file to review, or says there is none. */
export function startReview(screen: ScreenContext, place: ReviewPlace): void {
  const current = screen.state();
  const file = current.status === 'ready' ? current.layers?.toReview[0] : undefined;
  if (file === undefined) {
    screen.setMessage({ tone: 'muted', text: 'Nothing to review: every file is trusted as it is.' });
    return;
  }
  place.update({ file, top: 0 });
  screen.setMessage({
    tone: 'muted',
    text: `Trust ${printableText(file.file)} as it is now? y trusts it, n goes back.`,
  });
}

/** A key pressed during the review: scrolls, leaves, or records the trust. */
export function answerReview(
  screen: ScreenContext,
  place: ReviewPlace,
  press: SettingsKey,
  trust: ((candidate: TrustCandidate) => Promise<void>) | undefined,
): void {
  const current = place.current();
  if (current === null) return;
  const page = Math.max(1, place.height - 1);
  const lines = reviewLines(current.file, place.width);
  const maximum = Math.max(0, lines.length - place.height);
  if (press === 'up' || press === 'down' || press === 'pageUp' || press === 'pageDown') {
    const delta = press === 'up' ? -1 : press === 'down' ? 1 : press === 'pageUp' ? -page : page;
    place.update({ ...current, top: Math.min(Math.max(current.top + delta, 0), maximum) });
    return;
  }
  if (press === 'no' || press === 'quit' || press === 'back') {
    place.update(null);
    screen.setMessage({ tone: 'muted', text: `Not trusted: ${printableText(current.file.file)}` });
    return;
  }
  if (press !== 'yes') return;
  place.update(null);
  const { candidate } = current.file;
  if (trust === undefined) {
    screen.setMessage({ tone: 'error', text: 'Not trusted: only a person at a controlling terminal gives trust' });
    return;
  }
  if (candidate === null) return;
  screen.setMessage({ tone: 'muted', text: `Trusting ${printableText(current.file.file)}…` });
  screen.saves.add(async () => {
    try {
      await trust(candidate);
      await screen.reloadAfter({ tone: 'ok', text: `Trusted ${printableText(candidate.file)}` });
    } catch (error) {
      screen.setMessage({
        tone: 'error',
        text: `Not trusted: ${printableText(error instanceof Error ? error.message : String(error))}`,
      });
    }
  });
}
