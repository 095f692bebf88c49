import { describe, expect, it } from 'vitest';
import { sessionLength } from './reality-check.ts';

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
