export * from './errors.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './accounts.ts';
export * from './funds.ts';
export * from './funds-messages.ts';
export * from './funds-types.ts';
export * from './bids.ts';
