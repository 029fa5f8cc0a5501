import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/kernel/backend/connection';
import { AnswerGuard, SyncedResource, type LiveEvent } from '../src/kernel/backend/synced-resource';
import { deferred } from './board-fixtures';

/** A resource over hand-answered loads and a hand-driven channel, recording what it hands on. */
const harness = (options: { loadOnEveryJoin?: boolean; connection?: Connection } = {}) => {
  const channel = new Subject<LiveEvent<string>>();
  const loads: ReturnType<typeof deferred<string>>[] = [];
  const seen: string[] = [];
  const resource = new SyncedResource<string, string>({
    load: () => {
      const answer = deferred<string>();
      loads.push(answer);
      return answer.promise;
    },
    live: () => channel.asObservable(),
    loaded: (answer, held) => seen.push(`loaded ${answer} [${held.join(', ')}]`),
    changed: (change) => seen.push(`changed ${change}`),
    failed: (status) => seen.push(`failed, ${status}`),
    ...options,
  });
  const status = (value: 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'CLOSED') =>
    channel.next({ kind: 'status', status: value });
  const change = (value: string) => channel.next({ kind: 'change', change: value });
  return { resource, channel, loads, seen, status, change };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('a synced resource', () => {
  it('goes from idle to loading to ready, and back to idle on stop', async () => {
    const { resource, loads, channel } = harness();
    expect(resource.status).toBe('idle');
    resource.start();
    expect(resource.status).toBe('loading');
    expect(channel.observed).toBe(true);
    loads[0]!.resolve('v1');
    await settle();
    expect(resource.status).toBe('ready');
    resource.stop();
    expect(resource.status).toBe('idle');
    expect(channel.observed).toBe(false);
  });

  it('says error when the first load fails, keeps ready when a reload fails, retries', async () => {
    const { resource, loads, seen } = harness();
    resource.start();
    loads[0]!.reject(new Error('kaputt'));
    await settle();
    expect(resource.status).toBe('error');
    void resource.reload();
    expect(resource.status).toBe('loading');
    loads[1]!.resolve('v1');
    await settle();
    void resource.reload();
    expect(resource.status).toBe('ready');
    loads[2]!.reject(new Error('kaputt'));
    await settle();
    expect(resource.status).toBe('ready');
    expect(seen).toEqual(['failed, error', 'loaded v1 []', 'failed, ready']);
  });

  it('holds the changes that arrive during a load and hands them over with its answer', async () => {
    const { resource, loads, seen, change } = harness();
    resource.start();
    change('a');
    change('b');
    loads[0]!.resolve('v1');
    await settle();
    change('c');
    expect(seen).toEqual(['loaded v1 [a, b]', 'changed c']);
  });

  it('ignores a stale answer: an earlier load answering late, or any load after stop', async () => {
    const { resource, loads, seen } = harness();
    resource.start();
    void resource.reload();
    loads[1]!.resolve('new');
    await settle();
    loads[0]!.resolve('old');
    await settle();
    expect(seen).toEqual(['loaded new []']);

    void resource.reload();
    resource.stop();
    loads[2]!.resolve('after stop');
    loads[2]!.reject(new Error('ignored'));
    await settle();
    expect(seen).toEqual(['loaded new []']);
    expect(resource.status).toBe('idle');
  });

  it('loads again when the channel joins after a gap, not on the first join', async () => {
    const { resource, loads, seen, status, change } = harness();
    resource.start();
    status('SUBSCRIBED');
    loads[0]!.resolve('v1');
    await settle();
    expect(loads).toHaveLength(1);

    status('CHANNEL_ERROR');
    status('CLOSED');
    status('SUBSCRIBED');
    expect(loads).toHaveLength(2);
    change('during resync');
    loads[1]!.resolve('v2');
    await settle();
    status('SUBSCRIBED');
    expect(loads).toHaveLength(2);
    expect(seen).toEqual(['loaded v1 []', 'loaded v2 [during resync]']);
  });

  it('loads again at once on a gap the joined channel reports, holding what follows', async () => {
    const { resource, loads, seen, status, change, channel } = harness();
    resource.start();
    status('SUBSCRIBED');
    loads[0]!.resolve('v1');
    await settle();
    change('before');
    channel.next({ kind: 'gap' });
    change('after the gap');
    expect(loads).toHaveLength(2);
    loads[1]!.resolve('v2');
    await settle();
    expect(seen).toEqual(['loaded v1 []', 'changed before', 'loaded v2 [after the gap]']);
  });

  it('keeps the gap when the resync fails, so the next join tries again', async () => {
    const { resource, loads, status } = harness();
    resource.start();
    loads[0]!.resolve('v1');
    await settle();
    status('CHANNEL_ERROR');
    status('SUBSCRIBED');
    loads[1]!.reject(new Error('kaputt'));
    await settle();
    status('SUBSCRIBED');
    expect(loads).toHaveLength(3);
  });

  it('loads on every join, the first too, when asked to', async () => {
    const { resource, loads, status } = harness({ loadOnEveryJoin: true });
    resource.start();
    status('SUBSCRIBED');
    expect(loads).toHaveLength(2);
  });

  it('loads once when the channel joins as it is subscribed to', () => {
    let loads = 0;
    const counted = new SyncedResource<string, string>({
      load: () => {
        loads += 1;
        return new Promise(() => {});
      },
      live: () => new BehaviorSubject<LiveEvent<string>>({ kind: 'status', status: 'SUBSCRIBED' }),
      loaded: () => {},
      loadOnEveryJoin: true,
    });
    counted.start();
    expect(loads).toBe(1);
  });

  it('gathers a burst of reloadSoon calls into one load', async () => {
    vi.useFakeTimers();
    const { resource, loads } = harness();
    resource.start();
    loads[0]!.resolve('v1');
    await vi.advanceTimersByTimeAsync(0);
    resource.reloadSoon(300);
    await vi.advanceTimersByTimeAsync(200);
    resource.reloadSoon(300);
    await vi.advanceTimersByTimeAsync(299);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toHaveLength(2);
    resource.reloadSoon(300);
    resource.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads).toHaveLength(2);
  });

  it("tells the page's connection what the channel and the loads saw", async () => {
    const connection = new Connection();
    const { resource, loads, status } = harness({ connection });
    resource.start();
    status('CHANNEL_ERROR');
    expect(connection.get()).toBe('offline');
    status('SUBSCRIBED');
    expect(connection.get()).toBe('online');
    loads[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(connection.get()).toBe('offline');
  });
});

describe('an answer guard', () => {
  it('lets only the latest load count, and nothing asked before a reset', () => {
    const guard = new AnswerGuard();
    const first = guard.latest();
    const write = guard.current();
    const second = guard.latest();
    expect([first(), second(), write()]).toEqual([false, true, true]);
    guard.reset();
    expect([second(), write()]).toEqual([false, false]);
    expect(guard.latest()()).toBe(true);
  });
});
