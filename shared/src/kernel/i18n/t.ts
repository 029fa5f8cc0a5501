import { de, type Catalogue } from './de';
import type { OnDemandCatalogue } from './de-on-demand';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, e.g. 'auth.fillAllFields'. */
export type TextKey = Leaves<Catalogue & OnDemandCatalogue>;

export type TextParams = Record<string, string | number>;

/** The catalogue's parts loaded so far: de.ts, then de-on-demand.ts once a view has added it. */
const parts: object[] = [de];

/** Adds a part of the catalogue that loads with the views showing it (de-on-demand.ts). */
export const addTexts = (part: object): void => {
  if (!parts.includes(part)) parts.push(part);
};

const lookupIn = (part: object, key: string): string | undefined => {
  let node: unknown = part;
  for (const step of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return typeof node === 'string' ? node : undefined;
};

const lookup = (key: string): string | undefined => {
  for (const part of parts) {
    const text = lookupIn(part, key);
    if (text !== undefined) return text;
  }
  return undefined;
};

const fill = (template: string, params?: TextParams): string =>
  params
    ? template.replace(/\{(\w+)\}/g, (match, name: string) =>
        name in params ? String(params[name]) : match,
      )
    : template;

/**
 * The German text for a key. The key type catches typos at compile time; a remote compiled
 * against an older catalogue can still ask for a key that is gone, which throws in development
 * and shows the key itself in production rather than an empty label.
 */
export const t = (key: TextKey, params?: TextParams): string => {
  const template = lookup(key);
  if (template === undefined) {
    if (import.meta.env?.DEV !== false) throw new Error(`Unknown text key: ${key}`);
    return key;
  }
  return fill(template, params);
};

/**
 * The label of a card column by its database name (`cardFields` in the catalogue), or the name
 * itself for a column the catalogue has no label for: read by what handles columns generically
 * (the history's `card_field_changed`, the CSV export).
 */
export const cardFieldLabel = (field: string): string => lookup(`cardFields.${field}`) ?? field;
