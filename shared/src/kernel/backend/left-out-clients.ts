/**
 * What the page's bundle puts in place of supabase-js's Storage and Edge Functions clients.
 *
 * supabase-js constructs a StorageClient for every client (and imports the Functions client),
 * so both ship with the page whether used or not: about 7 KB of compressed JavaScript, with
 * storage's Iceberg analytics client, on a journey held to 250 KB (README, Delivery). TaskFlow
 * calls neither, so the shell's build resolves `@supabase/storage-js` and
 * `@supabase/functions-js` to this module (shell/vite.config.ts). Tests, the backend and the
 * remotes' standalone builds keep the real packages.
 *
 * A feature that needs storage (attachments) imports the real `StorageClient` from
 * '@supabase/storage-js' in its own on-demand chunk instead of using `supabase.storage`; the
 * alias then has to exempt that import. Touching `supabase.storage` or `supabase.functions`
 * on the page fails loudly rather than quietly doing nothing.
 */
const LEFT_OUT =
  'TaskFlow leaves supabase.storage and supabase.functions out of the page (kernel/backend/left-out-clients.ts)';

const refuse = (): never => {
  throw new Error(LEFT_OUT);
};

export class StorageClient {
  // supabase-js calls `new StorageClient(url, headers, fetch, options)` in its constructor.
  constructor(..._args: unknown[]) {}
  from = refuse;
  listBuckets = refuse;
  getBucket = refuse;
  createBucket = refuse;
  updateBucket = refuse;
  emptyBucket = refuse;
  deleteBucket = refuse;
}

export class FunctionsClient {
  constructor(..._args: unknown[]) {}
  invoke = refuse;
  setAuth = refuse;
}

// The error classes and the region enum supabase-js re-exports.
export class StorageApiError extends Error {}
export class FunctionsError extends Error {}
export class FunctionsFetchError extends FunctionsError {}
export class FunctionsHttpError extends FunctionsError {}
export class FunctionsRelayError extends FunctionsError {}
export const FunctionRegion = {} as const;
