import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for the app's origins. Allowed request headers are echoed from the preflight (supabase-js
 * sends apikey, x-client-info, prefer, range, accept-profile, ...); the response headers the
 * client reads must be exposed explicitly.
 */
export const corsFor = (origins: string[]): MiddlewareHandler =>
  cors({
    origin: origins.includes('*') ? '*' : origins,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      'Content-Range',
      'Content-Location',
      'Location',
      'Preference-Applied',
      'X-Supabase-Api-Version',
      // Resumable uploads (TUS): tus-js-client in a browser reads where to resume from these.
      'Upload-Offset',
      'Upload-Length',
      'Upload-Expires',
      'Tus-Resumable',
      'Tus-Version',
      'Tus-Extension',
      'Tus-Max-Size',
    ],
    maxAge: 86400,
  });
