// TEMPORARY placeholder by the lead so the server starts before the REST module lands; the REST agent overwrites this file.
import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
export const restRoutes = (_ctx: BackendContext): Hono => new Hono();
