/**
 * The board store's own work for one drop on a big board, without a browser: what the page
 * does on the main thread between the drop and the columns' data, apart from rendering.
 * README 'Board performance' (10,000 cards) has the figures.
 *
 *   node --import tsx bench/board-store.ts [--cards 10000] [--moves 40]
 *
 * Data: one board of `--cards` cards in 5 lists, held by the real BoardStore on the in-memory
 * gateway (@taskflow/shared/testing: every write answers at once with the stored row). Each
 * move takes a card from the top of list 1 to the bottom of list 3, as the bench's drag in
 * bench/board.ts does, and times three steps, each followed by the grouping the columns read
 * (selectCardsByList): the drop (the optimistic patch published), the server's answer (the
 * patch gives way to the row), and the row's echo over realtime. Printed: median and max per
 * step over the moves, after 5 unmeasured ones.
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import { BoardStore } from '../shared/src/features/board/board-store';
import { selectCardsByList } from '../shared/src/features/board/selectors';
import { createMemoryGateway } from '../shared/src/testing/memory-gateway';
import { newCard, newMember, newRow } from '../shared/src/domain/new-rows';
import type { BoardSnapshot } from '../shared/src/domain/types';
import { median } from './support/bench-users.ts';

const { values: args } = parseArgs({
  options: {
    cards: { type: 'string', default: '10000' },
    moves: { type: 'string', default: '40' },
  },
});
const cardCount = Number(args.cards);
const moves = Number(args.moves);
const boardId = 'bench-board';
const userId = 'bench-user';
const at = '2026-01-01T00:00:00Z';

const lists = Array.from({ length: 5 }, (_, i) =>
  newRow('lists', {
    id: `list-${i}`,
    board_id: boardId,
    title: `Liste ${i + 1}`,
    position: (i + 1) * 1024,
    created_at: at,
  }),
);
const snapshot: BoardSnapshot = {
  board: newRow('boards', { id: boardId, title: 'Bench', owner_id: userId, created_at: at }),
  members: [
    newMember({ id: 'member', board_id: boardId, user_id: userId, role: 'owner', created_at: at }),
  ],
  labels: [],
  lists,
  cards: Array.from({ length: cardCount }, (_, i) =>
    newCard({
      id: `card-${String(i).padStart(6, '0')}`,
      board_id: boardId,
      list_id: lists[i % 5]!.id,
      title: `Aufgabe ${i}`,
      position: (Math.floor(i / 5) + 1) * 1024,
      created_at: at,
    }),
  ),
};

const memory = createMemoryGateway(snapshot, userId);
const store = new BoardStore(memory.gateway);
store.open(boardId);
while (store.getState().status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 5));

const group = () => selectCardsByList(store.getState().data!);
const times = { drop: [] as number[], answer: [] as number[], echo: [] as number[] };
group();
for (let i = 0; i < moves + 5; i += 1) {
  const byList = group();
  const card = byList[lists[0]!.id]![0]!;
  const last = byList[lists[2]!.id]!.at(-1)!;
  let start = performance.now();
  const moving = store.moveCard(card.id, { listId: lists[2]!.id, after: last.id, before: null });
  group();
  const drop = performance.now() - start;
  // The answer comes as a microtask chain; the time until it is in counts its work only.
  await Promise.resolve();
  start = performance.now();
  await moving;
  group();
  const answer = performance.now() - start;
  const row = group()[lists[2]!.id]!.find((c) => c.id === card.id)!;
  start = performance.now();
  memory.push({ table: 'cards', eventType: 'UPDATE', new: { ...row }, old: {} });
  group();
  const echo = performance.now() - start;
  if (i >= 5) {
    times.drop.push(drop);
    times.answer.push(answer);
    times.echo.push(echo);
  }
}
store.close();

const show = (values: number[]) =>
  `${median(values).toFixed(2)} ms (max ${Math.max(...values).toFixed(2)})`;
console.log(
  `${cardCount.toLocaleString('en')} cards, ${moves} moves; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
console.log(`drop (patch shown):      ${show(times.drop)}`);
console.log(`server's answer (settle): ${show(times.answer)}`);
console.log(`echo (realtime):          ${show(times.echo)}`);
