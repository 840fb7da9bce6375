import { type RefObject, useRef, useState } from 'react';

/**
 * A React state with a ref that always holds its latest value. Key presses can arrive several
 * to a chunk and are handled before React renders again, so the handlers read and write the ref
 * (`ref.current`, `set`); the state copy only drives rendering. One hook for what were pairs of
 * `useState` and `useRef` kept in step by hand.
 */
export function useRefState<T>(initial: T | (() => T)): readonly [value: T, ref: RefObject<T>, set: (next: T) => void] {
  const [value, setValue] = useState<T>(initial);
  const ref = useRef<T>(value);
  const set = (next: T): void => {
    ref.current = next;
    setValue(next);
  };
  return [value, ref, set] as const;
}
