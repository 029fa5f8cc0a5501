/**
 * The short form of `npm run soak` (bench/soak.ts): 10 members edit one board for about 15 s
 * through supabase-js, each also subscribed to its changes. Nothing may be refused, lost or
 * delivered twice, and the database must hold exactly the acknowledged writes.
 */
import { describe, expect, it } from 'vitest';
import { formatSoakReport, runSoak } from '../../bench/soak-harness.ts';
import { useTestBackend } from './support/use-backend.ts';

// Every member signs in from 127.0.0.1, so the per-IP auth limits are off here.
const backend = useTestBackend({
  rateLimitSignInSignUps: 0,
  rateLimitPerEmail: 0,
  rateLimitTokenRefresh: 0,
});

describe('soak (short form)', () => {
  it(
    '10 members editing for 15 s: 0 errors, every write stored, every change delivered once',
    { timeout: 90_000 },
    async () => {
      const report = await runSoak(backend, {
        members: 10,
        durationMs: 15_000,
        intervalMs: 1_000,
        maxWrites: 400,
        drainMs: 20_000,
      });
      const summary = formatSoakReport(report);
      console.log(summary);
      expect(report.errors, summary).toEqual([]);
      expect(report.databaseMismatches, summary).toEqual([]);
      expect(report.missing + report.duplicates + report.unexpected, summary).toBe(0);
      expect(report.acknowledged).toBeGreaterThan(50);
      expect(report.deliveries).toBe(report.expectedDeliveries);
    },
  );
});
