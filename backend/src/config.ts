import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `.env`, `.data/` and `supabase/migrations` live. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Supabase CLI's well-known local secret: the derived keys match `supabase start`'s. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Hosts only this machine can reach: 127.0.0.0/8, ::1 and the name localhost. */
export const isLoopbackHost = (host: string): boolean => {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  const v4 = bare.replace(/^::ffff:/, '');
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return bare === '::1';
};

/**
 * The default secret is printed in every Supabase CLI guide, so with it anyone can sign a
 * `service_role` token. On loopback only this machine can ask; on any other address starting
 * would hand the whole database to whoever reaches the port, so the backend refuses, with one
 * line in both languages that says what to set.
 */
export const assertSecretFitsHost = (config: Pick<BackendConfig, 'host' | 'jwtSecret'>): void => {
  if (isLoopbackHost(config.host) || config.jwtSecret !== DEFAULT_JWT_SECRET) return;
  throw new Error(
    `HOST=${config.host} is reachable from other machines, but JWT_SECRET is the public default: ` +
      'set JWT_SECRET to a random secret of at least 32 characters (e.g. `openssl rand -base64 48`) or HOST=127.0.0.1. / ' +
      `HOST=${config.host} ist von anderen Rechnern erreichbar, aber JWT_SECRET ist der öffentliche Standardwert: ` +
      'setzen Sie JWT_SECRET auf ein zufälliges Geheimnis mit mindestens 32 Zeichen (z. B. `openssl rand -base64 48`) oder HOST=127.0.0.1.',
  );
};

export interface BackendConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when `databaseUrl` is set. `null` keeps PGlite in memory. */
  dataDir: string | null;
  databaseUrl: string | null;
  jwtSecret: string;
  /** Access-token lifetime in seconds (GoTrue's default is 3600). */
  jwtExpiry: number;
  /** Origins allowed by CORS; `*` allows any. */
  corsOrigins: string[];
  migrationsDir: string;
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
  /** Longest accepted URL (path and query) in bytes; longer is 414. */
  maxUrlBytes: number;
  /** Largest accepted request line plus headers in bytes; more is 431. */
  maxHeaderBytes: number;
  /** Largest accepted user metadata (`data` at sign-up, PUT /user) as JSON bytes. */
  maxMetadataBytes: number;
  /** Auth rate limits per IP address per 5 minutes (0: no limit), as GoTrue's settings. */
  rateLimitSignInSignUps: number;
  rateLimitTokenRefresh: number;
  /** Sign-ins and sign-ups per e-mail address per 5 minutes (0: no limit). */
  rateLimitPerEmail: number;
  /**
   * Which X-Forwarded-For entries to believe for the per-address limits: '' none (the peer
   * counts), `true` or a number of proxies in front, or their addresses (http/client-address.ts).
   */
  trustProxy: string;
  /** Realtime joins per second per connection (0: no limit), as hosted Realtime's default. */
  realtimeMaxJoinsPerSecond: number;
  /** Realtime messages (broadcast, presence, token pushes…) per second per connection (0: none). */
  realtimeMaxMessagesPerSecond: number;
  /** Statement timeout of realtime's authorisation and filter checks, in milliseconds. */
  realtimeCheckTimeoutMs: number;
  /**
   * Realtime pings every socket this often and ends one that has not answered the previous
   * ping: a dead connection (and its presence) is gone within two intervals.
   */
  realtimePingIntervalMs: number;
  /** Server mode: how often a process proves it is alive to the others (shared presence). */
  realtimePresenceHeartbeatMs: number;
  /** Server mode: a process silent this long is presumed dead and its presence removed. */
  realtimePresenceTtlMs: number;
  /** Folder of stored files (Storage API); null: DATA_DIR/storage (storage/index.ts). */
  storageDir: string | null;
  /** Largest file the Storage API accepts, in bytes; a bucket's `file_size_limit` may lower it. */
  storageFileSizeLimit: number;
  /** Public URL of this server (JWT `iss`, log line); empty: derived from host and port at start. */
  publicUrl: string;
  logLevel: string;
  /** The web app's URL, as GoTrue's SITE_URL: where mailed links lead and the default redirect. */
  siteUrl: string;
  /** Further URLs a `redirect_to` may name (GoTrue's allow list; `*` and `**` globs). */
  additionalRedirectUrls: string[];
  /**
   * New accounts and new e-mail addresses are confirmed by mail first, as on a hosted project;
   * off by default, as `enable_confirmations` in the Supabase CLI's local config.
   */
  authConfirmEmail: boolean;
  /** SMTP for auth and notification mails: a URL (smtp:// or smtps://), or host and port. */
  smtp: SmtpSettings | null;
  /** The sender of every mail, `Name <address>` or an address. */
  smtpSender: string;
  /** Auth mails per hour from the whole backend (0: no limit), as `[auth.rate_limit] email_sent`. */
  rateLimitEmailSent: number;
  /** Seconds before one address may be mailed the same kind of link again (`max_frequency`). */
  emailMaxFrequencySeconds: number;
  /** Seconds a mailed link stays valid (`otp_expiry`); each works once. */
  emailOtpExpirySeconds: number;
  /**
   * Notification digests: seconds a notification waits to be batched with the next ones
   * ('Sofort' mails at most this often); and how often the worker looks, in milliseconds
   * (0: never, e.g. in tests that run it by hand).
   */
  notificationDigestBatchSeconds: number;
  notificationWorkerIntervalMs: number;
  /**
   * How often the attachment removal worker purges expired deleted cards and removes the files
   * of deleted attachments whose undo window is over, in milliseconds (0: never).
   */
  attachmentRemovalIntervalMs: number;
}

export interface SmtpSettings {
  url?: string;
  host?: string;
  port?: number;
  user?: string;
  pass?: string;
}

/** SMTP_URL wins; otherwise SMTP_HOST (with SMTP_PORT, SMTP_USER, SMTP_PASS); none: no SMTP. */
const smtpFrom = (env: NodeJS.ProcessEnv): SmtpSettings | null => {
  if (env.SMTP_URL) return { url: env.SMTP_URL };
  if (!env.SMTP_HOST) return null;
  return {
    host: env.SMTP_HOST,
    port: intFrom(env.SMTP_PORT, 587, 'SMTP_PORT'),
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
  };
};

const booleanFrom = (value: string | undefined, name: string): boolean => {
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
};

const intFrom = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
};

/** Reads the backend's settings from the environment (see .env.example for each one). */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): BackendConfig => {
  const port = intFrom(env.PORT, 54321, 'PORT');
  const host = env.HOST || '127.0.0.1';
  const dataDir =
    env.DATA_DIR === ':memory:' ? null : path.resolve(repoRoot, env.DATA_DIR || '.data');
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || DEFAULT_JWT_SECRET,
    jwtExpiry: intFrom(env.JWT_EXPIRY, 3600, 'JWT_EXPIRY'),
    corsOrigins: (env.CORS_ORIGINS || '*')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    migrationsDir: path.resolve(repoRoot, env.MIGRATIONS_DIR || 'supabase/migrations'),
    // The database parses a body in one statement, which on PGlite holds every other request:
    // 512 KiB parses in well under a second and admits the largest import (README "Export and import").
    maxBodyBytes: intFrom(env.MAX_BODY_BYTES, 512 * 1024, 'MAX_BODY_BYTES'),
    maxUrlBytes: intFrom(env.MAX_URL_BYTES, 8 * 1024, 'MAX_URL_BYTES'),
    maxHeaderBytes: intFrom(env.MAX_HEADER_BYTES, 16 * 1024, 'MAX_HEADER_BYTES'),
    maxMetadataBytes: intFrom(env.MAX_METADATA_BYTES, 4 * 1024, 'MAX_METADATA_BYTES'),
    rateLimitSignInSignUps: intFrom(
      env.RATE_LIMIT_SIGN_IN_SIGN_UPS,
      30,
      'RATE_LIMIT_SIGN_IN_SIGN_UPS',
    ),
    rateLimitTokenRefresh: intFrom(env.RATE_LIMIT_TOKEN_REFRESH, 150, 'RATE_LIMIT_TOKEN_REFRESH'),
    rateLimitPerEmail: intFrom(env.RATE_LIMIT_PER_EMAIL, 30, 'RATE_LIMIT_PER_EMAIL'),
    trustProxy: env.TRUST_PROXY ?? '',
    realtimeMaxJoinsPerSecond: intFrom(
      env.REALTIME_MAX_JOINS_PER_SECOND,
      100,
      'REALTIME_MAX_JOINS_PER_SECOND',
    ),
    realtimeMaxMessagesPerSecond: intFrom(
      env.REALTIME_MAX_MESSAGES_PER_SECOND,
      100,
      'REALTIME_MAX_MESSAGES_PER_SECOND',
    ),
    realtimeCheckTimeoutMs: intFrom(
      env.REALTIME_CHECK_TIMEOUT_MS,
      2000,
      'REALTIME_CHECK_TIMEOUT_MS',
    ),
    realtimePingIntervalMs: intFrom(
      env.REALTIME_PING_INTERVAL_MS,
      10_000,
      'REALTIME_PING_INTERVAL_MS',
    ),
    realtimePresenceHeartbeatMs: intFrom(
      env.REALTIME_PRESENCE_HEARTBEAT_MS,
      5000,
      'REALTIME_PRESENCE_HEARTBEAT_MS',
    ),
    realtimePresenceTtlMs: intFrom(
      env.REALTIME_PRESENCE_TTL_MS,
      15_000,
      'REALTIME_PRESENCE_TTL_MS',
    ),
    storageDir: env.STORAGE_DIR ? path.resolve(repoRoot, env.STORAGE_DIR) : null,
    // The Supabase CLI's default (`[storage] file_size_limit = "50MiB"`).
    storageFileSizeLimit: intFrom(
      env.STORAGE_FILE_SIZE_LIMIT,
      50 * 1024 * 1024,
      'STORAGE_FILE_SIZE_LIMIT',
    ),
    publicUrl: env.PUBLIC_URL || '',
    logLevel: env.LOG_LEVEL || 'info',
    siteUrl: (env.SITE_URL || `http://127.0.0.1:${env.WEB_PORT || 4173}`).replace(/\/+$/, ''),
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS || '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    authConfirmEmail: booleanFrom(env.AUTH_CONFIRM_EMAIL, 'AUTH_CONFIRM_EMAIL'),
    smtp: smtpFrom(env),
    smtpSender: env.SMTP_SENDER || 'TaskFlow <noreply@taskflow.localhost>',
    rateLimitEmailSent: intFrom(env.RATE_LIMIT_EMAIL_SENT, 30, 'RATE_LIMIT_EMAIL_SENT'),
    emailMaxFrequencySeconds: intFrom(
      env.EMAIL_MAX_FREQUENCY_SECONDS,
      60,
      'EMAIL_MAX_FREQUENCY_SECONDS',
    ),
    emailOtpExpirySeconds: intFrom(env.EMAIL_OTP_EXPIRY_SECONDS, 3600, 'EMAIL_OTP_EXPIRY_SECONDS'),
    notificationDigestBatchSeconds: intFrom(
      env.NOTIFICATION_DIGEST_BATCH_SECONDS,
      300,
      'NOTIFICATION_DIGEST_BATCH_SECONDS',
    ),
    notificationWorkerIntervalMs: intFrom(
      env.NOTIFICATION_WORKER_INTERVAL_MS,
      30_000,
      'NOTIFICATION_WORKER_INTERVAL_MS',
    ),
    attachmentRemovalIntervalMs: intFrom(
      env.ATTACHMENT_REMOVAL_INTERVAL_MS,
      10_000,
      'ATTACHMENT_REMOVAL_INTERVAL_MS',
    ),
  };
};
