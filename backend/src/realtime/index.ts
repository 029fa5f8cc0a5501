// TEMPORARY placeholder by the lead so the server starts before the realtime module lands; the realtime agent overwrites this file.
import type { Server } from 'node:http';
import type { BackendContext } from '../context.ts';
export const attachRealtime = async (_server: Server, _ctx: BackendContext) => ({ close: async () => {} });
