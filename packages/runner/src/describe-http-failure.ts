const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
};

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// OpenSSL's certificate verdicts that Node passes on as the error code.
const certificateCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

// OpenSSL's own lines look like `error:0A00010B:SSL routines:ssl3_get_record:wrong version
// number:../deps/openssl/…/ssl3_record.c:350:`: the reason is the fifth field.
const openSslLine = /error:[0-9A-F]+:SSL routines:[^:]*:([^:]+):/;

/** The words of a TLS error without OpenSSL's codes and source paths. */
function tlsReason(error: unknown): string {
  const message = errorMessage(error);
  return openSslLine.exec(message)?.[1] ?? message;
}

const isTlsError = (error: unknown, code: string | undefined): boolean =>
  code !== undefined &&
  (certificateCodes.has(code) ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    (code === 'EPROTO' && openSslLine.test(errorMessage(error))));

/** Where a call failed: before any response, or while its body was being read. */
export type HttpFailurePhase = 'request' | 'body';

/**
 * One readable line for an HTTP hook call that failed (H3): the cause in words, where it
 * happened and the system's code, e.g. `connection refused by 127.0.0.1:8080 (ECONNREFUSED)`.
 * `origin` is `host:port`: the URL itself is never repeated, its query may hold a token.
 */
export function describeHttpFailure(error: unknown, origin: string, phase: HttpFailurePhase, bodyBytes = 0): string {
  const code = errorCode(error);
  const suffix = code === undefined ? '' : ` (${code})`;
  if (phase === 'body') {
    return `the connection to ${origin} closed after ${bodyBytes} bytes of the response body, before its end${suffix}`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${origin}${suffix}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the connection to ${origin} was closed before a response${suffix}`;
    case 'ENOTFOUND':
      return `host not found: ${origin}${suffix}`;
    case 'EAI_AGAIN':
      return `DNS lookup failed for ${origin}, try again later${suffix}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
    case 'EADDRNOTAVAIL':
      return `cannot reach ${origin}${suffix}`;
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files, cannot connect to ${origin}${suffix}`;
    case 'ERR_INVALID_CHAR':
    case 'ERR_INVALID_HTTP_TOKEN':
    case 'ERR_HTTP_INVALID_HEADER_VALUE':
      return `invalid request header: ${errorMessage(error)}${suffix}`;
    default:
      break;
  }
  if (isTlsError(error, code)) return `TLS failure with ${origin}: ${tlsReason(error)}${suffix}`;
  if (code?.startsWith('HPE_') === true) return `invalid HTTP response from ${origin}: ${errorMessage(error)}${suffix}`;
  return `request to ${origin} failed: ${errorMessage(error)}${suffix}`;
}
