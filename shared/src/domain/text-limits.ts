// How long a text may be: the database's check constraints
// (supabase/migrations/20261126004002_text_length_limits.sql), repeated here for the fields'
// maxLength, so that nobody types past a limit, and to say in German which limit a refused
// write broke (a paste through another client, an older tab, a script).
import { ApiError } from '../kernel/backend/api-error';
import { t } from '../kernel/i18n/t';

/** Titles and names: boards, lists, cards, labels, subtasks, people. */
export const TITLE_MAX_LENGTH = 512;
/** A card's description and a comment (Trello's cap for both). */
export const LONG_TEXT_MAX_LENGTH = 16_384;

/** Each constraint `<table>_<column>_length` and its limit. */
const constraintLimits: Record<string, number> = {
  boards_title_length: TITLE_MAX_LENGTH,
  lists_title_length: TITLE_MAX_LENGTH,
  cards_title_length: TITLE_MAX_LENGTH,
  board_labels_name_length: TITLE_MAX_LENGTH,
  card_checklist_items_text_length: TITLE_MAX_LENGTH,
  profiles_full_name_length: TITLE_MAX_LENGTH,
  cards_description_length: LONG_TEXT_MAX_LENGTH,
  card_comments_text_length: LONG_TEXT_MAX_LENGTH,
};

const count = new Intl.NumberFormat('de-DE');

/**
 * 'Der Text ist zu lang (höchstens 16.384 Zeichen).' when the server refused a write for a
 * text over its limit (23514 on a `…_length` constraint, named in PostgreSQL's message), else
 * null.
 */
export const tooLongText = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.code !== '23514') return null;
  const constraint = /check constraint "([a-z_]+_length)"/.exec(error.message)?.[1];
  const max = constraint ? constraintLimits[constraint] : undefined;
  return max ? t('errors.tooLong', { max: count.format(max) }) : null;
};
