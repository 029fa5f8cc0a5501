/**
 * Request bodies as JSON, refused before they can do harm: bytes that are not UTF-8 (a lenient
 * decoder would store U+FFFD in their place), and nesting deeper than `MAX_JSON_DEPTH` (V8 parses
 * deep JSON, but `JSON.stringify`, Postgres' json input and every recursive walk would then
 * overflow their stacks). The depth is measured on the text, in one pass without recursion,
 * before anything parses it. REST and auth turn the `JsonBodyError` into their own error shape.
 */

/** Deeper bodies are refused; real documents (cards, metadata) nest a handful of levels. */
export const MAX_JSON_DEPTH = 100;

export class JsonBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonBodyError';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body's text; invalid UTF-8 is an error, not replacement characters. */
export const decodeUtf8 = (bytes: ArrayBuffer): string => {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new JsonBodyError('The request body is not valid UTF-8');
  }
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Throws when arrays and objects nest deeper than `max` (brackets inside strings do not count). */
export const checkJsonDepth = (text: string, max = MAX_JSON_DEPTH): void => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > max)
        throw new JsonBodyError(`JSON nests deeper than ${max} levels (at character ${i + 1})`);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth -= 1;
  }
};

/** Parses JSON text after the depth check; a syntax error becomes a `JsonBodyError`. */
export const parseJsonText = (text: string, maxDepth = MAX_JSON_DEPTH): unknown => {
  checkJsonDepth(text, maxDepth);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JsonBodyError(error instanceof Error ? error.message : 'invalid JSON');
  }
};

/**
 * True when a string anywhere in the (depth-checked) value holds text Postgres cannot store:
 * a NUL character, or a lone UTF-16 surrogate.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableText = (value: unknown): boolean => {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasUnstorableText(k) || hasUnstorableText(v));
  return false;
};
