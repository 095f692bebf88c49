/** The response checks of the Z1 fuzz suite; each returns a list of problems, empty when the answer is fine. */
import { errorCodes } from '@gama/core/contract/errors';
import type { ErrorCode } from '@gama/core/contract/errors';

export interface Answer {
  statusCode: number;
  body: string;
  contentType: string;
}

const FAILURE_KEYS = new Set(['status', 'code', 'msg', 'request_id']);

/** Every 4xx is `{status:false, code, msg}` with a known code whose table status is the one sent. */
export function errorShapeProblems(answer: Answer, method: string): string[] {
  if (answer.statusCode < 400 || method === 'HEAD') return [];
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return [`${answer.statusCode} body is not JSON: ${answer.body.slice(0, 80)}`];
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return ['error body is not an object'];
  const body = json as Record<string, unknown>;
  const problems: string[] = [];
  const extra = Object.keys(body).filter((k) => !FAILURE_KEYS.has(k));
  if (extra.length > 0) problems.push(`error body has extra keys ${extra.join(', ')}`);
  if (body.status !== false) problems.push('error body status is not false');
  if (typeof body.msg !== 'string' || body.msg === '') problems.push('error body has no msg');
  if (typeof body.code !== 'string' || !(body.code in errorCodes)) {
    problems.push(`unknown error code ${String(body.code)}`);
  } else if (errorCodes[body.code as ErrorCode] !== answer.statusCode) {
    problems.push(`code ${body.code} sent with HTTP ${answer.statusCode}`);
  }
  if (!answer.contentType.startsWith('application/json'))
    problems.push(`error content-type ${answer.contentType}`);
  return problems;
}

/** Traces of internals that must never reach a client (S12). */
const LEAKS: ReadonlyArray<readonly [string, RegExp]> = [
  ['a stack frame', /\bat (?:async )?[\w$.<>]+ \(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+/],
  ['a source path', /(?:\/work\/|node_modules|\/src\/[\w/-]+\.ts\b)/],
  [
    'an SQL statement',
    /\b(?:SELECT\s[\s\S]{1,200}?\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i,
  ],
  [
    'a database error',
    /(?:violates (?:unique|foreign key|check|not-null) constraint|duplicate key value|syntax error at or near|relation "\w+"|invalid input syntax for|unsupported Unicode escape|invalid byte sequence|out of range for type)/i,
  ],
  ['an error class name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|ZodError|FastifyError)\b/],
];

/** Problems with a response body: internals, or any of the given secrets, in the text. */
export function leakProblems(answer: Answer, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  // Success bodies carry data players typed (names, notes); only error bodies are held to the SQL patterns.
  const patterns = answer.statusCode >= 400 ? LEAKS : LEAKS.slice(0, 2);
  for (const [what, pattern] of patterns) {
    const hit = pattern.exec(answer.body);
    if (hit) problems.push(`body shows ${what}: ${hit[0].slice(0, 80)}`);
  }
  for (const secret of secrets) {
    if (secret.length >= 8 && answer.body.includes(secret))
      problems.push(`body contains a secret (${secret.slice(0, 4)}…)`);
  }
  return problems;
}
