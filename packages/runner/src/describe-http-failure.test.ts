import { describe, expect, it } from 'vitest';
import { describeHttpFailure } from './describe-http-failure.ts';

const failure = (code: string | undefined, message = 'boom'): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe('describeHttpFailure (H3)', () => {
  it('H3: names the cause in words, the origin and the code', () => {
    const origin = 'policy.example:8443';
    expect(describeHttpFailure(failure('EAI_AGAIN'), origin, 'request')).toBe(
      'DNS lookup failed for policy.example:8443, try again later (EAI_AGAIN)',
    );
    expect(describeHttpFailure(failure('EHOSTUNREACH'), origin, 'request')).toBe(
      'cannot reach policy.example:8443 (EHOSTUNREACH)',
    );
    expect(describeHttpFailure(failure('EMFILE'), origin, 'request')).toBe(
      'too many open files, cannot connect to policy.example:8443 (EMFILE)',
    );
    expect(describeHttpFailure(failure('CERT_HAS_EXPIRED', 'certificate has expired'), origin, 'request')).toBe(
      'TLS failure with policy.example:8443: certificate has expired (CERT_HAS_EXPIRED)',
    );
    expect(describeHttpFailure(failure('HPE_INVALID_CONSTANT', 'Expected HTTP/'), origin, 'request')).toBe(
      'invalid HTTP response from policy.example:8443: Expected HTTP/ (HPE_INVALID_CONSTANT)',
    );
    expect(describeHttpFailure(failure('EWHATEVER', 'odd'), origin, 'request')).toBe(
      'request to policy.example:8443 failed: odd (EWHATEVER)',
    );
    expect(describeHttpFailure('not an error', origin, 'request')).toBe(
      'request to policy.example:8443 failed: not an error',
    );
  });

  it('H3: an EPROTO is a TLS failure only when OpenSSL says so, with its reason alone', () => {
    const openSsl =
      'write EPROTO 80EC:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/x.c:350:\n';
    expect(describeHttpFailure(failure('EPROTO', openSsl), 'h:1', 'request')).toBe(
      'TLS failure with h:1: wrong version number (EPROTO)',
    );
    expect(describeHttpFailure(failure('EPROTO', 'protocol error'), 'h:1', 'request')).toBe(
      'request to h:1 failed: protocol error (EPROTO)',
    );
  });

  it('H3: a failure while reading the body says how much had arrived', () => {
    expect(describeHttpFailure(failure('ECONNRESET', 'aborted'), 'h:1', 'body', 512)).toBe(
      'the connection to h:1 closed after 512 bytes of the response body, before its end (ECONNRESET)',
    );
    expect(describeHttpFailure(undefined, 'h:1', 'body', 0)).toBe(
      'the connection to h:1 closed after 0 bytes of the response body, before its end',
    );
  });
});
