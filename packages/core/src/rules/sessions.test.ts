import { describe, expect, it } from 'vitest';
import { parseSession, sessionLabel } from './sessions.ts';

describe('parseSession', () => {
  it('accepts the spellings of decision D10 in any case', () => {
    for (const s of ['Open', 'open', 'OPEN', 'oPeN']) expect(parseSession(s)).toBe('open');
    for (const s of ['Close', 'close', 'CLOSE', 'closed', 'Closed', 'CLOSED'])
      expect(parseSession(s)).toBe('close');
  });

  it('rejects everything else', () => {
    for (const s of ['', ' open', 'open ', 'opened', 'clos', 'o', 'c', 'Open session', 'null']) {
      expect(parseSession(s)).toBeNull();
    }
    for (const v of [undefined, null, 1, true, {}, ['open']]) expect(parseSession(v)).toBeNull();
  });

  it('labels sessions for people', () => {
    expect(sessionLabel('open')).toBe('Open');
    expect(sessionLabel('close')).toBe('Close');
  });
});
