// What every board command is made of, and the few shapes they come in. A command is data: the
// optimistic patch drawn over the board until the server answers, the request, and the
// catalogue key of the German message shown if it is refused. The store runs them all the same
// way (board-store.ts); a command that makes nothing to send (a blank title, a card dropped
// where it lies) is null.
import type { BoardData } from '../../../domain/types';
import {
  positionAtEnd,
  positionBetween,
  renumbered,
  rowsAround,
  type Between,
  type Positioned,
} from '../../../domain/positions';
import type { TextKey } from '../../../kernel/i18n/t';
import { cardOf } from '../board-cards';
import { applyRowChange } from '../board-data';
import type { BoardWriteApi } from '../board-gateway';
import { insertOrUpdate, type BoardTable, type RowChange } from '../row-change';

/** What a command is made from: the board as the user sees it, and who they are. */
export interface CommandContext {
  data: BoardData;
  userId: string | null;
}

export interface BoardCommand {
  optimistic: (data: BoardData) => BoardData;
  /** Sends the write; resolves with the rows the server confirmed. */
  request: (api: BoardWriteApi) => Promise<RowChange[]>;
  failure: TextKey;
  /** The id of the row the command creates, for the caller (a new card opens, say). */
  createdId?: string;
  /**
   * An in-place change of one row: what the store needs to send the version the edit was based
   * on and to tell a conflict from a harmless overlap (board-store.ts, row versions).
   */
  edits?: EditedRow;
}

/** The row an in-place change edits, and the columns it sets. */
export interface EditedRow {
  table: BoardTable;
  find: (data: BoardData) => object | undefined;
  changes: Record<string, unknown>;
}

/**
 * A new row, shown at once and confirmed by the row the server answers with; its id is the
 * command's `createdId`.
 */
export const create = (
  table: BoardTable,
  row: { id: string },
  send: (api: BoardWriteApi) => Promise<object>,
): BoardCommand => ({
  optimistic: (data) => applyRowChange(data, insertOrUpdate(table, row)),
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure: 'errors.createFailed',
  createdId: row.id,
});

/** A change shown at once whose write answers with no row: the change itself is confirmed. */
export const write = (
  rowChange: RowChange,
  send: (api: BoardWriteApi) => Promise<unknown>,
  failure: TextKey,
): BoardCommand => ({
  optimistic: (data) => applyRowChange(data, rowChange),
  request: async (api) => {
    await send(api);
    return [rowChange];
  },
  failure,
});

/**
 * A row the user changes in place: the changes are merged onto the row as shown at each redraw
 * (so news about its other columns still shows), and the row the server answers with replaces
 * them.
 */
export const change = (
  table: BoardTable,
  find: (data: BoardData) => object | undefined,
  changes: object,
  send: (api: BoardWriteApi) => Promise<object>,
  failure: TextKey = 'errors.saveFailed',
): BoardCommand => ({
  optimistic: (data) => {
    const current = find(data);
    return current ? applyRowChange(data, insertOrUpdate(table, { ...current, ...changes })) : data;
  },
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure,
  edits: { table, find, changes: changes as Record<string, unknown> },
});

type Ordered = Positioned & { id: string };

/**
 * A row placed between two neighbours (named by id, as the user dropped it): one update with
 * the position between them (domain/positions.ts). When their gap is full, the whole list is
 * renumbered first (one RPC) and the row goes between the same neighbours, found by id in the
 * server's answer; the view shows the renumbered list at once. A row that would land between
 * the neighbours it already has (`home` is its container as it lies) writes nothing.
 */
export const place = ({
  table,
  id,
  rows,
  home,
  between,
  changes,
  update,
  renumber,
  failure,
}: {
  table: 'cards' | 'lists';
  id: string;
  /** The target container's rows in order, the placed row included if it lies there. */
  rows: readonly Ordered[];
  /** Whether the row already lies among `rows`. */
  home: boolean;
  between: Between;
  changes: object;
  update: (api: BoardWriteApi, position: number) => Promise<object>;
  renumber: (api: BoardWriteApi) => Promise<Ordered[]>;
  failure: TextKey;
}): BoardCommand | null => {
  const siblings = rows.filter((row) => row.id !== id);
  const { previous, next } = rowsAround(siblings, between);
  if (home) {
    const at = rows.findIndex((row) => row.id === id);
    if (rows[at - 1]?.id === previous?.id && rows[at + 1]?.id === next?.id) return null;
  }
  const find = (data: BoardData) => (table === 'cards' ? cardOf(data, id) : data.lists[id]);
  const placed = (data: BoardData, position: number) => {
    const current = find(data);
    return current
      ? applyRowChange(data, insertOrUpdate(table, { ...current, ...changes, position }))
      : data;
  };
  const position = positionBetween(previous?.position ?? null, next?.position ?? null);
  if (position !== null) {
    return {
      optimistic: (data) => placed(data, position),
      request: async (api) => [insertOrUpdate(table, await update(api, position))],
      failure,
    };
  }
  const positionIn = (renumberedRows: readonly Ordered[]): number => {
    const at = (neighbour: Ordered | null) =>
      neighbour ? (renumberedRows.find((r) => r.id === neighbour.id)?.position ?? null) : null;
    return positionBetween(at(previous), at(next)) ?? positionAtEnd(renumberedRows);
  };
  const local = renumbered(siblings);
  return {
    optimistic: (data) => {
      let nextData = data;
      for (const row of local) {
        const current = table === 'cards' ? cardOf(nextData, row.id) : nextData.lists[row.id];
        if (current) {
          nextData = applyRowChange(
            nextData,
            insertOrUpdate(table, { ...current, position: row.position }),
          );
        }
      }
      return placed(nextData, positionIn(local));
    },
    request: async (api) => {
      const answered = (await renumber(api)).filter((row) => row.id !== id);
      const moved = await update(api, positionIn(answered.length > 0 ? answered : local));
      return [...answered.map((row) => insertOrUpdate(table, row)), insertOrUpdate(table, moved)];
    },
    failure,
  };
};
