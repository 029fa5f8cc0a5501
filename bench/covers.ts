/**
 * `npm run bench:covers`: a board of 4,000 cards, 500 of them with an image cover, opened and
 * dragged in Chromium within the board's targets (bench/board.ts: first screen ≤ 2×RPC+300 ms;
 * drag without a frame over 50 ms and p95 ≤ 20 ms), and what the first screen's pictures cost.
 *
 *   npm run bench:covers          (builds the apps first)
 *   node --import tsx bench/covers.ts [--cards 4000] [--covers 500]
 *
 * Run it when the machine is quiet (`uptime`; the load average is printed with the figures).
 *
 * Data: bench/support/bench-board.ts's board (5 lists, labels, assignees, subtasks, comments),
 * and on every eighth card a photo-like JPEG of 1200×900 (about 100–300 KB: noise over a colour,
 * as photos compress) uploaded through storage-js into bucket `attachments` and listed in
 * card_attachments as the app does it, so the first image becomes the card's cover.
 *
 * Measured, in Debian's Chromium (headless, 1280×800), PGlite in a temporary folder, the built
 * apps served as `npm start` serves them:
 * - rpc: board_snapshot through supabase-js, median of 5 after 1 warm-up;
 * - first screen: from the click on 'Anmelden' until every list shows cards and its full count;
 * - covers shown: until every cover box on screen holds a loaded picture;
 * - images: the pictures the page fetched until then (Resource Timing): how many, their bytes
 *   (encoded body), and how many were full-size files (`/object/…`) rather than renditions
 *   (`/render/image/…`);
 * - drag: the first card of list 1 to list 3 in 60 moves; gaps between animation frames.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchChromium, startScratchBackend } from '../e2e/support/environment.ts';
import { serveApps } from '../scripts/lib/serve-apps.ts';
import { generateBoard, type BenchBoard } from './support/bench-board.ts';
import { PASSWORD, median, must } from './support/bench-users.ts';
import { startFrames, stopFrames } from './support/frames.ts';

const { values: args } = parseArgs({
  options: {
    cards: { type: 'string', default: '4000' },
    covers: { type: 'string', default: '500' },
  },
});
const CARDS = Number(args.cards);
const COVERS = Number(args.covers);

/** A photo-like JPEG: a colour with noise over it (noise compresses as badly as a photo). */
const photo = (seed: number) => {
  const [width, height] = [1200, 900];
  const pixels = Buffer.alloc(width * height * 3);
  const base = [(seed * 53) % 256, (seed * 97) % 256, (seed * 151) % 256];
  for (let i = 0; i < pixels.length; i += 1) {
    pixels[i] = Math.max(0, Math.min(255, base[i % 3]! + Math.floor(Math.random() * 64) - 32));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
};

/** Uploads a cover for every `CARDS / COVERS`-th card, as the app attaches a picture. */
const addCovers = async (client: SupabaseClient, board: BenchBoard) => {
  const step = Math.max(1, Math.floor(board.cards.length / COVERS));
  const targets = board.cards.filter((_, i) => i % step === 0).slice(0, COVERS);
  // A handful of distinct pictures, each uploaded as its own object (objects are never shared).
  const pictures = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(i + 1)));
  let bytes = 0;
  const queue = [...targets.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [i, card] = next;
      const body = pictures[i % pictures.length]!;
      const path = `${board.boardId}/${card.id}/${crypto.randomUUID()}-foto-${i + 1}.jpg`;
      must(
        await client.storage.from('attachments').upload(path, body, { contentType: 'image/jpeg' }),
      );
      must(
        await client.from('card_attachments').insert({
          card_id: card.id,
          object_path: path,
          name: `foto-${i + 1}.jpg`,
          image_width: 1200,
          image_height: 900,
        }),
      );
      bytes += body.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { covers: targets.length, bytes };
};

const timeSnapshot = async (client: SupabaseClient, boardId: string) => {
  must(await client.rpc('board_snapshot', { p_board_id: boardId }));
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    must(await client.rpc('board_snapshot', { p_board_id: boardId }));
    times.push(performance.now() - start);
  }
  return median(times);
};

const backend = await startScratchBackend();
const apps = await serveApps({
  host: '127.0.0.1',
  shellPort: 0,
  supabase: { url: backend.url, anonKey: backend.anonKey },
});
const browser = await launchChromium();

try {
  const board = await generateBoard(backend, CARDS);
  const uploaded = await addCovers(board.owner.client, board);
  const rpc = await timeSnapshot(board.owner.client, board.boardId);
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(apps.shellUrl);
  await page.getByLabel('E-Mail').fill(board.owner.email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  // Bodies as received (Resource Timing hides the sizes of the backend's cross-origin answers).
  const pictures: { name: string; bytes: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/storage/v1/') || response.request().resourceType() !== 'image')
      return;
    void response.body().then(
      (body) => pictures.push({ name: url.pathname, bytes: body.length }),
      () => undefined,
    );
  });
  const start = Date.now();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForFunction(
    (counts) => {
      const regions = [...document.querySelectorAll('[data-testid="board-columns"] section')];
      return (
        regions.length === counts.length &&
        regions.every(
          (region, i) =>
            region.querySelector('[data-testid="list-count"]')?.textContent === String(counts[i]) &&
            region.querySelector('[data-card-id]') !== null,
        )
      );
    },
    board.perList,
    { polling: 'raf', timeout: 120_000 },
  );
  const firstScreen = Date.now() - start;
  // Every cover box within the window holds a loaded picture.
  await page.waitForFunction(
    () => {
      const inView = [...document.querySelectorAll('[data-testid="tile-cover"]')].filter((box) => {
        const r = box.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      });
      return (
        inView.length > 0 &&
        inView.every((box) => {
          const img = box.querySelector('img');
          return img !== null && img.complete && img.naturalWidth > 0;
        })
      );
    },
    null,
    { polling: 100, timeout: 120_000 },
  );
  const coversShown = Date.now() - start;
  await page.waitForTimeout(200);
  const images = [...pictures];
  const onScreen = await page.locator('[data-testid="tile-cover"]').count();
  await page.waitForTimeout(500);

  const lists = page.locator('[data-testid="board-columns"] section');
  const from = lists.nth(0).locator('[data-card-id] button').first();
  const to = lists.nth(2).locator('[data-testid="card-list"]');
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await startFrames(page);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const moves = 60;
  const [x0, y0, x1, y1] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + 120];
  for (let i = 1; i <= moves; i += 1) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / moves, y0 + ((y1 - y0) * i) / moves);
  }
  await page.mouse.up();
  const drag = await stopFrames(page);
  await context.close();

  const ms = (n: number) => `${Math.round(n)} ms`;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const renditions = images.filter((i) => i.name.includes('/render/image/'));
  const fullSize = images.filter((i) => i.name.includes('/object/'));
  const target = 2 * rpc + 300;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  console.log('\nCovers on a big board in Chromium (bench/covers.ts; `npm run bench:covers`)');
  console.log(
    `${os.cpus().length} cores, load average ${load} (1/5/15 min) at the end; PGlite in a temp folder; ` +
      `${CARDS.toLocaleString('en')} cards in 5 lists, ${uploaded.covers} covers (${kb(uploaded.bytes / uploaded.covers)} per JPEG on average).\n`,
  );
  console.log(
    '| board_snapshot RPC | first screen | target ≤ 2×RPC+300 | covers shown | cover boxes rendered | pictures loaded (renditions / full-size) | bytes of pictures | drag: max / p95 / frames > 50 ms | target none > 50, p95 ≤ 20 |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${ms(rpc)} | ${ms(firstScreen)} | ${ms(target)}: ${verdict(firstScreen <= target)} | ${ms(coversShown)} | ${onScreen} | ${images.length} (${renditions.length} / ${fullSize.length}) | ${kb(images.reduce((sum, i) => sum + i.bytes, 0))} | ${ms(drag.max)} / ${ms(drag.p95)} / ${drag.over50} of ${drag.frames} | ${verdict(drag.over50 === 0 && drag.p95 <= 20)} |`,
  );
} finally {
  await browser.close();
  await apps.close();
  await backend.close();
}
