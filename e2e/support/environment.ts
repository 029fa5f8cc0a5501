// The e2e environment: the real backend on a throwaway database and free port, the built apps
// served exactly as `npm start` serves them (scripts/lib/serve-apps.ts), and Debian's Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { BackendConfig } from '../../backend/src/config.ts';
import { startBackend, type RunningBackend } from '../../backend/src/server.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { serveApps, type ServedApps } from '../../scripts/lib/serve-apps.ts';

export interface E2eEnvironment {
  shellUrl: string;
  backendUrl: string;
  apps: ServedApps;
  browser: Browser;
  stop(): Promise<void>;
}

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, headless, as the e2e tests and the benchmarks drive it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      // German UI locale, as the app's users have; e2e/due-dates.test.ts opens an English one.
      '--lang=de-DE',
    ],
  });

/**
 * The real backend in this process for a measurement: on a free loopback port, silent, on PGlite
 * in a fresh temporary folder that close() removes (or on `databaseUrl` when given), and without
 * the auth rate limits, because a benchmark signs many users up and in from one address.
 */
export const startScratchBackend = async (
  overrides: Partial<BackendConfig> = {},
): Promise<RunningBackend> => {
  const dataDir = overrides.databaseUrl
    ? null
    : await mkdtemp(path.join(os.tmpdir(), 'taskflow-bench-'));
  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    rateLimitSignInSignUps: 0,
    rateLimitPerEmail: 0,
    rateLimitTokenRefresh: 0,
    dataDir,
    databaseUrl: null,
    ...overrides,
  });
  return {
    ...backend,
    close: async () => {
      await backend.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** A backend on `dataDir`: by default in this process; a test may run it as a process it kills. */
export type BackendStarter = (
  dataDir: string,
) => Promise<{ url: string; anonKey: string; close(): Promise<void> }>;

const inProcess: BackendStarter = (dataDir) =>
  startBackend({ port: 0, dataDir, logLevel: 'silent' });

export const startEnvironment = async (
  startOn: BackendStarter = inProcess,
): Promise<E2eEnvironment> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'taskflow-e2e-'));
  const backend = await startOn(dataDir);
  await seedDemo(backend.url, backend.anonKey);
  const apps = await serveApps({
    host: '127.0.0.1',
    shellPort: 0,
    supabase: { url: backend.url, anonKey: backend.anonKey },
  });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    // Without this the running servers keep the test process alive: the run would never end
    // and never print the reason (a missing /usr/bin/chromium, say).
    await apps.close();
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    shellUrl: apps.shellUrl,
    backendUrl: backend.url,
    apps,
    browser,
    stop: async () => {
      await browser.close();
      await apps.close();
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
