/**
 * With the public default JWT secret anyone can sign a service_role key, so the backend serves
 * with it only on loopback: on another address it refuses to start, with one line in German and
 * English that says what to set. On loopback (`npm start`) nothing changes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET, isLoopbackHost } from '../src/config.ts';
import { startTestBackend } from './support/backend.ts';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run backend`'s entry point with `env` until it exits; its exit code and output. */
const runBackend = async (env: Record<string, string>) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-startup-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: backendDir,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, stdout, stderr };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

describe('the default JWT secret', () => {
  it('keeps the backend from starting on a non-loopback address, with a one-line explanation', async () => {
    for (const host of ['0.0.0.0', '::']) {
      const { code, stdout, stderr } = await runBackend({ HOST: host, JWT_SECRET: '' });
      expect(code).not.toBe(0);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`HOST=${host}`);
      expect(lines[0]).toContain('set JWT_SECRET to a random secret');
      expect(lines[0]).toContain('setzen Sie JWT_SECRET auf ein zufälliges Geheimnis');
    }
    // Naming the default value explicitly (as .env.example does) is no way around it.
    const explicit = await runBackend({ HOST: '0.0.0.0', JWT_SECRET: DEFAULT_JWT_SECRET });
    expect(explicit.code).not.toBe(0);
    expect(explicit.stderr).toContain('JWT_SECRET');
  });

  it('is fine on loopback, and any address is fine with a secret of your own', async () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '::ffff:10.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);

    const backend = await startTestBackend({
      host: '0.0.0.0',
      jwtSecret: 'a-secret-of-our-own-that-nobody-else-knows-0123456789',
    });
    try {
      const response = await fetch(`${backend.url}/auth/v1/health`, {
        headers: { apikey: backend.anonKey },
      });
      expect(response.status).toBe(200);
    } finally {
      await backend.close();
    }
  });
});
