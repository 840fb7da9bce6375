/** A non-null, non-array object: what a JSON object, a config entry or a call must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
