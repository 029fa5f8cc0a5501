/**
 * Who is asking, by network address, for the per-address abuse limits. The connection's peer
 * is the truth; X-Forwarded-For is a header any client can write, so it counts only as far as
 * the operator says proxies of theirs wrote it (`TRUST_PROXY`):
 *
 * - `false` (default) or empty: the peer, whatever the header says;
 * - `true` or a number n: n proxies in front (`true` is one); the address the outermost of them
 *   saw, read from the right of X-Forwarded-For, where proxies append. The leftmost entry,
 *   which a client fills in itself, is never believed for that reason;
 * - otherwise a comma-separated list of the proxies' addresses or subnets (`10.0.0.0/8`,
 *   `loopback`, `uniquelocal`…): hops from those are skipped, the first other address counts.
 *
 * proxy-addr (Express's own) walks the header; it is small, well-kept and gets the corner cases
 * (IPv4-mapped IPv6, subnets, malformed entries) right.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type ProxyTrust = (address: string, hop: number) => boolean;

const trustNone: ProxyTrust = () => false;

/** Compiles `TRUST_PROXY`; a list with an address that is not one throws at start-up. */
export const proxyTrust = (setting: string): ProxyTrust => {
  const value = setting.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return trustNone;
  const hops = value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : null;
  // Hop 0 is the peer itself: trusting it and n - 1 more reads n proxies' entries.
  if (hops !== null) return (_address, hop) => hop < hops;
  try {
    return proxyaddr.compile(value.split(',').map((part) => part.trim()));
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be true, false, a number of proxies or a list of their addresses: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
};

/**
 * The client's address. Requests made in process (`app.request`, tests) have no socket; their
 * peer reads as `in-process`.
 */
export const clientAddress = (c: Context, trust: ProxyTrust): string => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'in-process';
  if (trust === trustNone) return peer;
  const forwardedFor = c.req.header('x-forwarded-for');
  const request = {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
  return proxyaddr(request, trust);
};
