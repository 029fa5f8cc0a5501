import { expect, it } from 'vitest';
import type { TestBackend } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

const subscribed = (backendClient: ReturnType<TestBackend['client']>, topic: string) =>
  new Promise<{ received: unknown[]; channel: ReturnType<typeof backendClient.channel> }>(
    (resolve, reject) => {
      const received: unknown[] = [];
      const channel = backendClient
        .channel(topic)
        .on('broadcast', { event: '*' }, (message) => received.push(message))
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve({ received, channel });
          if (status === 'CHANNEL_ERROR') reject(error);
        });
    },
  );

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

it('delivers a broadcast sent over REST by a client that has not joined the channel', async () => {
  const listener = backend.client();
  const { received } = await subscribed(listener, 'room-rest');

  const sender = backend.client();
  const result = await sender
    .channel('room-rest')
    .send({ type: 'broadcast', event: 'wave', payload: { x: 1 } });
  expect(result).toBe('ok');
  await until(() => received.length > 0);
  expect(received).toEqual([expect.objectContaining({ event: 'wave', payload: { x: 1 } })]);

  const sent = await sender.channel('room-rest').httpSend('nudge', { y: 2 });
  expect(sent).toEqual({ success: true });
  await until(() => received.length > 1);
  expect(received[1]).toEqual(expect.objectContaining({ event: 'nudge', payload: { y: 2 } }));
  await listener.removeAllChannels();
});

it('refuses a broadcast without a valid key and one that is not JSON', async () => {
  const anonymous = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'forged' },
    body: JSON.stringify({ messages: [{ topic: 'room', event: 'e', payload: {} }] }),
  });
  expect(anonymous.status).toBe(401);

  const garbled = await fetch(
    `${backend.url}/realtime/v1/api/broadcast?apikey=${backend.anonKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"messages": [',
    },
  );
  expect(garbled.status).toBe(400);
  expect(await garbled.json()).toMatchObject({ message: expect.stringContaining('messages') });
});
