// Mentions as people read them: the stored `@[<user id>]` tokens written as the members' current
// names in the history, the board's search and plain text, never as the ids themselves.
import { describe, expect, it } from 'vitest';
import { activitySentence } from '../src/features/activity/activity-sentence';
import type { ActivityEntry } from '../src/features/activity/activity-types';
import { emptyFilters, matchesFilters, mentionToken, renderMentions } from '../src/index';

const MAX = '00000000-0000-4000-8000-00000000000a';
const GONE = '00000000-0000-4000-8000-00000000000c';
let names: Record<string, string> = { [MAX]: 'Max Mustermann' };
const nameOf = (id: string) => names[id];

describe('renderMentions', () => {
  it('writes each mention as @ and the current name, @Unbekannt for someone gone', () => {
    const text = `Frage an ${mentionToken(MAX)} und ${mentionToken(GONE)}: erledigt?`;
    expect(renderMentions(text, nameOf)).toBe('Frage an @Max Mustermann und @Unbekannt: erledigt?');
    // Upper-case ids are the same person.
    expect(renderMentions(`@[${MAX.toUpperCase()}]`, nameOf)).toBe('@Max Mustermann');
    expect(renderMentions('Ohne Erwähnung @[kein-token]', nameOf)).toBe(
      'Ohne Erwähnung @[kein-token]',
    );
  });
});

describe('mentions in the history', () => {
  const comment = (text: string) =>
    ({
      id: '10000000-0000-4000-8000-000000000001',
      board_id: 'b',
      card_id: 'c',
      actor_id: MAX,
      kind: 'comment_added',
      data: { card_title: 'Angebot', after: text },
      created_at: '2026-11-23T10:00:00.000000+00:00',
    }) as ActivityEntry;

  it('quotes a comment with the names, cut after they are written, never showing an id', () => {
    const ctx = { scope: 'card', nameOf } as const;
    expect(activitySentence(comment(`Danke ${mentionToken(MAX)}!`), ctx)).toBe(
      'Max Mustermann hat die Karte kommentiert: „Danke @Max Mustermann!“',
    );
    const long = activitySentence(comment(`${'x'.repeat(70)} ${mentionToken(MAX)}`), ctx);
    expect(long).toContain('@Max Mus…');
    expect(long).not.toContain('@[');
  });
});

describe('searching a board', () => {
  const card = {
    title: 'Angebot',
    description: `Bitte ${mentionToken(MAX)} fragen`,
    assignee_ids: [],
    priority: 'medium',
    label_ids: [],
    due_date: null,
  };
  const search = (text: string, names: (id: string) => string | undefined) =>
    matchesFilters(card, { ...emptyFilters, search: text }, '2026-11-26', names);

  it('finds a mention by the member name, and never by the stored id', () => {
    expect(search('max muster', nameOf)).toBe(true);
    expect(search(MAX.slice(0, 8), nameOf)).toBe(false);
    expect(search('@[', nameOf)).toBe(false);
  });

  it('finds the new name after a rename', () => {
    names = { [MAX]: 'Max Neumann' };
    const renamed = (id: string) => names[id];
    expect(search('neumann', renamed)).toBe(true);
    expect(search('mustermann', renamed)).toBe(false);
  });
});
