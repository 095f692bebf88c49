import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { accountClosureMessages, accountMessages } from '../contract/messages.ts';
import { fundsMessages } from '../contract/funds-messages.ts';
import { ledgerNotes } from '../contract/ledger-notes.ts';
import {
  breakKindLabels,
  limitKindLabels,
  limitPeriodLabels,
  playMessages,
} from '../contract/play-messages.ts';
import { bidMessages } from '../rules/messages.ts';
import { argumentNames, compileMessage, fill } from './compile.ts';
import { hi } from './hi.ts';
import { englishTexts, templateTexts, type Text } from './texts.ts';
import { createTextTranslator } from './translate-text.ts';

describe('the Hindi catalogue', () => {
  it('has a Hindi text, with the same arguments, for every English text', () => {
    const catalogue: Readonly<Record<string, string | undefined>> = hi;
    const missing = englishTexts.filter((text) => !catalogue[text]?.trim());
    expect(missing).toEqual([]);
    const mismatched = englishTexts.filter(
      (text) => argumentNames(text).join() !== argumentNames(catalogue[text] ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('knows the play-limit labels', () => {
    const known = new Set<string>(englishTexts);
    const labels = [limitKindLabels, limitPeriodLabels, breakKindLabels].flatMap((table) =>
      Object.values(table),
    );
    expect(labels.filter((label) => !known.has(label))).toEqual([]);
  });

  it('holds no text the app does not show', () => {
    const known = new Set<string>(englishTexts);
    expect(Object.keys(hi).filter((text) => !known.has(text))).toEqual([]);
  });

  it('is written in Devanagari', () => {
    const latinOnly = Object.entries(hi).filter(([, text]) => !/[\u0900-\u097F]/.test(text));
    // Only texts that are names or codes as players read them may stay in Latin script.
    expect(latinOnly.map(([english]) => english)).toEqual(
      latinOnly.map(([english]) => english).filter((english) => allowedLatin.has(english)),
    );
  });
});

const allowedLatin = new Set<string>([
  'Jodi',
  'Single Pana',
  'Double Pana',
  'Triple Pana',
  'Half Sangam',
  'Full Sangam',
  'UPI',
  'OTP',
  'UTR',
  'Gama',
  'English',
  'Open',
  'Close',
  'Sangam',
  'Panna',
]);

describe('compileMessage', () => {
  it('compiles every message of both catalogues exactly as Lingui does', () => {
    for (const text of englishTexts) {
      expect(compileMessage(text), text).toEqual(linguiCompile(text));
      const translated = hi[text] ?? '';
      expect(compileMessage(translated), translated).toEqual(linguiCompile(translated));
    }
  });

  it('fills arguments and leaves unknown ones visible', () => {
    expect(fill('Min amt is {min}', { min: '1,000' })).toBe('Min amt is 1,000');
    expect(fill('Limit reached for {number}')).toBe('Limit reached for {number}');
  });
});

describe('the templates of worded messages', () => {
  const worded: [Text, string][] = [
    [
      'Too many attempts. Please try again in {seconds} seconds.',
      accountMessages.tooManyAttempts(NaN).replace('NaN', '{seconds}'),
    ],
    [
      'Your wallet still has {points} points. Withdraw them before you delete your account.',
      accountClosureMessages.balanceLeft('{points}'),
    ],
    [
      'Your account owes {points} points. Clear it before you delete your account.',
      accountClosureMessages.debtLeft('{points}'),
    ],
    ['Min amt is {min}', fundsMessages.minWithdraw('{min}')],
    ['Points Must be More than {min}', fundsMessages.transferMinOf('{min}')],
    ['Minimum amount to add is {min}', fundsMessages.depositMin('{min}')],
    ['This deposit request is already {status}', fundsMessages.depositNotPending('{status}')],
    [
      'Your account owes {amount} points after a result correction. Add funds to clear it before you bid, withdraw or transfer.',
      fundsMessages.debtBlocked('{amount}'),
    ],
    ['Number {entered} is not valid', bidMessages.numberNotValid('{entered}')],
    ['Required minimum bid amount is {points}', bidMessages.minimumBidOf(NaN).replace('NaN', '{points}')],
    ['Bidding is closed for {betTypeLabel}', bidMessages.biddingClosedFor('{betTypeLabel}')],
    ['Time-out started. It ends {until}.', playMessages.breakStarted('timeout', '{until}')],
    ['Self-exclusion started. It ends {until}.', playMessages.breakStarted('exclusion', '{until}')],
    [
      'You are on a time-out until {until}. Betting, deposits and transfers are paused.',
      playMessages.breakRunning('timeout', '{until}'),
    ],
    [
      'You have excluded yourself until {until}. Betting, deposits and transfers are paused.',
      playMessages.breakRunning('exclusion', '{until}'),
    ],
    ['Points transfer from {from} to {to}', ledgerNotes.transfer('{from}', '{to}')],
    ['Bid {market} {betType} ({bidDate})', ledgerNotes.bid('{market}', '{betType}', '{bidDate}')],
    [
      'Win {market} {bidDate} (result {value})',
      ledgerNotes.win('{market}', '{bidDate}', 'single', '{value}'),
    ],
    [
      'Win {market} {bidDate} (open result {value})',
      ledgerNotes.win('{market}', '{bidDate}', 'open', '{value}'),
    ],
    [
      'Win {market} {bidDate} (close result {value})',
      ledgerNotes.win('{market}', '{bidDate}', 'close', '{value}'),
    ],
  ];
  for (const kind of ['deposit', 'stake'] as const) {
    for (const period of ['day', 'week', 'month'] as const) {
      const text = playMessages.limitReached(kind, period, '{limit}', '{left}');
      worded.push([text as Text, text]);
    }
  }

  it.each(worded)('%s', (template, fromFunction) => {
    expect(fromFunction).toBe(template);
    expect(templateTexts).toContain(template);
  });

  it('lists every template once', () => {
    const limitTemplates = templateTexts.filter((text) => text.startsWith('Over your '));
    expect(limitTemplates).toHaveLength(6);
    expect(worded.length + 1).toBe(templateTexts.length);
  });
});

describe('translating server answers', () => {
  const toHindi = createTextTranslator(hi, '।');

  it('finds a spec text by its exact words', () => {
    expect(toHindi(accountMessages.loginSuccess)).toBe('लॉगिन सफल रहा');
  });

  it('fills a template with the values the server sent', () => {
    expect(toHindi('Limit reached for 7')).toBe('7 की सीमा पूरी हो गई');
    expect(toHindi('Min amt is 1,000')).toBe('कम से कम रकम 1,000 है');
  });

  it('translates a known text inside a template value', () => {
    expect(toHindi(bidMessages.biddingClosedFor('Game Rates'))).toBe('गेम रेट के लिए बोली बंद है');
  });

  it('translates sentences the server joined', () => {
    expect(toHindi('Bid Successfully Submitted. Limit reached for 7. Limit reached for 12')).toBe(
      'बोली सफलतापूर्वक लग गई। 7 की सीमा पूरी हो गई। 12 की सीमा पूरी हो गई',
    );
  });

  it('leaves a text it does not know as the server sent it', () => {
    expect(toHindi('Operator login required')).toBe('Operator login required');
    expect(toHindi('Bid Successfully Submitted. Something new')).toBe(
      'Bid Successfully Submitted. Something new',
    );
  });
});
