/**
 * The 4,000-card board snapshot on the wire: its bytes without compression, with gzip and with
 * brotli (what the backend sends for each Accept-Encoding, backend/src/http/compression.ts), and
 * what that means on a 20 Mbit/s link.
 *
 *   npm run bench:wire
 *   node --import tsx bench/snapshot-wire.ts [--cards 4000] [--runs 5] [--mbit 20] [--rtt-ms 40]
 *
 * Data: one board of `cards` cards in the shape of bench/support/bench-board.ts (5 lists,
 * 6 labels, a third tagged, 40 % assigned, a fifth with 3 subtasks, a tenth with 2 comments),
 * written by backend/test/support/big-board.ts; PGlite in a temporary folder.
 *
 * Measured, per encoding, median of `runs` after one warm-up: the board_snapshot RPC as the
 * owner over loopback through node:http (which decodes nothing, so the bytes counted are the
 * bytes sent): bytes on the wire and the time to the last byte (the database, the JSON and the
 * compression; loopback adds next to nothing).
 * Computed, not throttled: the time on the emulated link = that server time + one round trip
 * (`rtt-ms`, request out and first byte back) + bytes × 8 / (`mbit` × 10^6). TCP slow start
 * and loss are left out, which flatters the larger answers, so the gain is a lower bound.
 */
import http from 'node:http';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { seedBigBoard } from '../backend/test/support/big-board.ts';
import { numberArgs } from './support/bench-args.ts';
import { median, signUp } from './support/bench-users.ts';

const args = numberArgs({ cards: 4000, runs: 5, mbit: 20, 'rtt-ms': 40 });

const backend = await startScratchBackend();
try {
  const owner = await signUp(backend, 'Besitzerin', 'wire-owner');
  const member = await signUp(backend, 'Mitglied', 'wire-member');
  const boardId = await seedBigBoard(backend.ctx.db, {
    ownerId: owner.id,
    memberId: member.id,
    cards: args.cards,
  });
  const token = (await owner.client.auth.getSession()).data.session!.access_token;

  /** One snapshot request; resolves to the bytes received and the time to the last one. */
  const fetchSnapshot = (acceptEncoding: string) =>
    new Promise<{ bytes: number; ms: number; encoding: string }>((resolve, reject) => {
      const started = performance.now();
      const request = http.request(
        `${backend.url}/rest/v1/rpc/board_snapshot`,
        {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            'Accept-Encoding': acceptEncoding,
          },
        },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => {
            if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}`));
            const encoding = String(response.headers['content-encoding'] ?? 'identity');
            resolve({ bytes, ms: performance.now() - started, encoding });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ p_board_id: boardId }));
    });

  const rows: string[][] = [];
  let identityLink = 0;
  for (const acceptEncoding of ['identity', 'gzip', 'br']) {
    await fetchSnapshot(acceptEncoding);
    const runs = [];
    for (let i = 0; i < args.runs; i += 1) runs.push(await fetchSnapshot(acceptEncoding));
    const bytes = median(runs.map((r) => r.bytes));
    const serverMs = median(runs.map((r) => r.ms));
    const linkMs = serverMs + args['rtt-ms'] + (bytes * 8 * 1000) / (args.mbit * 1e6);
    if (acceptEncoding === 'identity') identityLink = linkMs;
    rows.push([
      runs[0]!.encoding,
      `${(bytes / 1024).toFixed(0)} KB`,
      `${Math.round(serverMs)} ms`,
      `${Math.round(linkMs)} ms`,
      `${(identityLink / linkMs).toFixed(1)}×`,
    ]);
  }
  console.log(
    `board_snapshot of ${args.cards} cards, median of ${args.runs}; link ${args.mbit} Mbit/s, ` +
      `RTT ${args['rtt-ms']} ms (computed from bytes, see the header)\n`,
  );
  const header = ['encoding', 'on the wire', 'loopback', `${args.mbit} Mbit/s`, 'faster'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
} finally {
  await backend.close();
}
