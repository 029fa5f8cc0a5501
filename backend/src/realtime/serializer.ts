/**
 * Phoenix channel frames as supabase-js 2.119 speaks them (wire doc §5.2, and the client's
 * `realtime-js/src/lib/serializer.ts`, which wins where the doc is silent).
 *
 * vsn 2.0.0 (the client's default): text frames are JSON arrays
 * `[join_ref, ref, topic, event, payload]`; every `channel.send({type: 'broadcast'})` arrives
 * as a binary "user broadcast push" (kind 3). The server answers in text only, except a
 * broadcast whose payload is raw bytes, which goes out as a kind 4 binary frame, the only
 * binary kind the client decodes. vsn 1.0.0 frames are JSON objects.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A frame we could not read; carries whatever routing data survived, so the reply can. */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly ref: string | null = null,
    readonly topic: string | null = null,
    readonly joinRef: string | null = null,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;
const BINARY_ENCODING = 0;

const refOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const fromParts = (
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Frame => {
  // Each refusal carries the refs the client sent, so its reply can still be matched.
  const refuse = (reason: string, knownTopic: string | null) =>
    new FrameError(reason, refOrNull(ref), knownTopic, refOrNull(joinRef));
  if (typeof topic !== 'string' || topic === '') {
    throw refuse('topic must be a non-empty string', null);
  }
  if (typeof event !== 'string' || event === '') {
    throw refuse('event must be a non-empty string', topic);
  }
  const isObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  if (!isObject) throw refuse('payload must be an object', topic);
  return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload };
};

const decodeText = (text: string, vsn: Vsn): Frame => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not valid JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new FrameError('frame must be an array [join_ref, ref, topic, event, payload]');
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return fromParts(joinRef, ref, topic, event, payload);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FrameError('frame must be an object {topic, event, payload, ref, join_ref}');
  }
  const { join_ref, ref, topic, event, payload } = parsed as Record<string, unknown>;
  return fromParts(join_ref, ref, topic, event, payload);
};

/** Kind 3: header lengths in bytes 1..5, payload encoding in byte 6, then the fields. */
const decodeUserBroadcastPush = (bytes: Buffer): Frame => {
  if (bytes.length < 7) throw new FrameError('binary frame is truncated');
  const lengths = [1, 2, 3, 4, 5].map((i) => bytes.readUInt8(i));
  const encoding = bytes.readUInt8(6);
  let offset = 7;
  const fields = lengths.map((length) => {
    const field = bytes.subarray(offset, offset + length);
    offset += length;
    return field;
  });
  if (offset > bytes.length) throw new FrameError('binary frame is truncated');
  const [joinRef, ref, topic, userEvent, metadata] = fields.map((f) => f.toString('utf8')) as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (encoding !== JSON_ENCODING && encoding !== BINARY_ENCODING) {
    throw new FrameError(`unknown payload encoding ${encoding}`, ref || null, topic || null);
  }
  const body = bytes.subarray(offset);
  let payload: unknown;
  let meta: unknown;
  try {
    payload = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : body;
    meta = metadata === '' ? undefined : JSON.parse(metadata);
  } catch {
    throw new FrameError('binary broadcast payload is not valid JSON', ref || null, topic || null);
  }
  return fromParts(joinRef || null, ref || null, topic, 'broadcast', {
    type: 'broadcast',
    event: userEvent,
    payload,
    ...(meta === undefined ? {} : { meta }),
  });
};

export const decodeFrame = (data: Buffer, isBinary: boolean, vsn: Vsn): Frame => {
  if (!isBinary) return decodeText(data.toString('utf8'), vsn);
  if (data.length === 0) throw new FrameError('empty binary frame');
  const kind = data.readUInt8(0);
  if (kind !== USER_BROADCAST_PUSH) throw new FrameError(`unsupported binary frame kind ${kind}`);
  return decodeUserBroadcastPush(data);
};

/** Server frames are built as strings so that a change's JSON can be spliced in once. */
export const encodeFrame = (frame: Frame, vsn: Vsn): string =>
  encodeRaw(frame.joinRef, frame.ref, frame.topic, frame.event, JSON.stringify(frame.payload), vsn);

/** `payloadJson` must already be valid JSON; lets the dispatcher serialise a change once. */
export const encodeRaw = (
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
  vsn: Vsn,
): string => {
  const head = [joinRef, ref, topic, event].map((v) => JSON.stringify(v));
  if (vsn === '2.0.0') return `[${head.join(',')},${payloadJson}]`;
  return `{"join_ref":${head[0]},"ref":${head[1]},"topic":${head[2]},"event":${head[3]},"payload":${payloadJson}}`;
};

/** Kind 4 "user broadcast": the only way to hand raw bytes to the client. */
export const encodeBinaryBroadcast = (topic: string, event: string, payload: Buffer): Buffer => {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) {
    throw new Error('topic and event must fit in 255 bytes for a binary broadcast');
  }
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    BINARY_ENCODING,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
};
