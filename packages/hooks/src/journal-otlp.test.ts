// SPEC J3: the pure parts of the OpenTelemetry export. The export itself (records received by a
// loopback OTLP/HTTP receiver, a dead endpoint's bounded delay, drops counted) is tested through
// the built `cosh` (apps/cosh/test/e2e/journal-otlp.test.ts), which bundles the SDK: under vitest
// Node would load the SDK's extensionless `module` builds.
import { describe, expect, it } from 'vitest';
import { otlpLogsUrl } from './journal-otlp.ts';

describe('J3 OpenTelemetry export', () => {
  it('J3: /v1/logs is appended to the base URL unless present', () => {
    expect(otlpLogsUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/logs');
    expect(otlpLogsUrl('https://otel.example/collector/')).toBe('https://otel.example/collector/v1/logs');
    expect(otlpLogsUrl('http://127.0.0.1:4318/v1/logs')).toBe('http://127.0.0.1:4318/v1/logs');
    expect(() => otlpLogsUrl('not a url')).toThrow();
  });
});
