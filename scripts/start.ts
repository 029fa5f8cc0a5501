// `npm start` (after `npm run build`): the backend on its embedded database, the demo seed, and
// the four built apps, all in this one process, so Ctrl-C or SIGTERM stops everything and no
// child is left behind (docs/notes/module-federation.md P11).
import { startMailCatcher, type MailCatcher } from '../backend/src/mail/catcher.ts';
import { startBackend } from '../backend/src/server.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { exitWithParent } from './lib/exit-with-parent.ts';
import { loadRepoEnv } from './lib/load-env.ts';
import { seedDemo, teammate } from './lib/seed-demo.ts';
import { serveApps } from './lib/serve-apps.ts';

loadRepoEnv();

const webHost = process.env.WEB_HOST || '127.0.0.1';
const webPort = Number(process.env.WEB_PORT || 4173);

/**
 * With VITE_SUPABASE_URL pointing at a hosted Supabase project (set in .env), `npm start` serves
 * the apps against it and starts no local backend: changing .env is all a move to hosting takes.
 */
const hostedSupabase = (): { url: string; anonKey: string } | null => {
  const url = process.env.VITE_SUPABASE_URL;
  if (!url) return null;
  const host = new URL(url).hostname;
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '[::1]')
    return null;
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY;
  if (!anonKey)
    throw new Error('VITE_SUPABASE_ANON_KEY must be set along with a hosted VITE_SUPABASE_URL.');
  return { url, anonKey };
};

/**
 * With no SMTP server configured, the local mail catcher receives every mail (recovery,
 * confirmation, invitations, digests), as the Supabase CLI runs Inbucket; its ports are the
 * CLI's (54325 SMTP, 54324 web page), MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_PORT to change.
 */
const startCatcherUnlessSmtp = async (): Promise<MailCatcher | null> => {
  if (process.env.SMTP_URL || process.env.SMTP_HOST) return null;
  const catcher = await startMailCatcher({
    smtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT || 54325),
    webPort: Number(process.env.MAIL_CATCHER_PORT || 54324),
  });
  process.env.SMTP_URL = catcher.smtpUrl;
  return catcher;
};

const main = async () => {
  const hosted = hostedSupabase();
  const catcher = hosted ? null : await startCatcherUnlessSmtp();
  const backend = hosted ? null : await startBackend();
  let apps: Awaited<ReturnType<typeof serveApps>> | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await apps?.close();
    await backend?.close();
    await catcher?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  exitWithParent(() => void stop(0));

  try {
    const supabase = hosted ?? { url: backend!.url, anonKey: backend!.anonKey };
    const outcome = backend ? await seedDemo(backend.url, backend.anonKey) : null;
    apps = await serveApps({ host: webHost, shellPort: webPort, supabase });
    console.log('');
    console.log(`  TaskFlow läuft: ${apps.shellUrl}`);
    console.log(`  Backend:        ${supabase.url}${hosted ? ' (gehostetes Supabase)' : ''}`);
    if (catcher) console.log(`  E-Mails:        ${catcher.webUrl}  (lokaler Mail-Fänger)`);
    if (outcome) {
      console.log(
        `  Demo-Zugang:    ${demoAccount.email} / ${demoAccount.password}` +
          (outcome === 'seeded' ? '  (eben angelegt)' : ''),
      );
      console.log(`  Teamkollege:    ${teammate.email} / ${teammate.password}`);
    }
    console.log('  Beenden mit Strg+C.');
    console.log('');
  } catch (error) {
    console.error(
      `TaskFlow could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    await stop(1);
  }
};

main().catch((error: unknown) => {
  console.error(
    `TaskFlow could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
