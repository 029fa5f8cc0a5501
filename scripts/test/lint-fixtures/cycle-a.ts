// Linted where it lies: cycle-a and cycle-b import each other by extensionless paths.
import { b } from './cycle-b';

export const a = (): string => `a${b.length}`;
