/**
 * A board of many cards written straight into the database (one transaction, set-based SQL),
 * for tests and benches that need the size, not the way there: seeding 4,000 cards through
 * supabase-js takes a minute on PGlite, this a few seconds. The shape follows
 * bench/support/bench-board.ts (5 lists, 6 labels, a third of the cards tagged, 40 % assigned,
 * a fifth with 3 subtasks, a tenth with 2 comments), so the snapshot has the same size.
 * Triggers run as they would for the owner (`request.jwt.claims` names them).
 */
import type { Db } from '../../src/db/types.ts';

export const seedBigBoard = async (
  db: Db,
  { ownerId, memberId, cards }: { ownerId: string; memberId: string; cards: number },
): Promise<string> => {
  const boardId = await db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: ownerId, role: 'authenticated' }),
    ]);
    const [board] = (
      await tx.query<{ id: string }>(
        `insert into public.boards (title, owner_id) values ($1, $2) returning id`,
        [`Groß ${cards}`, ownerId],
      )
    ).rows;
    const boardId = board!.id;
    await tx.query(`insert into public.board_members (board_id, user_id) values ($1, $2)`, [
      boardId,
      memberId,
    ]);
    await tx.query(
      `insert into public.lists (board_id, title, position)
         select $1, 'Liste ' || n, n * 1024 from generate_series(1, 5) n`,
      [boardId],
    );
    await tx.query(
      `insert into public.board_labels (board_id, name, color)
         select $1, 'Etikett ' || n,
                format('bg-%s-100 text-%s-800', c, c)
           from unnest(array['blue','green','yellow','red','purple','pink']) with ordinality as t(c, n)`,
      [boardId],
    );
    await tx.query(
      `with lists as (
         select id, row_number() over (order by position) - 1 as k
           from public.lists where board_id = $1
       )
       insert into public.cards (list_id, board_id, title, description, priority, due_date, position)
       select l.id, $1,
              'Aufgabe ' || (i + 1) || ': ' ||
                (array['Texte prüfen','Design abstimmen','Fehler beheben','Daten migrieren'])[i % 4 + 1],
              case when i % 3 = 0 then 'Eine Beschreibung mit etwas Text, wie Teams sie schreiben.' else '' end,
              (array['low','medium','high','urgent'])[i % 4 + 1],
              case when i % 5 = 0 then make_date(2026, 12, i % 28 + 1) end,
              (i / 5 + 1) * 1024
         from generate_series(0, $2 - 1) i
         join lists l on l.k = i % 5`,
      [boardId, cards],
    );
    await tx.query(
      `with numbered as (
         select id, row_number() over (order by position, title) - 1 as i
           from public.cards where board_id = $1
       ), labels as (
         select id, row_number() over (order by name) - 1 as k
           from public.board_labels where board_id = $1
       )
       insert into public.card_tags (card_id, label_id)
       select n.id, l.id from numbered n join labels l on l.k = (n.i / 3) % 6 where n.i % 3 = 0`,
      [boardId],
    );
    await tx.query(
      `with numbered as (
         select id, row_number() over (order by position, title) - 1 as i
           from public.cards where board_id = $1
       )
       insert into public.card_assignees (card_id, user_id)
       select id, case when i % 2 = 0 then $2::uuid else $3::uuid end
         from numbered where i % 5 < 2`,
      [boardId, ownerId, memberId],
    );
    await tx.query(
      `with numbered as (
         select id, row_number() over (order by position, title) - 1 as i
           from public.cards where board_id = $1
       )
       insert into public.card_checklist_items (card_id, text, completed, position)
       select id, 'Schritt ' || s, s = 1, s * 1024
         from numbered, generate_series(1, 3) s where i % 5 = 0`,
      [boardId],
    );
    await tx.query(
      `with numbered as (
         select id, row_number() over (order by position, title) - 1 as i
           from public.cards where board_id = $1
       )
       insert into public.card_comments (card_id, user_id, text)
       select id, $2, 'Kommentar ' || s
         from numbered, generate_series(1, 2) s where i % 10 = 0`,
      [boardId, ownerId],
    );
    return boardId;
  });
  // On PGlite the seeding held this thread, on a loaded machine for over a minute: the HTTP
  // keep-alive timers that fell due meanwhile (the client's and the server's) must run before
  // the next request, or it goes out on a socket the server is closing (ECONNRESET).
  if (db.kind === 'pglite') await new Promise((resolve) => setTimeout(resolve, 500));
  return boardId;
};
