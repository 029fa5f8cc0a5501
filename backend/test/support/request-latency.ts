/**
 * How long other users' requests wait while something runs: a worker thread sends one request
 * after another and records each answer's time. A worker, because PGlite runs in the backend's
 * own thread and blocks its event loop while a statement runs: a client on that thread would
 * not even start its timer until the statement ended, and would measure nothing.
 */
import { Worker } from 'node:worker_threads';

export interface LatencyProbe {
  /** Stops sending; resolves to the longest time one request waited and how many were sent. */
  stop(): Promise<{ longestMs: number; requests: number; failures: number }>;
}

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
let longestMs = 0, requests = 0, failures = 0;
parentPort.on('message', () => { running = false; });
(async () => {
  parentPort.postMessage({ started: true });
  while (running) {
    const start = performance.now();
    try {
      const response = await fetch(workerData.url, { headers: workerData.headers });
      await response.arrayBuffer();
      if (!response.ok) failures++;
    } catch { failures++; }
    longestMs = Math.max(longestMs, performance.now() - start);
    requests++;
    await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  parentPort.postMessage({ longestMs, requests, failures });
})();
`;

/** Starts sending GET `url` with `headers` every `pauseMs` after each answer. */
export const probeLatency = async (
  url: string,
  headers: Record<string, string>,
  pauseMs = 20,
): Promise<LatencyProbe> => {
  const worker = new Worker(workerSource, { eval: true, workerData: { url, headers, pauseMs } });
  let onResult: (value: { longestMs: number; requests: number; failures: number }) => void;
  const result = new Promise<{ longestMs: number; requests: number; failures: number }>(
    (resolve) => (onResult = resolve),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { started?: boolean; longestMs?: number }) => {
      if (message.started) resolve();
      else onResult(message as { longestMs: number; requests: number; failures: number });
    });
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const measured = await result;
      await worker.terminate();
      return measured;
    },
  };
};
