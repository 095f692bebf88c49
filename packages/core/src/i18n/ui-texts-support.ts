/**
 * The player app's support screens (issue 31, item 2): their labels, and the server's refusals a player can
 * meet there (`endpoints/support`), word for word so `t.fromServer` finds them.
 */
export const supportUiTexts = [
  'Support',
  'Support, {n} unread',
  'Write to support',
  'Your conversations',
  'No conversations yet. Ask us anything about your deposits, withdrawals or bids.',
  'About deposit #{id}',
  'About withdrawal #{id}',
  'About bid #{id}',
  'Ask about this',
  'Type your message',
  'Send',
  'Attach screenshot',
  'Remove screenshot',
  'Screenshot',
  'You',
  'Open',
  'Closed',
  'New replies: {n}',
  'All conversations',
  'Replies appear here as soon as support answers.',
  'Support replied to you',
  'Open Support to read the reply.',
  // The server's refusals (endpoints/support/index.ts supportMessages)
  'Conversation not found',
  'Write a message or attach a screenshot',
  'A message is at most 1,000 characters',
  'That record is not one of yours',
  'You can send at most 5 messages a minute. Please wait a moment',
  'You can send at most 30 messages an hour. Please wait',
] as const;
