/**
 * Import and export at the largest size the server allows, on PGlite and (with
 * TEST_DATABASE_URL) on PostgreSQL, as the app does it (supabase-js, row-level security on), and
 * how long another user's request waits meanwhile.
 *
 *   npm run bench:transfer
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:transfer
 *   node --import tsx bench/transfer.ts [--cards 500] [--runs 3]
 *
 * Data, per run: a Trello export generated here with 8 open lists and one archived, `cards`
 * open cards plus 2 % archived ones, 10 labels in Trello colours (some `_dark`, one null), half
 * the cards tagged, a third with a 4-item checklist, a fifth with 2 comments, descriptions of
 * 0 to 570 characters with umlauts and emoji; 3 members with e-mail (one registered) and 2
 * without. At 500 cards that is 1,967 of the 2,000 rows import_board admits. Measured:
 * - map: JSON.parse, validation (zod) and mapping to the board document in this process, as the
 *   browser does it (prepareImport);
 * - import: the import_board RPC (one request, one transaction), its wall time and the request
 *   body's size against the backend's MAX_BODY_BYTES, and the longest wait of another user's
 *   request sent again and again meanwhile from a worker thread (PGlite blocks this thread while
 *   a statement runs, so a client here could not even start its timer);
 * - export: export_board of the new board, and the TaskFlow JSON file's size;
 * - round trip: that file imported again (the TaskFlow path).
 * Medians over `runs`, after one warm-up import (a fresh backend compiles import_board on first
 * use); each run imports into new boards of the same user.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { numberArgs } from './support/bench-args.ts';
import { probeLatency } from '../backend/test/support/request-latency.ts';
import pg from 'pg';
import { prepareImport, MAX_IMPORT_FILE_BYTES } from '../shared/src/features/transfer/formats.ts';

const { cards: CARDS, runs: RUNS } = numberArgs({ cards: 500, runs: 3 });
const LISTS = 8;

const trelloColors = [
  'green',
  'yellow',
  'orange',
  'red_dark',
  'purple',
  'blue',
  'sky_light',
  'lime',
  'pink',
  null,
];

/** A Trello export of `cards` open cards (see the header for what it holds). */
const trelloExport = (cards: number, registeredEmail: string) => {
  const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(20, '0')}`;
  const members = [
    { id: id('m', 1), fullName: 'Registrierte Person', username: 'reg', email: registeredEmail },
    { id: id('m', 2), fullName: 'Lena Vogel', username: 'lena', email: 'lena@example.invalid' },
    { id: id('m', 3), fullName: 'Jonas Becker', username: 'jonas', email: 'jonas@example.invalid' },
    { id: id('m', 4), fullName: 'Ohne Mail', username: 'ohne' },
    { id: id('m', 5), fullName: 'Auch ohne', username: 'auch' },
  ];
  const lists = Array.from({ length: LISTS + 1 }, (_, i) => ({
    id: id('l', i),
    name: i === LISTS ? 'Archiv' : `Liste ${i + 1}`,
    closed: i === LISTS,
    pos: (i + 1) * 16384,
  }));
  const labels = trelloColors.map((color, i) => ({
    id: id('b', i),
    name: i % 3 ? `Label ${i}` : '',
    color,
  }));
  const archived = Math.round(cards * 0.02);
  const text = 'Größere Änderung an der Übersicht 🚀 mit Details. ';
  const allCards = Array.from({ length: cards + archived }, (_, i) => ({
    id: id('c', i),
    name: `Aufgabe ${i + 1}`,
    desc: text.repeat(i % 12),
    closed: i >= cards,
    idList: lists[i % LISTS]!.id,
    pos: String(16384 * (Math.floor(i / LISTS) + 1)),
    due: i % 4 === 0 ? `2026-12-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z` : null,
    idLabels:
      i % 2 === 0 ? [labels[i % labels.length]!.id, labels[(i + 3) % labels.length]!.id] : [],
    idMembers: i % 5 === 0 ? [members[i % members.length]!.id] : [],
    idChecklists: i % 3 === 0 ? [id('k', i)] : [],
  }));
  const checklists = allCards
    .filter((_, i) => i % 3 === 0)
    .map((card, n) => ({
      id: id('k', Number.parseInt(card.id.slice(1), 16)),
      idCard: card.id,
      name: 'Checkliste',
      pos: 16384,
      checkItems: Array.from({ length: 4 }, (_, j) => ({
        name: `Schritt ${j + 1}`,
        state: j < n % 5 ? 'complete' : 'incomplete',
        pos: (j + 1) * 16384,
        due: null,
        idMember: j === 0 ? members[n % members.length]!.id : null,
      })),
    }));
  const actions = allCards
    .filter((_, i) => i % 5 === 0)
    .flatMap((card, n) =>
      [0, 1].map((k) => ({
        type: 'commentCard',
        date: new Date(Date.UTC(2026, 10, 1, 8, n % 60, k)).toISOString(),
        data: { text: `Kommentar ${k + 1} zu ${card.name}`, card: { id: card.id } },
        memberCreator: { fullName: members[(n + k) % members.length]!.fullName },
      })),
    );
  return { name: `Bench ${cards}`, lists, cards: allCards, labels, checklists, members, actions };
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Wall time, and the CPU time of this process meanwhile (PGlite runs in it, so that is the
 * database's work too): on a busy machine the wall time waits for a core, the CPU time does not. */
const cpu: Record<string, number[]> = {};
const time = async <T>(run: () => Promise<T> | T, label?: string): Promise<[T, number]> => {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(startCpu);
  if (label) (cpu[label] ??= []).push((used.user + used.system) / 1000);
  return [result, performance.now() - start];
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** A throwaway database on the TEST_DATABASE_URL server, dropped at the end. */
const scratchDatabase = async (serverUrl: string) => {
  const name = `taskflow_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

const scratch = process.env.TEST_DATABASE_URL
  ? await scratchDatabase(process.env.TEST_DATABASE_URL)
  : null;
const backend = await startScratchBackend(
  scratch ? { databaseUrl: scratch.url, dataDir: null } : {},
);
const database = scratch ? 'PostgreSQL' : 'PGlite';
const maxBodyBytes = backend.ctx.config.maxBodyBytes;

try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const signUp = await client.auth.signUp({ email, password: 'geheim123' });
  if (signUp.error) throw signUp.error;
  const signIn = await client.auth.signInWithPassword({ email, password: 'geheim123' });
  if (signIn.error) throw signIn.error;

  const bystander = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const otherEmail = `bench-${randomUUID().slice(0, 8)}@example.test`;
  await bystander.auth.signUp({ email: otherEmail, password: 'geheim123' });
  const other = await bystander.auth.signInWithPassword({
    email: otherEmail,
    password: 'geheim123',
  });
  if (other.error) throw other.error;
  /** Runs `work` while the other user asks for their boards again and again. */
  const waits: number[] = [];
  const whileOthersWait = async <T>(work: () => Promise<T>): Promise<T> => {
    const probe = await probeLatency(`${backend.url}/rest/v1/boards?select=id&limit=1`, {
      apikey: backend.anonKey,
      Authorization: `Bearer ${other.data.session.access_token}`,
    });
    const result = await work();
    waits.push((await probe.stop()).longestMs);
    return result;
  };

  const trelloText = JSON.stringify(trelloExport(CARDS, email));
  // A fresh backend compiles import_board on first use; measure what a running one does.
  const warmUp = await client.rpc('import_board', {
    p_doc: prepareImport(trelloText).document as never,
  });
  if (warmUp.error) throw warmUp.error;
  const results = {
    map: [] as number[],
    import: [] as number[],
    export: [] as number[],
    roundTrip: [] as number[],
  };
  const both = (label: keyof typeof results) =>
    `${ms(median(results[label]))} wall, ${ms(median(cpu[label] ?? [0]))} CPU`;
  let body = 0;
  let exportBytes = 0;
  let summary: unknown;
  for (let run = 0; run < RUNS; run++) {
    const [prepared, mapTime] = await time(() => prepareImport(trelloText), 'map');
    body = Buffer.byteLength(JSON.stringify({ p_doc: prepared.document }));
    const [imported, importTime] = await time(
      () =>
        whileOthersWait(
          async () => await client.rpc('import_board', { p_doc: prepared.document as never }),
        ),
      'import',
    );
    if (imported.error) throw imported.error;
    const result = imported.data as { board: { id: string }; cards: number };
    if (result.cards !== CARDS) throw new Error(`imported ${result.cards} cards, not ${CARDS}`);
    summary = {
      ...result,
      board: undefined,
      skippedLists: prepared.skippedLists,
      skippedCards: prepared.skippedCards,
      peopleWithoutEmail: prepared.peopleWithoutEmail,
    };
    const [exported, exportTime] = await time(
      async () => await client.rpc('export_board', { p_board_id: result.board.id }),
      'export',
    );
    if (exported.error) throw exported.error;
    const file = JSON.stringify(exported.data, null, 2);
    exportBytes = Buffer.byteLength(file);
    const [again, roundTripTime] = await time(
      () =>
        whileOthersWait(
          async () =>
            await client.rpc('import_board', { p_doc: prepareImport(file).document as never }),
        ),
      'roundTrip',
    );
    if (again.error) throw again.error;
    results.map.push(mapTime);
    results.import.push(importTime);
    results.export.push(exportTime);
    results.roundTrip.push(roundTripTime);
  }

  console.log(
    `Transfer benchmark on ${database} (${os.cpus().length} cores, Node ${process.version}), median of ${RUNS} runs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `Data: a generated Trello export, ${CARDS} open cards in ${LISTS} lists (+1 archived list, ${Math.round(CARDS * 0.02)} archived cards), 10 labels, ${Math.ceil(CARDS / 3)} checklists of 4 items, ${Math.ceil(CARDS / 5) * 2} comments; ${mb(Buffer.byteLength(trelloText))} of JSON`,
  );
  console.log(`Summary of the import: ${JSON.stringify(summary)}`);
  console.log(`map (parse, zod, Trello → document): ${both('map')}`);
  console.log(
    `import_board (one RPC, one transaction): ${both('import')}; request body ${mb(body)} (MAX_BODY_BYTES ${mb(maxBodyBytes)}, file limit ${mb(MAX_IMPORT_FILE_BYTES)})`,
  );
  console.log(`export_board: ${both('export')}; TaskFlow JSON file ${mb(exportBytes)}`);
  console.log(`round trip (that file parsed, checked and imported again): ${both('roundTrip')}`);
  console.log(
    `longest wait of another user's request during an import: ${ms(Math.max(...waits))} (median of the imports' longest waits ${ms(median(waits))})`,
  );
} finally {
  await backend.close();
  await scratch?.drop();
}
