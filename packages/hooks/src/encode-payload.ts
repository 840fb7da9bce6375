import { describeError } from './describe-error.ts';
import type { ProtocolPayload } from './event-hooks-setup.ts';

/**
 * One serialised payload, or why the call cannot be sent as JSON (every hook of that protocol
 * then fails to start, R9). Encoded once per protocol and call: every hook of that protocol is
 * given the one buffer (R11).
 */
export function encodePayload(serialise: () => string): ProtocolPayload {
  try {
    const text = serialise();
    return { text, stdin: Buffer.from(text), problem: null };
  } catch (error) {
    return { text: '', stdin: null, problem: `the tool input cannot be sent as JSON: ${describeError(error)}` };
  }
}
