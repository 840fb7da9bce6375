/** An error's message, or the thrown value as text. */
export const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));
