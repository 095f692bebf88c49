/**
 * Errors carry codes (decision 045): a refusal's code names it, so the apps decide by the code and show the
 * message. Two rules, read from the source:
 * - every refusal is raised with a code of the one list, written as a text (never computed), and VALIDATION
 *   and FORBIDDEN (the input schema, the permission) only by the HTTP layer;
 * - a code outside the generic few names one refusal: every place that raises it gives the same message, so
 *   no route can answer one code for two refusals a client must tell apart.
 * The third rule, that a route answers only the codes its catalogue entry lists, is checked on every answer
 * outside production (`http/route.ts`), so the whole suite checks it; the last test here shows it failing.
 */
import { errorCodes, genericErrorCodes } from '@gama/core/contract/errors';
import type { ErrorCode } from '@gama/core/contract/errors';
import { endpoints } from '@gama/core/endpoints';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ErrorSite } from './error-sites.ts';
import { errorSites, errorSitesOf } from './error-sites.ts';
import { createTestApp } from './helpers.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Where each rule is broken, as readable lines (empty when the source keeps them). */
export function problemsOf(sites: readonly ErrorSite[]): string[] {
  const problems: string[] = [];
  const messagesOf = new Map<string, Map<string, string>>();
  for (const site of sites) {
    if (site.code === null || !(site.code in errorCodes)) {
      problems.push(`${site.where}: the code must be a text from errors.ts`);
      continue;
    }
    if (site.message === null) {
      problems.push(`${site.where}: one message per place; raise each refusal with its own code`);
      continue;
    }
    const code = site.code as ErrorCode;
    // The operator caller check is the HTTP layer's too (route.ts runs it through deps.callers).
    const inHttp = site.where.startsWith('http/') || site.where.startsWith('modules/operators/sessions.ts');
    if ((code === 'VALIDATION' || code === 'FORBIDDEN') && !inHttp) {
      problems.push(
        `${site.where}: ${code} is the HTTP layer's (schema, permission); give the refusal a code`,
      );
    }
    if (genericErrorCodes.includes(code)) continue;
    const seen = messagesOf.get(code) ?? new Map<string, string>();
    messagesOf.set(code, seen);
    if (!seen.has(site.message)) seen.set(site.message, site.where);
  }
  for (const [code, seen] of messagesOf) {
    if (seen.size > 1) {
      const list = [...seen].map(([message, where]) => `${message} (${where})`).join(', ');
      problems.push(`${code} is raised for ${seen.size} refusals: ${list}`);
    }
  }
  return problems;
}

describe('error codes', () => {
  const sites = errorSites(SRC);

  it('reads the refusals of the server', () => {
    // A scanner that found nothing would pass every rule.
    expect(sites.length).toBeGreaterThan(200);
    expect(sites).toContainEqual({
      where: expect.stringMatching(/^modules\/funds\/utr\.ts:\d+$/) as string,
      code: 'UTR_USED',
      message: 'fundsMessages.utrUsed',
    });
  });

  it('every refusal has a code of the list, and a specific code names one refusal', () => {
    expect(problemsOf(sites)).toEqual([]);
  });

  it('finds a code given to two refusals, a computed code, a condition and VALIDATION in a service', () => {
    const planted = errorSitesOf(
      'modules/funds/planted.ts',
      [
        "import { fundsMessages as m } from '@gama/core/contract/funds-messages';",
        "if (a) throw new AppError('UTR_USED', m.utrUsed);",
        "if (b) throw new AppError('UTR_USED', m.utrAlreadyEntered);",
        'if (c) throw new AppError(kind, m.utrUsed);',
        "if (d) throw new AppError('UTR_USED', e ? m.utrUsed : m.utrInvalid);",
        "if (f) throw new AppError('VALIDATION', m.depositMin(String(10)));",
        "if (g) throw new AppError('NOT_FOUND', 'Market not found');",
        "if (h) throw new AppError('NOT_FOUND', 'Player not found');",
      ].join('\n'),
    );
    expect(planted.map((s) => s.message)).toEqual([
      'fundsMessages.utrUsed',
      'fundsMessages.utrAlreadyEntered',
      'fundsMessages.utrUsed',
      null,
      'fundsMessages.depositMin',
      '"Market not found"',
      '"Player not found"',
    ]);
    expect(problemsOf(planted)).toEqual([
      'modules/funds/planted.ts:4: the code must be a text from errors.ts',
      'modules/funds/planted.ts:5: one message per place; raise each refusal with its own code',
      "modules/funds/planted.ts:6: VALIDATION is the HTTP layer's (schema, permission); give the refusal a code",
      'UTR_USED is raised for 2 refusals: fundsMessages.utrUsed (modules/funds/planted.ts:2), fundsMessages.utrAlreadyEntered (modules/funds/planted.ts:3)',
    ]);
  });

  it('every code raised outside the pending bid path is listed by some catalogue entry', () => {
    const listed = new Set(Object.values(endpoints).flatMap((e) => e.errors));
    const raised = new Set(sites.map((s) => s.code as ErrorCode));
    const implied: ErrorCode[] = [
      'VALIDATION',
      'FORBIDDEN',
      'UNAUTHENTICATED',
      'SESSION_IDLE',
      'TOTP_ENROLMENT_REQUIRED',
      'BAD_APP_KEY',
      'BETTING_DISABLED',
      'CROSS_SITE',
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_MISMATCH',
      'IDEMPOTENCY_IN_PROGRESS',
      'UNAVAILABLE',
      'INTERNAL',
    ];
    expect([...raised].filter((c) => !listed.has(c) && !implied.includes(c)).sort()).toEqual([]);
  });

  it('a route answering a code its entry does not list is a 500 outside production', async () => {
    const entry = endpoints.fundRequestUtr as { errors: readonly ErrorCode[] };
    const listed = entry.errors;
    // Planted: the entry forgets UTR_ALREADY_ENTERED while the app is built, then gets it back.
    entry.errors = listed.filter((c) => c !== 'UTR_ALREADY_ENTERED');
    const t = await createTestApp().finally(() => {
      entry.errors = listed;
    });
    try {
      const player = await t.player();
      const asked = await t.post<{ request_id: number }>(
        '/api-fund-request-add',
        { request_amount: '1000' },
        { token: player.token },
      );
      expect(asked.statusCode).toBe(200);
      const id = asked.json.request_id;
      const first = await t.post(
        '/api-fund-request-utr',
        { request_id: id, utr: '123456789012' },
        { token: player.token },
      );
      expect(first.statusCode).toBe(200);
      const second = await t.post(
        '/api-fund-request-utr',
        { request_id: id, utr: '123456789013' },
        { token: player.token },
      );
      expect(second.statusCode).toBe(500);
      expect(t.logs.join('\n')).toContain(
        `refused with UTR_ALREADY_ENTERED (${fundsMessages.utrAlreadyEntered}), which its entry's errors do not list`,
      );
    } finally {
      await t.close();
    }
    expect(errorCodes.UTR_ALREADY_ENTERED).toBe(409);
  });
});
