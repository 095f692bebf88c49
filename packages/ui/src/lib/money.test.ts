import { describe, expect, it } from 'vitest';
import { displayToPaise, formatPoints, formatWholePoints, groupIndian } from './money.ts';

describe('groupIndian', () => {
  it('groups the last three digits, then twos', () => {
    expect(groupIndian('0')).toBe('0');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('100000')).toBe('1,00,000');
    expect(groupIndian('12345678')).toBe('1,23,45,678');
  });
});

describe('displayToPaise', () => {
  it('reads the server display strings', () => {
    expect(displayToPaise('95')).toBe(9500);
    expect(displayToPaise('142.5')).toBe(14250);
    expect(displayToPaise('-3.05')).toBe(-305);
    expect(displayToPaise(' 7 ')).toBe(700);
  });
  it('refuses what is not an amount', () => {
    expect(displayToPaise(undefined)).toBeNull();
    expect(displayToPaise('1,000')).toBeNull();
    expect(displayToPaise('1.234')).toBeNull();
    expect(displayToPaise('abc')).toBeNull();
    expect(displayToPaise('99999999999999999999')).toBeNull();
  });
});

describe('formatPoints', () => {
  it('shows paise as grouped points with two decimals by default', () => {
    expect(formatPoints(10_000_000)).toBe('1,00,000.00');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(-123_456)).toBe('-1,234.56');
    expect(formatPoints(0)).toBe('0.00');
  });
  it('takes bigints and display strings alike', () => {
    expect(formatPoints(123_456_789_012n)).toBe('1,23,45,67,890.12');
    expect(formatPoints('100000')).toBe('1,00,000.00');
    expect(formatPoints('142.50', { decimals: 'when-needed' })).toBe('142.50');
  });
  it('drops zero paise when asked, and signs credits when asked', () => {
    expect(formatPoints(100_000, { decimals: 'when-needed' })).toBe('1,000');
    expect(formatPoints(100_000, { signed: true })).toBe('+1,000.00');
    expect(formatPoints(-100_000, { signed: true })).toBe('-1,000.00');
    expect(formatPoints(0, { signed: true })).toBe('0.00');
  });
  it('leaves text that is not an amount as it is', () => {
    expect(formatPoints('n/a')).toBe('n/a');
  });
  it('formats whole points', () => {
    expect(formatWholePoints(1000)).toBe('1,000');
    expect(formatWholePoints(250000)).toBe('2,50,000');
  });
});
