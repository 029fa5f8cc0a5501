/**
 * A refused or failed backend call, with PostgREST's error code where there is one and the HTTP
 * status (0 when no answer came: supabase-js turns a fetch that throws into status 0).
 */
export class ApiError extends Error {
  readonly code: string | null;
  readonly status: number | null;

  constructor(message: string, code: string | null = null, status: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

interface PostgrestLikeError {
  message: string;
  code?: string;
}

interface Answer {
  error: PostgrestLikeError | null;
  status?: number;
}

const failure = (answer: Answer & { error: PostgrestLikeError }) =>
  new ApiError(answer.error.message, answer.error.code || null, answer.status ?? null);

/** Unwraps a supabase-js `{ data, error }` answer into data or a thrown ApiError. */
export const unwrap = <T>(answer: Answer & { data: T | null }): T => {
  if (answer.error) throw failure({ ...answer, error: answer.error });
  return answer.data as T;
};

/** For writes whose answer carries no data. */
export const check = (answer: Answer): void => {
  if (answer.error) throw failure({ ...answer, error: answer.error });
};

export const isPermissionError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === '42501';

/** A row with this key exists already: a retried insert whose first attempt got through. */
export const isDuplicateError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === '23505';

/**
 * The row changed since the edit was made (row versions: the server refuses a stale version
 * with PT409, HTTP 409).
 */
export const isConflictError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'PT409';

/**
 * The request never reached the backend, or no answer came back: fetch threw (supabase-js
 * reports status 0), or a proxy in front says the backend is away (502, 503, 504). Unlike a
 * refusal (4xx, row-level security), the same request may well succeed later.
 */
export const isNetworkError = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof ApiError && [0, 502, 503, 504].includes(error.status ?? -1));
