// While the page is offline, asks the backend every so often whether it answers again, so that
// the page hears of its return within a second, from a plain request, rather than when the
// realtime socket's next reconnect attempt happens to succeed (its back-off, the socket's own
// handshake and the channels' joins took seconds). The question is the cheapest the REST API
// answers: HEAD /rest/v1/ with the project's key (PostgREST's root, on hosted Supabase as
// here). Any answer, a refusal too, means the backend is there; the connection state then
// turns online, and the stores send what waits and load what failed (board-store.ts).
import { EMPTY, Observable, switchMap } from 'rxjs';
import { backendSettings } from './backend-config';
import type { Connection } from './connection';

/** Between two questions: quick at first (a short blip), then once a second. */
const PROBE_AFTER_MS = [250, 500, 1000];

const probes = (connection: Connection): Observable<unknown> =>
  new Observable<void>(() => {
    let tries = 0;
    let waiting: ReturnType<typeof setTimeout>;
    const ask = () => {
      waiting = setTimeout(
        () => {
          const { url, anonKey } = backendSettings();
          const sentAt = connection.sending();
          fetch(`${url}/rest/v1/`, { method: 'HEAD', headers: { apikey: anonKey } }).then(
            () => connection.answered(sentAt),
            ask,
          );
        },
        PROBE_AFTER_MS[Math.min(tries++, PROBE_AFTER_MS.length - 1)],
      );
    };
    ask();
    return () => clearTimeout(waiting);
  });

/** Follows the connection: asks while it is offline, stops once it is online. */
export const probeWhileOffline = (connection: Connection): Observable<unknown> =>
  connection.status$.pipe(
    switchMap((status) => (status === 'offline' ? probes(connection) : EMPTY)),
  );
