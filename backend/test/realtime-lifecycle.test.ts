/**
 * Realtime over a backend's life and at scale, with the real supabase-js: a client whose
 * backend restarts resubscribes on its own and hears later changes; fifty clients on one board
 * each receive every change of a burst of writes, once and in commit order; and, on
 * PostgreSQL, two backend processes each deliver every change to their own sockets.
 */
import fs from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { BackendConfig } from '../src/config.ts';
import { startBackend, type RunningBackend } from '../src/server.ts';
import { createScratchDatabase, pgliteDataDir, testDatabase } from './support/backend.ts';
import { createBoard, signUp, spawnBackend } from './support/peers.ts';
import { useTestBackend } from './support/use-backend.ts';
import { waitFor as waitUntil } from './support/waiting.ts';

type Row = Record<string, unknown>;

// Restarts and separate processes take longer than one backend's round trip.
const waitFor = <T>(read: () => T | undefined | false, what: string, timeoutMs = 20_000) =>
  waitUntil(read, what, { timeoutMs, pollMs: 25 });

const addCard = async (client: SupabaseClient, listId: string, title: string) => {
  const { error } = await client.from('cards').insert({ list_id: listId, title });
  if (error) throw error;
};

/** Subscribes to the board's cards; records titles and every subscribe status. */
const watchCards = (client: SupabaseClient, boardId: string, name: string) => {
  const titles: string[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel(name)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'cards', filter: `board_id=eq.${boardId}` },
      (payload) => titles.push(String((payload.new as Row).title)),
    )
    .subscribe((status) => statuses.push(status));
  return {
    titles,
    statuses,
    subscribed: (times = 1) =>
      waitFor(
        () => statuses.filter((s) => s === 'SUBSCRIBED').length >= times,
        `subscription #${times} of ${name}`,
      ),
    remove: () => client.removeChannel(channel),
  };
};

/** Where a backend keeps its data between two starts: a PGlite folder or a scratch database. */
const persistentStore = async (): Promise<{
  config: Partial<BackendConfig>;
  dispose(): Promise<void>;
}> => {
  if (testDatabase === 'postgres') {
    const scratch = await createScratchDatabase();
    return { config: { databaseUrl: scratch.url, dataDir: null }, dispose: scratch.drop };
  }
  const dataDir = await pgliteDataDir('taskflow-realtime-');
  return {
    config: { databaseUrl: null, dataDir },
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
};

describe('a backend restart', () => {
  it('is followed by the client: it resubscribes and receives later changes', async () => {
    const store = await persistentStore();
    const base = { host: '127.0.0.1', logLevel: 'silent', ...store.config };
    let backend: RunningBackend | null = await startBackend({ ...base, port: 0 });
    const { url, port, anonKey } = backend;
    try {
      const alice = await signUp(url, anonKey, 'Alice');
      const { boardId, listId } = await createBoard(alice.client);
      const watcher = watchCards(alice.client, boardId, 'restart');
      await watcher.subscribed();
      await addCard(alice.client, listId, 'vorher');
      await waitFor(() => watcher.titles.includes('vorher'), 'the first card');

      await backend.close();
      backend = null;
      backend = await startBackend({ ...base, port });
      await watcher.subscribed(2);
      await addCard(alice.client, listId, 'nachher');

      await waitFor(() => watcher.titles.includes('nachher'), 'the card after the restart');
      expect(watcher.titles).toEqual(['vorher', 'nachher']);
      expect(watcher.statuses).toContain('CHANNEL_ERROR');
      await watcher.remove();
    } finally {
      await backend?.close();
      await store.dispose();
    }
  }, 60_000);
});

describe('fifty clients on one board', () => {
  const USERS = 10;
  const CLIENTS_PER_USER = 5;
  const WRITERS = 5;
  const WRITES_PER_WRITER = 100;
  const backend = useTestBackend();

  it('all receive every change of a burst of 500 writes, once and in commit order', async () => {
    const people = await Promise.all(
      Array.from({ length: USERS }, (_, i) => signUp(backend.url, backend.anonKey, `Person${i}`)),
    );
    const [owner, ...members] = people as [(typeof people)[0], ...typeof people];
    const { boardId, listId } = await createBoard(
      owner.client,
      members.map((m) => m.id),
    );

    const watchers: ReturnType<typeof watchCards>[] = [];
    for (const person of people) {
      for (let c = 0; c < CLIENTS_PER_USER; c++) {
        // Further clients of the same user: the session is handed over, not signed in again.
        const client = backend.client();
        const { error } = await client.auth.setSession(person.session);
        if (error) throw error;
        watchers.push(watchCards(client, boardId, `burst-${watchers.length}`));
      }
    }
    await Promise.all(watchers.map((w) => w.subscribed()));

    // Five members write at once, each its own cards in sequence: the commit order between
    // writers is the database's, within one writer it is the writer's.
    await Promise.all(
      people.slice(0, WRITERS).map(async (writer, w) => {
        for (let i = 0; i < WRITES_PER_WRITER; i++) {
          await addCard(writer.client, listId, `w${w}-${String(i).padStart(3, '0')}`);
        }
      }),
    );
    // Anything duplicated or late would arrive before this last change.
    await addCard(owner.client, listId, 'ende');
    await waitFor(
      () => watchers.every((w) => w.titles.includes('ende')),
      'the last change on every client',
      40_000,
    );

    const reference = watchers[0]!.titles;
    expect(reference).toHaveLength(WRITERS * WRITES_PER_WRITER + 1);
    expect(new Set(reference).size).toBe(reference.length);
    for (let w = 0; w < WRITERS; w++) {
      const own = reference.filter((t) => t.startsWith(`w${w}-`));
      expect(own).toEqual(
        Array.from({ length: WRITES_PER_WRITER }, (_, i) => `w${w}-${String(i).padStart(3, '0')}`),
      );
    }
    for (const watcher of watchers) expect(watcher.titles).toEqual(reference);
    await Promise.all(watchers.map((w) => w.remove()));
  }, 90_000);
});

// Scale-out needs a database that several processes share: PostgreSQL only.
if (testDatabase === 'postgres') {
  describe('two backend processes on one PostgreSQL', () => {
    it('each deliver every change to their own sockets', async () => {
      const scratch = await createScratchDatabase();
      const processes: Awaited<ReturnType<typeof spawnBackend>>[] = [];
      try {
        // One after the other: the first one migrates the fresh database.
        processes.push(await spawnBackend(scratch.url));
        processes.push(await spawnBackend(scratch.url));
        const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];

        const alice = await signUp(a.url, a.anonKey, 'Alice');
        const bob = await signUp(b.url, b.anonKey, 'Bob');
        const { boardId, listId } = await createBoard(alice.client, [bob.id]);
        const onA = watchCards(alice.client, boardId, 'process-a');
        const onB = watchCards(bob.client, boardId, 'process-b');
        await Promise.all([onA.subscribed(), onB.subscribed()]);

        for (let i = 0; i < 10; i++) {
          await addCard(i % 2 === 0 ? alice.client : bob.client, listId, `karte-${i}`);
        }
        await addCard(alice.client, listId, 'ende');
        await waitFor(
          () => onA.titles.includes('ende') && onB.titles.includes('ende'),
          'the last card on both processes',
        );
        const expected = [...Array.from({ length: 10 }, (_, i) => `karte-${i}`), 'ende'];
        expect(onA.titles).toEqual(expected);
        expect(onB.titles).toEqual(expected);
        await Promise.all([onA.remove(), onB.remove()]);
      } finally {
        await Promise.all(processes.map((p) => p.stop()));
        await scratch.drop();
      }
    }, 120_000);
  });
}
