// Linted where it lies: the other half of cycle-a's loop.
import { a } from './cycle-a';

export const b = (): string => `b${a.length}`;
