/** A message's or a conversation's time, short: the inbox and the thread show it the same way. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
