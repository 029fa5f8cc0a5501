/**
 * Starts the real backend for a test file: on a free port, with PGlite in a temporary folder
 * (a copy of the run's migrated template, see global-setup.ts),
 * or, when TEST_DATABASE_URL points at a PostgreSQL server, on a fresh database created for
 * this backend and dropped afterwards. Clients are the real supabase-js.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { BackendConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/types.ts';
import { startBackend, type RunningBackend } from '../../src/server.ts';

/** Which database this run uses: vitest.config.ts names it per project. */
export const testDatabase = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface SignedInUser {
  client: SupabaseClient;
  user: User;
  session: Session;
  email: string;
  password: string;
}

export interface TestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Db;
  backend: RunningBackend;
  /** A fresh anonymous supabase-js client (no session persisted between clients). */
  client(key?: string): SupabaseClient;
  /** Rows of a statement run directly in the database, as superuser (fixtures and checks). */
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** A raw request to `path` (from /, e.g. '/rest/v1/items') as the anonymous JSON client. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Registers a new user and returns a client signed in as them. */
  signUpAndSignIn(email?: string, password?: string, fullName?: string): Promise<SignedInUser>;
  close(): Promise<void>;
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Creates a throwaway database on the TEST_DATABASE_URL server; resolves to its URL and dropper. */
export const createScratchDatabase = async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `taskflow_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

/**
 * A temporary PGlite data folder, already migrated: a copy of the run's template
 * (global-setup.ts), which starts in a fraction of the time a fresh folder takes.
 */
export const pgliteDataDir = async (prefix: string) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  if (template) await fs.cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
};

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export const startTestBackend = async (
  overrides: Partial<BackendConfig> = {},
): Promise<TestBackend> => {
  let cleanup: () => Promise<void>;
  let config: Partial<BackendConfig>;
  if (testDatabase === 'postgres') {
    const scratch = await createScratchDatabase();
    config = { databaseUrl: scratch.url, dataDir: null };
    cleanup = scratch.drop;
  } else {
    const dataDir = await pgliteDataDir('taskflow-test-');
    config = { databaseUrl: null, dataDir };
    cleanup = () => fs.rm(dataDir, { recursive: true, force: true });
  }

  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    // Tests sign up many users from one address; rate-limit tests set their own limits.
    rateLimitSignInSignUps: 0,
    rateLimitTokenRefresh: 0,
    rateLimitPerEmail: 0,
    // The notification worker runs only when a test asks (notification-digest.test.ts).
    notificationWorkerIntervalMs: 0,
    // So does the attachment removal worker (attachment-removal.test.ts).
    attachmentRemovalIntervalMs: 0,
    ...config,
    ...overrides,
  });
  const { url, anonKey, serviceRoleKey } = backend;

  const client = (key = anonKey) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });

  return {
    url,
    anonKey,
    serviceRoleKey,
    db: backend.ctx.db,
    backend,
    client,
    sql: async <R>(text: string, params: unknown[] = []) =>
      (await backend.ctx.db.query<R>(text, params)).rows,
    // For what supabase-js would never send: hostile or malformed requests.
    request: (path, init = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { apikey: anonKey, 'Content-Type': 'application/json', ...init.headers },
      }),
    async signUpAndSignIn(email = uniqueEmail(), password = 'geheim123', fullName = 'Test Person') {
      const supabase = client();
      const signUp = await supabase.auth.signUp({
        email,
        password,
        options: { data: { full_name: fullName } },
      });
      if (signUp.error) throw signUp.error;
      const signIn = await supabase.auth.signInWithPassword({ email, password });
      if (signIn.error) throw signIn.error;
      return {
        client: supabase,
        user: signIn.data.user,
        session: signIn.data.session,
        email,
        password,
      };
    },
    async close() {
      await backend.close();
      await cleanup();
    },
  };
};
