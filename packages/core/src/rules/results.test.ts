import { describe, expect, it } from 'vitest';
import {
  formatGaliResult,
  formatMainResult,
  formatStarlineResult,
  galiLegacyFields,
  mainLegacyFields,
  mainResultParts,
  starlineLegacyFields,
} from './results.ts';

describe('main results', () => {
  it('shows the three stages', () => {
    expect(formatMainResult({ openPana: null, closePana: null })).toBe('***-**-***');
    expect(formatMainResult({ openPana: '123', closePana: null })).toBe('123-6*-***');
    expect(formatMainResult({ openPana: '123', closePana: '456' })).toBe('123-65-456');
    expect(formatMainResult({ openPana: '550', closePana: '777' })).toBe('550-01-777');
  });

  it('derives digits and the jodi, keeping a leading zero', () => {
    expect(mainResultParts({ openPana: '550', closePana: '777' })).toEqual({
      openPana: '550',
      openDigit: '0',
      closeDigit: '1',
      closePana: '777',
      jodi: '01',
    });
    expect(mainResultParts({ openPana: '123', closePana: null }).jodi).toBeNull();
  });

  it('gives the legacy open_result / close_result fields, which join into the display', () => {
    expect(mainLegacyFields({ openPana: null, closePana: null })).toEqual({
      open_result: '',
      close_result: '',
    });
    expect(mainLegacyFields({ openPana: '123', closePana: null })).toEqual({
      open_result: '123-6',
      close_result: '',
    });
    const both = mainLegacyFields({ openPana: '123', closePana: '456' });
    expect(both).toEqual({ open_result: '123-6', close_result: '5-456' });
    expect(both.open_result + both.close_result).toBe('123-65-456');
  });

  it('refuses values that are not panas, and a close without an open', () => {
    expect(() => formatMainResult({ openPana: '213', closePana: null })).toThrow(RangeError);
    expect(() => formatMainResult({ openPana: '123', closePana: '12' })).toThrow(RangeError);
    expect(() => formatMainResult({ openPana: null, closePana: '456' })).toThrow(RangeError);
  });
});

describe('Starline results', () => {
  it('shows pana-ank, or ***-* while pending; any of the 220 panas can be drawn', () => {
    expect(formatStarlineResult('349')).toBe('349-6');
    expect(formatStarlineResult('550')).toBe('550-0');
    expect(formatStarlineResult('777')).toBe('777-1');
    expect(formatStarlineResult(null)).toBe('***-*');
    expect(starlineLegacyFields('349')).toEqual({ open_result: '349-6', close_result: '' });
    expect(starlineLegacyFields(null)).toEqual({ open_result: '', close_result: '' });
    expect(() => formatStarlineResult('394')).toThrow(RangeError);
  });
});

describe('Gali results', () => {
  it('shows the two digits, or ** while pending', () => {
    expect(formatGaliResult('47')).toBe('47');
    expect(formatGaliResult('05')).toBe('05');
    expect(formatGaliResult(null)).toBe('**');
    expect(galiLegacyFields('47')).toEqual({ open_result: '47', close_result: '' });
    expect(galiLegacyFields(null)).toEqual({ open_result: '', close_result: '' });
    for (const bad of ['5', '470', 'ab', '']) expect(() => formatGaliResult(bad)).toThrow(RangeError);
  });
});
