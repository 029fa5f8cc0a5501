import type {
  Board,
  BoardData,
  BoardLabel,
  BoardList,
  BoardMember,
  BoardSnapshot,
  Card,
  CardRow,
  Profile,
} from '../../domain/types';
import { byPosition } from '../../domain/positions';
import { boardData, cardOf, cardsOf, withCards, withParts } from './board-cards';
import { CardTable } from './card-table';
import type { BoardTable, RowChange } from './row-change';

// Pure functions from (board data, row change) to board data. Every change is an upsert or a
// delete by primary key, so applying the same change twice leaves the same state (idempotent
// echoes), and a function returns its input unchanged when the change is not about this board.
// Boards are made with board-cards.ts, never spread: the cards are a persistent table, so a
// change to one card copies none of the others.

type Row = Record<string, unknown>;

/** The arrays of child rows a card carries, each keyed by its rows' id. */
type ChildField = 'checklist' | 'comments' | 'attachments';

export const fromSnapshot = (snapshot: BoardSnapshot): BoardData =>
  boardData(
    {
      board: snapshot.board,
      members: snapshot.members,
      labels: snapshot.labels,
      lists: Object.fromEntries(snapshot.lists.map((list) => [list.id, list])),
    },
    CardTable.from(
      snapshot.cards.map((card) => ({
        ...card,
        description: card.description ?? '',
        assignee_ids: card.assignee_ids ?? [],
        label_ids: card.label_ids ?? [],
        checklist: inOrder(card.checklist, byPosition),
        comments: inOrder(card.comments, byCreatedAt),
        attachments: inOrder(card.attachments, byCreatedAt),
      })),
    ),
  );

const NONE: never[] = [];

/**
 * The items sorted by `compare`: the array itself when it is in order already, as board_snapshot
 * sends it, else a sorted copy. A 10,000-card board made three arrays per card, 30,000 copies
 * and sorts, while the page waited for its first screen.
 */
const inOrder = <T>(items: T[] | null | undefined, compare: (a: T, b: T) => number): T[] => {
  if (!items || items.length === 0) return NONE;
  for (let i = 1; i < items.length; i += 1) {
    if (compare(items[i - 1]!, items[i]!) > 0) return [...items].sort(compare);
  }
  return items;
};

const byCreatedAt = (a: { created_at?: string }, b: { created_at?: string }): number =>
  (a.created_at ?? '').localeCompare(b.created_at ?? '');

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const upsertById = <T extends { id: string }>(items: readonly T[], item: T): T[] => {
  const index = items.findIndex((existing) => existing.id === item.id);
  if (index === -1) return [...items, item];
  const copy = [...items];
  copy[index] = item;
  return copy;
};

const withoutId = <T extends { id: string }>(items: readonly T[], id: unknown): T[] =>
  items.filter((item) => item.id !== id);

/** The record without the entry under `id`; null when it has none (nothing to delete). */
const withoutKey = <T>(record: Record<string, T>, id: string | undefined) => {
  if (!id || !record[id]) return null;
  const rest = { ...record };
  delete rest[id];
  return rest;
};

const updateCard = (data: BoardData, cardId: unknown, change: (card: Card) => Card): BoardData => {
  const card = typeof cardId === 'string' ? cardOf(data, cardId) : undefined;
  if (!card) return data;
  return withCards(data, cardsOf(data).with(change(card)));
};

const applyBoard = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') return data; // the store handles a vanished board
  if (change.new.id !== data.board.id) return data;
  return withParts(data, { board: { ...data.board, ...(change.new as Partial<Board>) } });
};

const applyMember = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') {
    return withParts(data, { members: withoutId(data.members, change.old.id) });
  }
  const row = change.new as Partial<BoardMember> & Row;
  if (row.board_id !== data.board.id || !row.id) return data;
  const known = data.members.find((m) => m.id === row.id || m.user_id === row.user_id);
  const member: BoardMember = {
    ...(known ?? { profile: null }),
    ...(row as BoardMember),
    profile: (row.profile as BoardMember['profile'] | undefined) ?? known?.profile ?? null,
  };
  return withParts(data, { members: upsertById(data.members, member) });
};

const applyLabel = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') {
    const id = change.old.id;
    const cards = cardsOf(data).map((card) =>
      card.label_ids.includes(id as string)
        ? { ...card, label_ids: card.label_ids.filter((l) => l !== id) }
        : card,
    );
    return withParts(data, { labels: withoutId(data.labels, id) }, cards);
  }
  const row = change.new as unknown as BoardLabel;
  if (row.board_id !== data.board.id) return data;
  const known = data.labels.find((l) => l.id === row.id);
  return withParts(data, { labels: upsertById(data.labels, { ...known, ...row }) });
};

const applyList = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') {
    const id = str(change.old.id);
    const lists = withoutKey(data.lists, id);
    if (!lists) return data;
    const cards = cardsOf(data).map((card) => (card.list_id === id ? null : card));
    return withParts(data, { lists }, cards);
  }
  const row = change.new as unknown as BoardList;
  if (row.board_id !== data.board.id || !row.id) return data;
  return withParts(data, { lists: { ...data.lists, [row.id]: { ...data.lists[row.id], ...row } } });
};

const applyCard = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') {
    const id = str(change.old.id);
    return id ? withCards(data, cardsOf(data).without(id)) : data;
  }
  const row = change.new as Partial<CardRow> & Row;
  const belongs =
    row.board_id === data.board.id ||
    (row.board_id === undefined && typeof row.list_id === 'string' && !!data.lists[row.list_id]);
  if (!belongs || typeof row.id !== 'string') return data;
  const known = cardOf(data, row.id);
  const card: Card = {
    assignee_ids: [],
    label_ids: [],
    checklist: [],
    comments: [],
    attachments: [],
    ...known,
    ...(row as CardRow),
  };
  card.description = card.description ?? '';
  return withCards(data, cardsOf(data).with(card));
};

const applyLink = (
  data: BoardData,
  change: RowChange,
  field: 'assignee_ids' | 'label_ids',
  otherKey: 'user_id' | 'label_id',
): BoardData => {
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  const value = str(row[otherKey]);
  if (!value) return data;
  return updateCard(data, row.card_id, (card) => {
    const has = card[field].includes(value);
    if (change.eventType === 'DELETE') {
      return has ? { ...card, [field]: card[field].filter((v) => v !== value) } : card;
    }
    return has ? card : { ...card, [field]: [...card[field], value] };
  });
};

/**
 * A checklist item, comment or attachment by id, with the card it hangs on, wherever that is: deletes
 * carry only the primary key, and a partial row is merged onto the stored one.
 */
export const findChild = <F extends ChildField>(
  data: BoardData,
  field: F,
  id: unknown,
): { card: Card; child: Card[F][number] } | undefined => {
  for (const card of cardsOf(data).values()) {
    const child = (card[field] as Card[F][number][]).find((item) => item.id === id);
    if (child) return { card, child };
  }
  return undefined;
};

const removeChild = (data: BoardData, field: ChildField, id: unknown): BoardData => {
  const holder = findChild(data, field, id)?.card;
  if (!holder) return data;
  return updateCard(data, holder.id, (card) => ({
    ...card,
    [field]: withoutId(card[field] as { id: string }[], id),
  }));
};

/**
 * A checklist item, comment or attachment inserted, changed or deleted: a partial row is merged onto the
 * stored one, which leaves the card it hung on first (a checklist item can move to another
 * card), then joins its card's list in `order`.
 */
const applyChild =
  <F extends ChildField>(field: F, order: (a: Card[F][number], b: Card[F][number]) => number) =>
  (data: BoardData, change: RowChange): BoardData => {
    if (change.eventType === 'DELETE') return removeChild(data, field, change.old.id);
    const row = {
      ...findChild(data, field, change.new.id)?.child,
      ...(change.new as Partial<Card[F][number]>),
    } as Card[F][number];
    if (!row.id || !row.card_id || !cardOf(data, row.card_id)) return data;
    return updateCard(removeChild(data, field, row.id), row.card_id, (card) => ({
      ...card,
      [field]: upsertById<Card[F][number]>(card[field], row).sort(order),
    }));
  };

const applyChecklist = applyChild('checklist', byPosition);
const applyComment = applyChild('comments', byCreatedAt);
const applyAttachment = applyChild('attachments', byCreatedAt);

/** A fellow member renamed themselves: their avatar and name follow ('Profil'). */
const applyProfile = (data: BoardData, change: RowChange): BoardData => {
  if (change.eventType === 'DELETE') return data; // leaving the board removes the membership
  const row = change.new as Partial<Profile>;
  if (!row.id || !data.members.some((member) => member.user_id === row.id)) return data;
  return withParts(data, {
    members: data.members.map((member) =>
      member.user_id === row.id
        ? {
            ...member,
            profile: {
              id: row.id as string,
              full_name: row.full_name ?? member.profile?.full_name ?? '',
              email: row.email !== undefined ? row.email : (member.profile?.email ?? null),
            },
          }
        : member,
    ),
  });
};

/** Each table's reducer; a table of BoardTable without one does not compile. */
const appliers: Record<BoardTable, (data: BoardData, change: RowChange) => BoardData> = {
  profiles: applyProfile,
  boards: applyBoard,
  board_members: applyMember,
  board_labels: applyLabel,
  lists: applyList,
  cards: applyCard,
  card_assignees: (data, change) => applyLink(data, change, 'assignee_ids', 'user_id'),
  card_tags: (data, change) => applyLink(data, change, 'label_ids', 'label_id'),
  card_checklist_items: applyChecklist,
  card_comments: applyComment,
  card_attachments: applyAttachment,
};

export const applyRowChange = (data: BoardData, change: RowChange): BoardData =>
  appliers[change.table](data, change);
