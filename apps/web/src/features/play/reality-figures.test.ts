import { describe, expect, it } from 'vitest';
import { netPoints, sessionLength } from './reality-figures.ts';

describe('sessionLength', () => {
  it('says hours and minutes in words, whole minutes down', () => {
    expect(sessionLength(0)).toBe('less than a minute');
    expect(sessionLength(59_999)).toBe('less than a minute');
    expect(sessionLength(60_000)).toBe('1 minute');
    expect(sessionLength(15 * 60_000 + 42_000)).toBe('15 minutes');
    expect(sessionLength(60 * 60_000)).toBe('1 hour');
    expect(sessionLength(65 * 60_000)).toBe('1 hour 5 minutes');
    expect(sessionLength(121 * 60_000)).toBe('2 hours 1 minute');
    expect(sessionLength(-5)).toBe('less than a minute');
  });
});

describe('netPoints', () => {
  it('groups the net result the Indian way and keeps its sign', () => {
    expect(netPoints('+106505')).toBe('+1,06,505');
    expect(netPoints('-10')).toBe('-10');
    expect(netPoints('-2500.50')).toBe('-2,500.50');
    expect(netPoints('0')).toBe('0');
  });
});
