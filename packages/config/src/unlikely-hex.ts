/**
 * `length` random hex digits, for names and tokens that need to be unlikely, not secret (a
 * temporary file opened with O_EXCL, a lock holder's nonce). Math.random, not node:crypto: its
 * load cost a call 4–5 ms of CPU, and these modules are on the path of every `cosh hooks run`
 * and of every journaled call.
 */
export function unlikelyHex(length: number): string {
  let digits = '';
  while (digits.length < length)
    digits += Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return digits.slice(0, length);
}
