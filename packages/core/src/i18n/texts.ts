/**
 * Every English text the player app shows, by which the Hindi catalogue is keyed: the spec's message tables
 * word for word (so a server answer is found by its text), the templates of their worded-with-values
 * messages (`Min amt is {min}`), and the app's own labels. A text missing from the Hindi catalogue is a
 * type error, and `texts.test.ts` checks each template against the function that words it.
 */
import { bidHistoryMessages, bidPlacementMessages } from '../contract/bids.ts';
import { appShellMessages } from '../contract/app-shell-messages.ts';
import { fundsMessages } from '../contract/funds-messages.ts';
import { idempotencyMessages } from '../contract/idempotency.ts';
import { ledgerNotes } from '../contract/ledger-notes.ts';
import { accountClosureMessages, accountMessages } from '../contract/messages.ts';
import { playMessages } from '../contract/play-messages.ts';
import { networkMessages } from '../endpoints/client.ts';
import { bidMessages } from '../rules/messages.ts';
import { uiTexts } from './ui-texts.ts';
import { accountUiTexts } from './ui-texts-account.ts';
import { gamesUiTexts } from './ui-texts-games.ts';
import { supportUiTexts } from './ui-texts-support.ts';
import { referralUiTexts } from './ui-texts-referrals.ts';
import { pushUiTexts } from './ui-texts-push.ts';

type TextsOf<T> = T extends unknown ? Extract<T[keyof T], string> : never;

const specTables = [
  accountMessages,
  accountClosureMessages,
  appShellMessages,
  fundsMessages,
  playMessages,
  bidMessages,
  bidPlacementMessages,
  bidHistoryMessages,
  idempotencyMessages,
  networkMessages,
  ledgerNotes,
] as const;

export type SpecText = TextsOf<(typeof specTables)[number]>;

/** The spec's messages that carry values, as templates; each equals its function given `{name}` arguments. */
export const templateTexts = [
  'Too many attempts. Please try again in {seconds} seconds.',
  'Your wallet still has {points} points. Withdraw them before you delete your account.',
  'Your account owes {points} points. Clear it before you delete your account.',
  'Min amt is {min}',
  'Points Must be More than {min}',
  'Minimum amount to add is {min}',
  'This deposit request is already {status}',
  'Your account owes {amount} points after a result correction. Add funds to clear it before you bid, withdraw or transfer.',
  'Over your daily deposit limit of {limit} points: {left} points left today',
  'Over your weekly deposit limit of {limit} points: {left} points left this week',
  'Over your monthly deposit limit of {limit} points: {left} points left this month',
  'Over your daily stake limit of {limit} points: {left} points left today',
  'Over your weekly stake limit of {limit} points: {left} points left this week',
  'Over your monthly stake limit of {limit} points: {left} points left this month',
  'You are on a time-out until {until}. Betting, deposits and transfers are paused.',
  'You have excluded yourself until {until}. Betting, deposits and transfers are paused.',
  'Time-out started. It ends {until}.',
  'Self-exclusion started. It ends {until}.',
  'Number {entered} is not valid',
  'Required minimum bid amount is {points}',
  'Bidding is closed for {betTypeLabel}',
  // The liability cap's refusal (apps/api risk module), alone or after the placed part of a slip.
  'Limit reached for {number}',
  // Passbook lines (contract/ledger-notes.ts); the bid date inside is the spec's `20-November-2026`.
  'Points transfer from {from} to {to}',
  'Bid {market} {betType} ({bidDate})',
  'Win {market} {bidDate} (result {value})',
  'Win {market} {bidDate} (open result {value})',
  'Win {market} {bidDate} (close result {value})',
] as const;

export type TemplateText = (typeof templateTexts)[number];
export type UiText = (typeof uiTexts)[number];
export type AccountUiText = (typeof accountUiTexts)[number];
export type GamesUiText = (typeof gamesUiTexts)[number];
export type SupportUiText = (typeof supportUiTexts)[number];
export type ReferralUiText = (typeof referralUiTexts)[number];
export type PushUiText = (typeof pushUiTexts)[number];
export type Text =
  | SpecText
  | TemplateText
  | UiText
  | AccountUiText
  | GamesUiText
  | SupportUiText
  | ReferralUiText
  | PushUiText;

const specTexts: readonly SpecText[] = specTables.flatMap((table) =>
  Object.values(table).filter((value): value is SpecText => typeof value === 'string'),
);

export const englishTexts: readonly Text[] = [
  ...new Set<Text>([
    ...specTexts,
    ...templateTexts,
    ...uiTexts,
    ...accountUiTexts,
    ...gamesUiTexts,
    ...supportUiTexts,
    ...referralUiTexts,
    ...pushUiTexts,
  ]),
];
