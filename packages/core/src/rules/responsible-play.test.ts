import { describe, expect, it } from 'vitest';
import { nextRealityCheck, realityCheckDue } from './responsible-play.ts';

const signedIn = new Date('2026-11-20T06:30:00Z');
const at = (minutes: number) => new Date(signedIn.getTime() + minutes * 60_000);

describe('nextRealityCheck', () => {
  it('counts whole intervals from sign-in, strictly after now; none when off', () => {
    expect(nextRealityCheck(signedIn, 15, at(0))).toEqual(at(15));
    expect(nextRealityCheck(signedIn, 15, at(14.9))).toEqual(at(15));
    expect(nextRealityCheck(signedIn, 15, at(15))).toEqual(at(30));
    expect(nextRealityCheck(signedIn, 60, at(61))).toEqual(at(120));
    expect(nextRealityCheck(signedIn, 0, at(61))).toBeNull();
  });
});

describe('realityCheckDue', () => {
  it('is the first interval after sign-in while nothing was answered, whenever the page loads', () => {
    expect(realityCheckDue(signedIn, 15, null)).toEqual(at(15));
    // A page loaded 40 minutes in finds the check due since minute 15: a reload does not put it off.
    expect(realityCheckDue(signedIn, 15, null)?.getTime()).toBeLessThan(at(40).getTime());
  });

  it('moves to the next interval after the one answered', () => {
    expect(realityCheckDue(signedIn, 15, at(15.2))).toEqual(at(30));
    expect(realityCheckDue(signedIn, 15, at(31))).toEqual(at(45));
    expect(realityCheckDue(signedIn, 30, at(31))).toEqual(at(60));
  });

  it('ignores an answer from before this sign-in, and is off at 0', () => {
    expect(realityCheckDue(signedIn, 15, at(-100))).toEqual(at(15));
    expect(realityCheckDue(signedIn, 0, at(20))).toBeNull();
  });
});
