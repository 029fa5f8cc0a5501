/**
 * Several clients and backend processes in one test: supabase-js clients for any backend URL,
 * users signed up through one, a board they share, and a backend in a process of its own (for
 * scale-out and crash tests, which need a database that several processes share).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { uniqueEmail } from './backend.ts';
import { waitFor } from './waiting.ts';

type Row = Record<string, unknown>;

export const clientFor = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

/** Signs a new user up and in through `url`; returns the client, the user id and the session. */
export const signUp = async (url: string, key: string, name: string) => {
  const client = clientFor(url, key);
  const email = uniqueEmail(name.toLowerCase());
  const signUpResult = await client.auth.signUp({
    email,
    password: 'geheim123',
    options: { data: { full_name: name } },
  });
  if (signUpResult.error) throw signUpResult.error;
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'geheim123' });
  if (error) throw error;
  return { client, id: data.user.id, session: data.session, email };
};

/** Signs an existing user in through another backend (same database, same JWT secret). */
export const signIn = async (url: string, key: string, email: string) => {
  const client = clientFor(url, key);
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'geheim123' });
  if (error) throw error;
  return { client, id: data.user.id };
};

export const createBoard = async (owner: SupabaseClient, memberIds: string[] = []) => {
  const board = await owner.from('boards').insert({ title: 'Team' }).select().single();
  if (board.error) throw board.error;
  const boardId = (board.data as Row).id as string;
  if (memberIds.length > 0) {
    const members = await owner
      .from('board_members')
      .insert(memberIds.map((user_id) => ({ board_id: boardId, user_id })));
    if (members.error) throw members.error;
  }
  const list = await owner
    .from('lists')
    .insert({ board_id: boardId, title: 'Offen' })
    .select()
    .single();
  if (list.error) throw list.error;
  return { boardId, listId: (list.data as Row).id as string };
};

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A backend in its own process (`src/main.ts`), as `npm run backend` starts it. */
export const spawnBackend = async (databaseUrl: string, env: Record<string, string> = {}) => {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = await waitFor(
    () => {
      const match = /ready on (http:\/\/\S+) .*anon key: (\S+)/.exec(output);
      if (!match && child.exitCode !== null) throw new Error(`backend process failed:\n${output}`);
      return match ?? undefined;
    },
    'a backend process to start',
    { timeoutMs: 60_000, pollMs: 25 },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: ready[1]!,
    anonKey: ready[2]!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    /** Ends the process the way a crash does: no shutdown, no goodbye to the database. */
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
};
