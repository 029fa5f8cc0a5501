import { hash, verify } from '@node-rs/bcrypt';

/**
 * Passwords are stored as bcrypt hashes of cost 10, as GoTrue stores them ($2a$/$2b$ hashes from
 * either verify here). @node-rs/bcrypt hashes natively on libuv's thread pool: a sign-in costs
 * about 50 ms there instead of about 72 ms of pure JavaScript on the backend's event loop, where
 * it also held up every other request (measured: 50 vs 72 ms per check on the 2-core machine).
 */
const BCRYPT_COST = 10;

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { cost: BCRYPT_COST });

/** Whether the password matches the stored hash; a missing or malformed hash matches nothing. */
export const passwordMatches = async (
  password: string,
  stored: string | null,
): Promise<boolean> => {
  if (!stored) return false;
  try {
    return await verify(password, stored);
  } catch {
    return false;
  }
};
