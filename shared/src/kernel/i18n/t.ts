import { de, type Catalogue } from './de';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, e.g. 'auth.fillAllFields'. */
export type TextKey = Leaves<Catalogue>;

export type TextParams = Record<string, string | number>;

const lookup = (key: string): string | undefined => {
  let node: unknown = de;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
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
