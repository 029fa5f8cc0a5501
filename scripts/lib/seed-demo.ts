// Seeds the local backend once with a German demo account and a demo board, through the same
// HTTP API and client the app uses (no SQL), so the seed also proves the API works end to end.
// Its rows are made by the same factory as the store's new rows and the tests' fixtures
// (shared/src/domain/new-rows.ts), typed by the generated Database type.
// "Once" means: only when the demo account does not exist yet. A demo user who deletes the demo
// board keeps it deleted across restarts.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../shared/src/kernel/backend/database.types.ts';
import { forInsert, newRow } from '../../shared/src/domain/new-rows.ts';
import { demoAccount } from '../../shared/src/dev/demo-account.ts';

export const teammate = {
  email: 'max@taskflow.local',
  password: 'taskflow-demo',
  fullName: 'Max Mustermann',
} as const;

const client = (url: string, anonKey: string): SupabaseClient<Database> =>
  createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js needs one even if realtime stays unused.
    realtime: { transport: WebSocket as never },
  });

const must = <A extends { data: unknown; error: { message: string } | null }>(
  answer: A,
  what: string,
): A['data'] => {
  if (answer.error) throw new Error(`Seeding failed at "${what}": ${answer.error.message}`);
  return answer.data;
};

const daysFromNow = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
};

export type SeedOutcome = 'seeded' | 'already-seeded';

export const seedDemo = async (url: string, anonKey: string): Promise<SeedOutcome> => {
  const demo = client(url, anonKey);
  const signUp = await demo.auth.signUp({
    email: demoAccount.email,
    password: demoAccount.password,
    options: { data: { full_name: demoAccount.fullName } },
  });
  if (signUp.error) {
    if (/already|registered|exists/i.test(signUp.error.message)) return 'already-seeded';
    throw new Error(`Seeding failed at "sign up": ${signUp.error.message}`);
  }

  // A teammate, so the team and the assignees show more than one person.
  const mate = client(url, anonKey);
  const mateSignUp = await mate.auth.signUp({
    email: teammate.email,
    password: teammate.password,
    options: { data: { full_name: teammate.fullName } },
  });
  const mateExists = !mateSignUp.error;

  must(
    await demo.auth.signInWithPassword({
      email: demoAccount.email,
      password: demoAccount.password,
    }),
    'sign in',
  );
  const me = must(await demo.auth.getUser(), 'read user').user;
  if (!me) throw new Error('Seeding failed: no user after sign-in');

  const board = newRow('boards', { title: 'Website-Relaunch', owner_id: me.id });
  must(await demo.from('boards').insert(forInsert('boards', board)), 'create board');

  let mateId: string | null = null;
  if (mateExists) {
    // An invitation needs the invitee's consent: the teammate accepts it, as in the app.
    must(
      await demo.rpc('invite_board_member', { p_board_id: board.id, p_email: teammate.email }),
      'invite teammate',
    );
    const mateSession = await mate.auth.signInWithPassword({
      email: teammate.email,
      password: teammate.password,
    });
    if (mateSession.data.user) {
      must(
        await mate.rpc('accept_board_invitation', { p_board_id: board.id }),
        'accept the invitation',
      );
      mateId = mateSession.data.user.id;
    }
  }

  const labels = [
    newRow('board_labels', {
      board_id: board.id,
      name: 'Design',
      color: 'bg-purple-100 text-purple-800',
    }),
    newRow('board_labels', {
      board_id: board.id,
      name: 'Frontend',
      color: 'bg-blue-100 text-blue-800',
    }),
    newRow('board_labels', {
      board_id: board.id,
      name: 'Inhalt',
      color: 'bg-green-100 text-green-800',
    }),
    newRow('board_labels', {
      board_id: board.id,
      name: 'Fehler',
      color: 'bg-red-100 text-red-800',
    }),
  ];
  must(
    await demo.from('board_labels').insert(labels.map((l) => forInsert('board_labels', l))),
    'create labels',
  );
  const label = (name: string) => labels.find((l) => l.name === name)?.id as string;

  const lists = ['Zu erledigen', 'In Arbeit', 'Erledigt'].map((title, index) =>
    newRow('lists', { board_id: board.id, title, position: (index + 1) * 1024 }),
  );
  must(await demo.from('lists').insert(lists.map((l) => forInsert('lists', l))), 'create lists');
  const list = (title: string) => lists.find((l) => l.title === title)?.id as string;

  const cardSpecs = [
    {
      list: 'Zu erledigen',
      title: 'Startseite neu gestalten',
      description: 'Hero-Bereich, Navigation und Footer nach dem neuen Styleguide umsetzen.',
      priority: 'high',
      due: 7,
      labels: ['Design', 'Frontend'],
      assignees: ['me'],
      checklist: [
        ['Entwürfe abstimmen', true],
        ['Komponenten bauen', false],
        ['Barrierefreiheit prüfen', false],
      ],
      comment: 'Die Entwürfe liegen im Team-Ordner.',
    },
    {
      list: 'Zu erledigen',
      title: 'Texte für die Produktseiten',
      description: 'Kurze, klare Texte für alle fünf Produktseiten.',
      priority: 'medium',
      due: 14,
      labels: ['Inhalt'],
      assignees: ['mate'],
      checklist: [],
      comment: null,
    },
    {
      list: 'In Arbeit',
      title: 'Kontaktformular reparieren',
      description: 'Das Formular verschickt bei Umlauten im Namen keine E-Mail.',
      priority: 'urgent',
      due: 1,
      labels: ['Fehler', 'Frontend'],
      assignees: ['me', 'mate'],
      checklist: [
        ['Fehler nachstellen', true],
        ['Kodierung korrigieren', false],
      ],
      comment: 'Betrifft nur Safari, soweit ich sehe.',
    },
    {
      list: 'Erledigt',
      title: 'Farbpalette festlegen',
      description: '',
      priority: 'low',
      due: null,
      labels: ['Design'],
      assignees: ['me'],
      checklist: [['Kontraste prüfen', true]],
      comment: null,
    },
  ] as const;

  const positions: Record<string, number> = {};
  for (const spec of cardSpecs) {
    const listId = list(spec.list);
    positions[listId] = (positions[listId] ?? 0) + 1024;
    const card = newRow('cards', {
      list_id: listId,
      board_id: board.id,
      title: spec.title,
      description: spec.description,
      priority: spec.priority,
      due_date: spec.due === null ? null : daysFromNow(spec.due),
      position: positions[listId],
    });
    must(await demo.from('cards').insert(forInsert('cards', card)), 'create card');
    const assignees = spec.assignees
      .map((who) => (who === 'me' ? me.id : mateId))
      .filter((id): id is string => !!id);
    if (assignees.length > 0) {
      must(
        await demo
          .from('card_assignees')
          .insert(assignees.map((user_id) => ({ card_id: card.id, user_id }))),
        'assign card',
      );
    }
    must(
      await demo
        .from('card_tags')
        .insert(spec.labels.map((name) => ({ card_id: card.id, label_id: label(name) }))),
      'tag card',
    );
    if (spec.checklist.length > 0) {
      must(
        await demo.from('card_checklist_items').insert(
          spec.checklist.map(([text, completed], index) =>
            forInsert(
              'card_checklist_items',
              newRow('card_checklist_items', {
                card_id: card.id,
                text,
                completed,
                position: (index + 1) * 1024,
              }),
            ),
          ),
        ),
        'add subtasks',
      );
    }
    if (spec.comment) {
      must(
        await demo
          .from('card_comments')
          .insert(
            forInsert(
              'card_comments',
              newRow('card_comments', { card_id: card.id, user_id: me.id, text: spec.comment }),
            ),
          ),
        'add comment',
      );
    }
  }
  await demo.auth.signOut();
  return 'seeded';
};
