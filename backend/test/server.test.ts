import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { PortInUseError, startBackend } from '../src/server.ts';
import { testDatabase } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

describe('starting the backend', () => {
  const backend = useTestBackend();

  it('refuses a port that is taken, with a clear error', async () => {
    await expect(
      startBackend({
        port: backend.backend.port,
        host: '127.0.0.1',
        dataDir: null,
        databaseUrl: null,
        logLevel: 'silent',
      }),
    ).rejects.toBeInstanceOf(PortInUseError);
  });

  it('answers CORS preflights for the app with the headers supabase-js reads', async () => {
    const response = await fetch(`${backend.url}/rest/v1/boards`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,prefer,x-client-info',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await fetch(`${backend.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it("answers what Node's HTTP parser refuses with JSON too: a huge URL, a bogus method", async () => {
    const terms = Array.from({ length: 2000 }, (_, i) => `title.eq.t${i}`).join(',');
    const huge = await fetch(`${backend.url}/rest/v1/boards?or=(${terms})`);
    expect(huge.status).toBe(431);
    expect(huge.headers.get('content-type')).toContain('application/json');
    expect(await huge.json()).toMatchObject({ code: 'request_too_large' });

    const raw = await rawRequest(
      backend.backend.port,
      'BREW /rest/v1/boards HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'bad_request',
    });
  });
});

/** Sends bytes as they are (fetch refuses what this test needs) and reads the whole answer. */
const rawRequest = (port: number, request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

// Defined only in the PGlite project: a PostgreSQL server has no data folder to lock.
if (testDatabase === 'pglite')
  describe('the PGlite data folder', () => {
    it('is locked while a backend uses it, and keeps its data across restarts', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-lock-'));
      const options = {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: null,
        logLevel: 'silent',
      };
      try {
        const first = await startBackend(options);
        await expect(startBackend(options)).rejects.toBeInstanceOf(DataDirInUseError);
        await first.ctx.db.query("insert into auth.users (email) values ('keep@example.test')");
        await first.close();

        const second = await startBackend(options);
        const kept = await second.ctx.db.query(
          "select 1 from auth.users where email = 'keep@example.test'",
        );
        await second.close();
        expect(kept.rowCount).toBe(1);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    });
  });
