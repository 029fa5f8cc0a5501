/**
 * The request headers PostgREST reads besides auth: `Prefer`, `Accept`, `Range` and the
 * schema profile headers. Unknown preferences are ignored, as PostgREST does without
 * `handling=strict`; with it they are a 400 PGRST122.
 */
import type { Context } from 'hono';
import { EXPOSED_SCHEMA } from './catalog.ts';
import {
  invalidPreferences,
  mediaTypeUnavailable,
  parseError,
  schemaNotExposed,
} from './errors.ts';

export interface Preferences {
  /** Absent when not asked: writes then default to minimal, rpc to the full result. */
  return?: 'representation' | 'minimal' | 'headers-only';
  count: boolean;
  missingDefault: boolean;
  resolution?: 'merge' | 'ignore';
  rollback: boolean;
  /** `handling=strict` with `max-affected=n`: more affected rows fail the request. */
  maxAffected?: number;
}

/** The preferences PostgREST 12 knows, with their valid values (null: any value). */
const KNOWN: Record<string, RegExp | null> = {
  return: /^(representation|minimal|headers-only)$/,
  count: /^(exact|planned|estimated)$/,
  missing: /^(default|null)$/,
  tx: /^(commit|rollback)$/,
  resolution: /^(merge-duplicates|ignore-duplicates)$/,
  handling: /^(strict|lenient)$/,
  'max-affected': /^\d+$/,
  params: /^single-object$/,
  timezone: null,
};

/** Postgrest-js appends preferences: `Prefer: missing=default, return=representation`. */
export const preferences = (header: string | undefined): Preferences => {
  const pairs = new Map<string, string>();
  const invalid: string[] = [];
  for (const token of (header ?? '').split(',')) {
    const [key = '', value = ''] = token
      .trim()
      .split('=', 2)
      .map((s) => s.trim());
    if (!key) continue;
    const valid = KNOWN[key.toLowerCase()];
    if (valid === undefined || (valid !== null && !valid.test(value.toLowerCase())))
      invalid.push(token.trim());
    pairs.set(key.toLowerCase(), value.toLowerCase());
  }
  if (pairs.get('handling') === 'strict' && invalid.length > 0) throw invalidPreferences(invalid);
  const ret = pairs.get('return');
  const resolution = pairs.get('resolution');
  const max = Number(pairs.get('max-affected'));
  return {
    ...(ret === 'representation' || ret === 'minimal' || ret === 'headers-only'
      ? { return: ret }
      : {}),
    // planned and estimated need planner statistics; an exact count is always a valid answer.
    count: ['exact', 'planned', 'estimated'].includes(pairs.get('count') ?? ''),
    missingDefault: pairs.get('missing') === 'default',
    rollback: pairs.get('tx') === 'rollback',
    ...(resolution === 'merge-duplicates' ? { resolution: 'merge' as const } : {}),
    ...(resolution === 'ignore-duplicates' ? { resolution: 'ignore' as const } : {}),
    ...(pairs.get('handling') === 'strict' && Number.isInteger(max) && max >= 0
      ? { maxAffected: max }
      : {}),
  };
};

/** Every body this API sends, rows and errors alike. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Representation {
  /** `.single()`: one JSON object, 406 unless exactly one row. */
  single: boolean;
  stripNulls: boolean;
}

const OBJECT = 'application/vnd.pgrst.object+json';
const ARRAY = 'application/vnd.pgrst.array+json';
const PLAIN = new Set(['application/json', 'application/*', '*/*', ARRAY, OBJECT]);

/** The first acceptable media type of `Accept`, in the client's order. */
export const representation = (accept: string | undefined): Representation => {
  if (!accept?.trim()) return { single: false, stripNulls: false };
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    if (!PLAIN.has(type)) continue;
    return { single: type === OBJECT, stripNulls: params.includes('nulls=stripped') };
  }
  throw mediaTypeUnavailable(accept);
};

/** `Range: 0-9` (items) → offset/limit, intersected with the `offset`/`limit` parameters. */
export const paging = (
  rangeHeader: string | undefined,
  offsetParam: number | undefined,
  limitParam: number | undefined,
): { offset: number; limit?: number } => {
  let offset = offsetParam ?? 0;
  let last = limitParam === undefined ? Infinity : offset + limitParam - 1;
  const range = rangeHeader?.trim();
  if (range) {
    const match = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(range);
    if (!match) throw parseError('Range header', range, 'expected first-last, e.g. 0-9');
    const from = Number(match[1]);
    const to = match[2] ? Number(match[2]) : Infinity;
    if (to < from) throw parseError('Range header', range, 'the last item comes before the first');
    offset = Math.max(offset, from);
    last = Math.min(last, to);
  }
  return last === Infinity ? { offset } : { offset, limit: Math.max(0, last - offset + 1) };
};

/** `Accept-Profile` / `Content-Profile` may only name the exposed schema. */
export const checkProfile = (c: Context): void => {
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  const profile = c.req.header(read ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile.trim() !== EXPOSED_SCHEMA) throw schemaNotExposed();
};
