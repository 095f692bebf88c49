export * from './errors.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './accounts.ts';
export * from './funds.ts';
export * from './bids.ts';
