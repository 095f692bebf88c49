/** What the server answers when an idempotency key is malformed or reused for another request. */
export const idempotencyMessages = {
  badKey: 'Idempotency key must be 8-255 letters, digits, "-", "_", ":" or "."',
  mismatch: 'This request id was already used for a different request',
  /** The same request sent again while the first is still running (a double tap, a retry on a slow network). */
  inProgress: 'This request is still being processed',
} as const;
