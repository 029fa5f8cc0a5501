/**
 * Requests run under the API role's statement timeout, as on a hosted project: 3 s as `anon`,
 * 8 s as `authenticated` (role settings from the migrations, applied per request as PostgREST
 * applies them). A cancelled statement answers as PostgREST does: 500 with SQLSTATE 57014 in
 * PostgREST's JSON shape. PGlite accepts the setting but never cancels (it has no timer that
 * interrupts a running statement), so cancelling is proved on PostgreSQL; on both, the heaviest
 * calls the app makes (the largest import the server admits, the 4,000-card snapshot) finish,
 * and their times are printed against the 8 s limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestBackend,
  testDatabase,
  type SignedInUser,
  type TestBackend,
} from './support/backend.ts';
import { seedBigBoard } from './support/big-board.ts';
import { largestDocument } from './support/largest-import.ts';

let backend: TestBackend;
let user: SignedInUser;
let bigBoardId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  user = await backend.signUpAndSignIn();
  // Probes that exist in this test's database only.
  await backend.db.exec(`
    create function public.timeout_probe() returns text language sql stable
      as $$ select current_setting('statement_timeout') $$;
    create function public.sleep_probe(p_seconds double precision) returns text language sql
      as $$ select pg_sleep(p_seconds)::text $$;
    grant execute on function public.timeout_probe() to anon, authenticated, service_role;
    grant execute on function public.sleep_probe(double precision) to anon, authenticated;
  `);
  const member = await backend.signUpAndSignIn();
  bigBoardId = await seedBigBoard(backend.db, {
    ownerId: user.user.id,
    memberId: member.user.id,
    cards: 4000,
  });
  // Seeding 4,000 cards on PGlite holds this thread; on a loaded machine for over a minute.
}, 300_000);
afterAll(async () => {
  await backend?.close();
});

const limitLine = (what: string, ms: number) =>
  console.log(`${testDatabase}: ${what} took ${Math.round(ms)} ms (authenticated limit 8000 ms)`);

describe('statement timeouts of the API roles', { timeout: 180_000 }, () => {
  it('runs each request under its role’s timeout: 3 s anon, 8 s authenticated, none for service_role', async () => {
    const anon = await backend.client().rpc('timeout_probe');
    expect(anon).toMatchObject({ data: '3s', error: null });
    const authenticated = await user.client.rpc('timeout_probe');
    expect(authenticated).toMatchObject({ data: '8s', error: null });
    const service = await backend.client(backend.serviceRoleKey).rpc('timeout_probe');
    expect(service.error).toBeNull();
    expect(service.data).toBe('0');
  });

  if (testDatabase === 'postgres') {
    it('cancels a 4 s statement as anon with PostgREST’s 500 and SQLSTATE 57014, no stack', async () => {
      const started = performance.now();
      const response = await backend.request('/rest/v1/rpc/sleep_probe', {
        method: 'POST',
        body: JSON.stringify({ p_seconds: 4 }),
      });
      console.log(`anon pg_sleep(4) answered after ${Math.round(performance.now() - started)} ms`);
      expect(response.status).toBe(500);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({
        code: '57014',
        message: 'canceling statement due to statement timeout',
        details: null,
        hint: null,
      });

      const viaClient = await backend.client().rpc('sleep_probe', { p_seconds: 4 });
      expect(viaClient.status).toBe(500);
      expect(viaClient.error?.code).toBe('57014');
    });

    it('lets the same 4 s statement finish as authenticated (within 8 s)', async () => {
      const { error } = await user.client.rpc('sleep_probe', { p_seconds: 4 });
      expect(error).toBeNull();
    });
  }

  it('finishes the largest allowed import and the 4,000-card snapshot within the authenticated limit', async () => {
    let started = performance.now();
    const imported = await user.client.rpc('import_board', {
      p_doc: largestDocument('zeitlimit') as never,
    });
    limitLine(
      'import_board of the largest allowed document (500 cards, 2,000 rows)',
      performance.now() - started,
    );
    expect(imported.error).toBeNull();
    expect(imported.data).toMatchObject({ cards: 500 });

    started = performance.now();
    const snapshot = await user.client.rpc('board_snapshot', { p_board_id: bigBoardId });
    limitLine('board_snapshot of 4,000 cards', performance.now() - started);
    expect(snapshot.error).toBeNull();
    expect((snapshot.data as { cards: unknown[] }).cards).toHaveLength(4000);
  });
});
