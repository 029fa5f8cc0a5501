// What the browser fetched, as Chromium reports it through the DevTools protocol: the delivery
// test (e2e/delivery.test.ts) and the delivery bench (bench/delivery.ts) read the same record.
import type { CDPSession, Page } from 'playwright-core';

export interface RecordedRequest {
  id: string;
  url: string;
  method: string;
  /** The protocol's resource type: Document, Script, Stylesheet, Fetch, Image, Other... */
  type: string;
  /** Page clock (ms since the epoch, as performance.timeOrigin + performance.now()). */
  sentAt: number;
  finishedAt?: number;
  status?: number;
  /** The status line as it came over the wire: 304 for a revalidation. */
  wireStatus?: number;
  encoding?: string;
  /** Encoded bytes received, headers included (Network.loadingFinished). */
  bytes: number;
  /** Served by the HTTP cache without a request to the server. */
  fromCache: boolean;
  /** Answered by the page's service worker (shell/public/sw.js), from its cache or the network. */
  fromServiceWorker: boolean;
}

export interface NetworkRecord {
  /** Requests that went to a server or the cache, in the order they were sent. */
  all(): RecordedRequest[];
  /** The decoded body of a finished request. */
  body(request: RecordedRequest): Promise<string>;
}

/** Records every request of the page the session is attached to. */
export const recordNetwork = async (cdp: CDPSession): Promise<NetworkRecord> => {
  const requests = new Map<string, RecordedRequest>();
  // The protocol's timestamps are monotonic seconds; wallTime (sent only with the request) ties
  // them to the page's clock.
  let monotonicToWall: number | undefined;
  const wall = (timestamp: number) => (timestamp + (monotonicToWall ?? 0)) * 1000;
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    monotonicToWall ??= event.wallTime - event.timestamp;
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      method: event.request.method,
      type: event.type ?? 'Other',
      sentAt: wall(event.timestamp),
      bytes: 0,
      fromCache: false,
      fromServiceWorker: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.status = event.response.status;
    request.fromCache ||= Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
    request.fromServiceWorker = Boolean(event.response.fromServiceWorker);
    request.encoding = Object.entries(event.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1] as string | undefined;
  });
  // responseReceived reports a revalidated file with the cached response's 200.
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.wireStatus = event.statusCode;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.finishedAt = wall(event.timestamp);
    request.bytes = event.encodedDataLength;
  });
  return {
    all: () =>
      [...requests.values()]
        .filter(
          (r) => !r.url.startsWith('data:') && r.method !== 'OPTIONS' && r.type !== 'Preflight',
        )
        .sort((a, b) => a.sentAt - b.sentAt),
    body: async (request) => {
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', {
        requestId: request.id,
      });
      return base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    },
  };
};

/** Who provides each federation share on the page (package@version → app names). */
export const sharedProviders = (page: Page): Promise<Record<string, string[]>> =>
  page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, Record<string, { from: string }>>>>;
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Share } }).__FEDERATION__
      ?.__SHARE__;
    const found: Record<string, string[]> = {};
    for (const scopes of Object.values(share ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, entry] of Object.entries(versions)) {
            const key = `${name}@${version}`;
            found[key] = [...new Set([...(found[key] ?? []), entry.from])];
          }
        }
      }
    }
    return found;
  });

/**
 * A string that occurs once in each copy of a library, however it is bundled, so counting the
 * scripts that contain it counts the copies on the page. RxJS and supabase-js travel inside
 * @taskflow/shared (shared/federation/shared-deps.js), so the share registry does not list them.
 */
export const libraryMarkers = {
  rxjs: '@@observable',
  '@supabase/supabase-js': 'GoTrueClient',
};

/**
 * The requests sent between two moments and finished by the second, each one round trip deeper
 * than the deepest one that had finished before it was sent (an upper bound: a request may have
 * waited for less), and the longest chain, each request named by `label`.
 */
export const roundTrips = (
  requests: RecordedRequest[],
  from: number,
  until: number,
  isNeeded: (r: RecordedRequest) => boolean,
  label: (r: RecordedRequest) => string = (r) => `${r.method} ${r.url}`,
) => {
  const inPhase = requests.filter(
    (r) => isNeeded(r) && r.sentAt >= from && r.finishedAt !== undefined && r.finishedAt <= until,
  );
  const depth = new Map<RecordedRequest, number>();
  const parent = new Map<RecordedRequest, RecordedRequest>();
  for (const request of inPhase) {
    let deepest: RecordedRequest | undefined;
    for (const earlier of inPhase) {
      if (earlier === request || (earlier.finishedAt as number) > request.sentAt) continue;
      if (!deepest || (depth.get(earlier) ?? 0) > (depth.get(deepest) ?? 0)) deepest = earlier;
    }
    depth.set(request, deepest ? (depth.get(deepest) ?? 0) + 1 : 1);
    if (deepest) parent.set(request, deepest);
  }
  let last: RecordedRequest | undefined;
  for (const request of inPhase) {
    if (!last || (depth.get(request) ?? 0) > (depth.get(last) ?? 0)) last = request;
  }
  const chain: string[] = [];
  for (let r = last; r; r = parent.get(r)) chain.unshift(label(r));
  return { depth: last ? (depth.get(last) ?? 0) : 0, chain };
};
