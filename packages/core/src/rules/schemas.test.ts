import { describe, expect, it } from 'vitest';
import { galiResultSchema, panaSchema, pointsSchema, sessionSchema } from './schemas.ts';

describe('zod schemas over the rules', () => {
  it('pointsSchema parses whole points and refuses the rest', () => {
    expect(pointsSchema.parse('25')).toBe(25);
    expect(pointsSchema.parse(25)).toBe(25);
    for (const bad of ['', '2.5', '-1', '1e3', 0, 2.5, null, undefined, '1000000001']) {
      expect(pointsSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('sessionSchema gives the canonical session', () => {
    expect(sessionSchema.parse('Open')).toBe('open');
    expect(sessionSchema.parse('closed')).toBe('close');
    expect(sessionSchema.safeParse('later').success).toBe(false);
    expect(sessionSchema.safeParse(1).success).toBe(false);
  });

  it('panaSchema and galiResultSchema accept only their values', () => {
    expect(panaSchema.safeParse('120').success).toBe(true);
    expect(panaSchema.safeParse('012').success).toBe(false);
    expect(galiResultSchema.safeParse('05').success).toBe(true);
    expect(galiResultSchema.safeParse('5').success).toBe(false);
  });
});
