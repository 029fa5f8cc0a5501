// The domain's public file: the rows' types and the product's rules, pure and free of React.
export type * from './types';
export {
  priorities,
  normalizePriority,
  priorityName,
  priorityBadge,
  priorityBadgeClass,
} from './priority';
export {
  labelColors,
  defaultLabelColor,
  labelColorName,
  labelColorFor,
  type LabelColor,
  type LabelColorKey,
} from './label-colors';
export { avatarInitials, avatarColor, avatarColors, displayName } from './avatar';
export { subtaskProgress } from './progress';
export {
  matchesFilters,
  prepareSearch,
  filtersForBoard,
  hasActiveFilters,
  activeFilterCount,
  emptyFilters,
  dueFilters,
  type CardFilters,
  type DueFilter,
} from './card-filter';
export { formatDate, formatDateTime, isOverdue, localDateKey } from './dates';
export {
  POSITION_GAP,
  byPosition,
  positionAtEnd,
  positionBetween,
  rowsAround,
  type Between,
} from './positions';
export { boardBackgrounds, defaultBoardBackground } from './board-backgrounds';
export { TITLE_MAX_LENGTH, LONG_TEXT_MAX_LENGTH, tooLongText } from './text-limits';
export {
  mentionToken,
  mentionName,
  hasMentions,
  splitMentions,
  renderMentions,
  type MentionNames,
  type TextPart,
} from './mentions';
