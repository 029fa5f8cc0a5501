/** A refused or failed backend call, with PostgREST's error code where there is one. */
export class ApiError extends Error {
  readonly code: string | null;

  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

interface PostgrestLikeError {
  message: string;
  code?: string;
}

/** Unwraps a supabase-js `{ data, error }` answer into data or a thrown ApiError. */
export const unwrap = <T>(answer: { data: T | null; error: PostgrestLikeError | null }): T => {
  if (answer.error) throw new ApiError(answer.error.message, answer.error.code ?? null);
  return answer.data as T;
};

/** For writes whose answer carries no data. */
export const check = (answer: { error: PostgrestLikeError | null }): void => {
  if (answer.error) throw new ApiError(answer.error.message, answer.error.code ?? null);
};

export const isPermissionError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === '42501';
