/**
 * The numeric options of a bench (`--name value`), each with its default. An option the bench
 * does not know stops it, as node:util's parseArgs does.
 */
import { parseArgs } from 'node:util';

export const numberArgs = <K extends string>(defaults: Record<K, number>): Record<K, number> => {
  const names = Object.keys(defaults) as K[];
  const { values } = parseArgs({
    options: Object.fromEntries(
      names.map((name) => [name, { type: 'string', default: String(defaults[name]) }] as const),
    ),
  });
  return Object.fromEntries(names.map((name) => [name, Number(values[name])])) as Record<K, number>;
};
