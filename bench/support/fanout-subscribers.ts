/**
 * The subscribers of bench/broadcast-fanout.ts, in a process of their own so that the backend's
 * CPU time (measured in the bench's process) holds none of theirs. Raw Phoenix frames over `ws`
 * (what supabase-js sends, without its per-client overhead): one socket per member, joined to
 * the board's private topic (broadcast) or to a postgres_changes binding filtered by board_id.
 * Reads its job from stdin as JSON; reports on IPC: `ready`, then for each card title it was told
 * to expect, the absolute arrival time (performance.timeOrigin + now) at every socket.
 */
import WebSocket from 'ws';

interface Job {
  url: string;
  anonKey: string;
  boardId: string;
  mode: 'broadcast' | 'postgres_changes';
  tokens: string[];
}

const readJob = async (): Promise<Job> => {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return JSON.parse(text) as Job;
};

const job = await readJob();
const send = (message: unknown) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map<string, number[]>();

const topicFor = (i: number) =>
  job.mode === 'broadcast' ? `realtime:board:${job.boardId}` : `realtime:bench-${i}`;

const configFor = () =>
  job.mode === 'broadcast'
    ? { private: true, broadcast: { self: false, ack: false }, presence: { enabled: false } }
    : {
        private: false,
        broadcast: { self: false, ack: false },
        presence: { enabled: false },
        postgres_changes: [
          {
            event: '*',
            schema: 'public',
            table: 'cards',
            filter: `board_id=eq.${job.boardId}`,
          },
        ],
      };

/** The card title a frame carries, from either kind of delivery. */
const titleOf = (event: string, payload: Record<string, unknown>): string | null => {
  if (event === 'broadcast') {
    const inner = payload.payload as { table?: string; record?: { title?: string } } | undefined;
    return inner?.table === 'cards' ? (inner.record?.title ?? null) : null;
  }
  if (event === 'postgres_changes') {
    const data = payload.data as { record?: { title?: string } } | undefined;
    return data?.record?.title ?? null;
  }
  return null;
};

const wsUrl = `${job.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${job.anonKey}&vsn=2.0.0`;

const join = (token: string, i: number) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    const topic = topicFor(i);
    ws.on('open', () =>
      ws.send(
        JSON.stringify(['1', '1', topic, 'phx_join', { config: configFor(), access_token: token }]),
      ),
    );
    ws.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(String(data)) as [
        string | null,
        string | null,
        string,
        string,
        Record<string, unknown>,
      ];
      if (event === 'phx_reply' && ref === '1') {
        if (payload.status === 'ok') resolve(ws);
        else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
        return;
      }
      const title = titleOf(event, payload);
      if (title === null) return;
      const list = arrivals.get(title) ?? [];
      list.push(now());
      arrivals.set(title, list);
      if (list.length === job.tokens.length) {
        send({ kind: 'arrived', title, at: list });
        arrivals.delete(title);
      }
    });
    ws.on('error', reject);
  });

const sockets: WebSocket[] = [];
// A few joins at a time: each private join runs the RLS check once.
for (let i = 0; i < job.tokens.length; i += 25) {
  sockets.push(
    ...(await Promise.all(job.tokens.slice(i, i + 25).map((token, k) => join(token, i + k)))),
  );
}
send({ kind: 'ready' });
process.on('message', (message: { kind: string }) => {
  if (message.kind !== 'stop') return;
  for (const ws of sockets) ws.close();
  process.exit(0);
});
