/** `message`: the server's words for why, or the spec's session-expired text. */
type SessionLostListener = (message: string) => void;
let onSessionLost: SessionLostListener = () => {};

/**
 * The app layer decides what "session gone" means for navigation; the API client only reports it. Its own module,
 * so the entry can listen without bringing the client (and its endpoint catalogue) into the first download.
 */
export function setSessionLostListener(listener: SessionLostListener): void {
  onSessionLost = listener;
}

export function reportSessionLost(message: string): void {
  onSessionLost(message);
}
