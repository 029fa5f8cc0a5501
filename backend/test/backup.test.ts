/**
 * Backup and restore round trip, as a team would do it: people and boards written through the
 * API, a backup, a restore into an empty folder (or database), a backend on the restored copy.
 * Every row is the same, and people sign in with their old passwords.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  backupPglite,
  backupPostgres,
  RestoreTargetNotEmptyError,
  restorePglite,
  restorePostgres,
} from '../src/db/backup.ts';
import type { Db } from '../src/db/types.ts';
import { startBackend, type RunningBackend } from '../src/server.ts';
import {
  createScratchDatabase,
  pgliteDataDir,
  testDatabase,
  uniqueEmail,
} from './support/backend.ts';

/** Every table the app and auth keep, each as rows in a stable order. */
const contents = async (db: Db) => {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_schema in ('public', 'auth', 'private', 'taskflow_local')
       and table_type = 'BASE TABLE'
     order by 1`,
  );
  const result: Record<string, unknown> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: unknown }>(
      `select coalesce(json_agg(t order by to_jsonb(t)::text), '[]') as rows from ${name} t`,
    );
    result[name] = rows[0]!.rows;
  }
  return result;
};

const clientFor = (backend: RunningBackend) =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

const options = { port: 0, host: '127.0.0.1', logLevel: 'silent' } as const;
const cleanups: (() => Promise<void>)[] = [];
let workDir: string;

/** A database of the kind this run tests, and the config a backend needs for it. */
const newTarget = async (empty: boolean) => {
  if (testDatabase === 'postgres') {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    return { databaseUrl: scratch.url, dataDir: null };
  }
  const dataDir = empty
    ? path.join(workDir, `restored-${cleanups.length}`)
    : await pgliteDataDir('taskflow-backup-');
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return { databaseUrl: null, dataDir };
};

const backup = (target: { databaseUrl: string | null; dataDir: string | null }, file: string) =>
  target.databaseUrl
    ? backupPostgres(target.databaseUrl, file)
    : backupPglite(target.dataDir!, file);
const restore = (file: string, target: { databaseUrl: string | null; dataDir: string | null }) =>
  target.databaseUrl
    ? restorePostgres(file, target.databaseUrl)
    : restorePglite(file, target.dataDir!);

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-backups-'));
  cleanups.push(() => fs.rm(workDir, { recursive: true, force: true }));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('npm run backup / npm run restore', () => {
  // Four database opens, one of them a fresh PGlite: up to half a minute on a busy machine.
  it('round-trips every row, and people still sign in', { timeout: 120_000 }, async () => {
    const source = await newTarget(false);
    const first = await startBackend({ ...options, ...source });
    const owner = { email: uniqueEmail('owner'), password: 'geheim123' };
    const member = { email: uniqueEmail('member'), password: 'anders456' };
    let before: Record<string, unknown>;
    try {
      const api = clientFor(first);
      for (const person of [member, owner]) {
        const { error } = await api.auth.signUp({
          ...person,
          options: { data: { full_name: 'Ä Ö' } },
        });
        expect(error).toBeNull();
      }
      expect((await api.auth.signInWithPassword(owner)).error).toBeNull();
      const board = await api.from('boards').insert({ title: 'Sicherung' }).select().single();
      const list = await api
        .from('lists')
        .insert({ board_id: board.data!.id, title: 'Zu tun', position: 1024 })
        .select()
        .single();
      await api.from('cards').insert({
        list_id: list.data!.id,
        title: "Karte mit „Umlauten“ und 'Zitaten'",
        description: 'Zeile 1\nZeile 2\t\\',
        due_date: '2026-12-24',
        position: 1024,
      });
      await api.rpc('invite_board_member', { p_board_id: board.data!.id, p_email: member.email });
      // Invitations need consent: the member accepts before the backup is taken.
      const memberApi = clientFor(first);
      expect((await memberApi.auth.signInWithPassword(member)).error).toBeNull();
      const accepted = await memberApi.rpc('accept_board_invitation', {
        p_board_id: board.data!.id,
      });
      expect(accepted.error).toBeNull();
      before = await contents(first.ctx.db);
    } finally {
      await first.close();
    }
    expect((before['public.cards'] as unknown[]).length).toBe(1);
    expect((before['auth.users'] as unknown[]).length).toBe(2);

    const file = path.join(workDir, 'team.sql');
    await backup(source, file);
    const dump = await fs.readFile(file, 'utf8');
    expect(dump).toContain('CREATE TABLE public.cards');

    const target = await newTarget(true);
    await restore(file, target);
    const second = await startBackend({ ...options, ...target });
    try {
      expect(await contents(second.ctx.db)).toEqual(before);
      const api = clientFor(second);
      const signIn = await api.auth.signInWithPassword(member);
      expect(signIn.error).toBeNull();
      const { data: boards } = await api.from('boards').select('title');
      expect(boards).toEqual([{ title: 'Sicherung' }]);
    } finally {
      await second.close();
    }
  });

  it('refuses to restore into a folder or database that is not empty', async () => {
    const source = await newTarget(false);
    const running = await startBackend({ ...options, ...source });
    await running.close();
    const file = path.join(workDir, 'refused.sql');
    await fs.writeFile(file, 'select 1;');
    await expect(restore(file, source)).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
    await expect(restore(file, source)).rejects.toThrow(/is not empty/);
  });
});
