import { describe, expect, it } from 'vitest';
import {
  activityLine,
  activitySentence,
  relativeTime,
  type SentenceContext,
} from '../src/features/activity/activity-sentence';
import type { ActivityEntry } from '../src/features/activity/activity-types';

const MAX = '00000000-0000-4000-8000-00000000000a';
const ERIKA = '00000000-0000-4000-8000-00000000000b';
const GONE = '00000000-0000-4000-8000-00000000000c';

const names: Record<string, string> = { [MAX]: 'Max Mustermann', [ERIKA]: 'Erika Musterfrau' };
const board: SentenceContext = { scope: 'board', nameOf: (id) => names[id] };
const card: SentenceContext = { ...board, scope: 'card' };

const entry = (kind: string, data: Record<string, unknown>, actor: string | null = MAX) =>
  ({
    id: '10000000-0000-4000-8000-000000000001',
    board_id: 'b',
    card_id: 'c',
    actor_id: actor,
    kind,
    data: { card_title: 'Angebot', ...data },
    created_at: '2026-11-23T10:00:00.000000+00:00',
  }) as ActivityEntry;

describe('activity sentences', () => {
  it('phrases an import as one entry, with the number of cards in singular and plural', () => {
    const imported = (cards: unknown) =>
      activitySentence(
        { ...entry('board_imported', { board_title: 'Umzug', lists: 3, cards }), card_id: null },
        board,
      );
    expect(imported(5000)).toBe(
      'Max Mustermann hat das Board aus einer Datei importiert (5.000 Karten)',
    );
    expect(imported(1)).toBe('Max Mustermann hat das Board aus einer Datei importiert (1 Karte)');
    expect(imported(0)).toBe('Max Mustermann hat das Board aus einer Datei importiert (0 Karten)');
    expect(imported(undefined)).toBe(
      'Max Mustermann hat das Board aus einer Datei importiert (0 Karten)',
    );
    const byGone = entry('board_imported', { cards: 2, actor_name: 'Alte Importeurin' }, GONE);
    expect(activitySentence(byGone, board)).toBe(
      'Alte Importeurin hat das Board aus einer Datei importiert (2 Karten)',
    );
  });

  it("phrases a move as the issue's example, in the card and on the board", () => {
    const move = entry('card_moved', { before_title: 'Zu erledigen', after_title: 'In Arbeit' });
    const fiveMinutesLater = new Date('2026-11-23T10:05:00Z');
    expect(activityLine(move, card, fiveMinutesLater)).toBe(
      'Max Mustermann hat die Karte von „Zu erledigen“ nach „In Arbeit“ verschoben · vor 5 Minuten',
    );
    expect(activitySentence(move, board)).toBe(
      'Max Mustermann hat die Karte „Angebot“ von „Zu erledigen“ nach „In Arbeit“ verschoben',
    );
  });

  it('phrases every kind the database records', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['card_created', { list_title: 'Offen' }, 'hat die Karte „Angebot“ in „Offen“ erstellt'],
      ['card_renamed', { before: 'Alt', after: 'Neu' }, 'hat die Karte „Alt“ in „Neu“ umbenannt'],
      ['card_deleted', {}, 'hat die Karte „Angebot“ gelöscht'],
      ['card_restored', {}, 'hat die Karte „Angebot“ wiederhergestellt'],
      [
        'card_due_date',
        { before: null, after: '2026-12-24' },
        'hat das Fälligkeitsdatum der Karte „Angebot“ auf den 24.12.2026 gesetzt',
      ],
      [
        'card_due_date',
        { before: '2026-12-24', after: null },
        'hat das Fälligkeitsdatum der Karte „Angebot“ entfernt',
      ],
      [
        'card_priority',
        { before: 'medium', after: 'urgent' },
        'hat die Priorität der Karte „Angebot“ von „Mittel“ auf „Dringend“ geändert',
      ],
      ['card_description', {}, 'hat die Beschreibung der Karte „Angebot“ geändert'],
      [
        'assignee_added',
        { user_id: ERIKA, user_name: 'E.' },
        'hat Erika Musterfrau der Karte „Angebot“ zugewiesen',
      ],
      ['assignee_added', { user_id: MAX }, 'hat sich der Karte „Angebot“ zugewiesen'],
      [
        'assignee_removed',
        { user_id: GONE, user_name: 'Otto Ehemalig' },
        'hat Otto Ehemalig von der Karte „Angebot“ entfernt',
      ],
      [
        'label_added',
        { label_name: 'Dringend' },
        'hat der Karte „Angebot“ das Label „Dringend“ hinzugefügt',
      ],
      [
        'label_removed',
        { label_name: 'Dringend' },
        'hat das Label „Dringend“ von der Karte „Angebot“ entfernt',
      ],
      [
        'subtask_added',
        { subtask_text: 'Entwurf' },
        'hat der Karte „Angebot“ die Unteraufgabe „Entwurf“ hinzugefügt',
      ],
      [
        'subtask_changed',
        { subtask_text: 'Entwurf', changes: { completed: { before: false, after: true } } },
        'hat die Unteraufgabe „Entwurf“ der Karte „Angebot“ als erledigt markiert',
      ],
      [
        'subtask_changed',
        { subtask_text: 'Entwurf', changes: { completed: { before: true, after: false } } },
        'hat die Unteraufgabe „Entwurf“ der Karte „Angebot“ wieder geöffnet',
      ],
      [
        'subtask_changed',
        { subtask_text: 'Entwurf', changes: { text: { before: 'E', after: 'Entwurf' } } },
        'hat die Unteraufgabe „Entwurf“ der Karte „Angebot“ geändert',
      ],
      [
        'subtask_removed',
        { subtask_text: 'Entwurf' },
        'hat die Unteraufgabe „Entwurf“ von der Karte „Angebot“ entfernt',
      ],
      ['comment_added', { after: 'Passt so.' }, 'hat die Karte „Angebot“ kommentiert: „Passt so.“'],
      ['comment_edited', {}, 'hat einen Kommentar der Karte „Angebot“ bearbeitet'],
      ['comment_removed', {}, 'hat einen Kommentar der Karte „Angebot“ gelöscht'],
      ['list_created', { list_title: 'Offen' }, 'hat die Liste „Offen“ angelegt'],
      [
        'list_renamed',
        { before: 'Offen', after: 'Backlog' },
        'hat die Liste „Offen“ in „Backlog“ umbenannt',
      ],
      ['list_deleted', { list_title: 'Offen' }, 'hat die Liste „Offen“ gelöscht'],
      ['member_added', { user_id: ERIKA }, 'hat Erika Musterfrau zum Board eingeladen'],
      ['member_added', { user_id: MAX }, 'ist dem Board beigetreten'],
      ['member_removed', { user_id: ERIKA }, 'hat Erika Musterfrau aus dem Board entfernt'],
      ['member_removed', { user_id: MAX }, 'hat das Board verlassen'],
    ];
    for (const [kind, data, rest] of cases) {
      expect(activitySentence(entry(kind, data), board), kind).toBe(`Max Mustermann ${rest}`);
    }
  });

  it('phrases a changed card field by its label in the catalogue, or by its name', () => {
    const changed = (data: Record<string, unknown>, ctx = board) =>
      activitySentence(entry('card_field_changed', data), ctx);
    expect(changed({ field: 'title', before: 'Alt', after: 'Neu' })).toBe(
      'Max Mustermann hat das Feld „Titel“ der Karte „Angebot“ von „Alt“ auf „Neu“ geändert',
    );
    expect(changed({ field: 'story_points', before: null, after: 1500 }, card)).toBe(
      'Max Mustermann hat das Feld „story_points“ der Karte auf „1.500“ gesetzt',
    );
    expect(changed({ field: 'due_date', before: '2026-12-24', after: '2027-01-15' }, card)).toBe(
      'Max Mustermann hat das Feld „Fälligkeitsdatum“ der Karte von „24.12.2026“ auf „15.01.2027“ geändert',
    );
    expect(changed({ field: 'flagged', before: false, after: true }, card)).toBe(
      'Max Mustermann hat das Feld „flagged“ der Karte von „nein“ auf „ja“ geändert',
    );
    expect(changed({ field: 'story_points', before: 3, after: null }, card)).toBe(
      'Max Mustermann hat das Feld „story_points“ der Karte entfernt',
    );
  });

  it('names an unknown actor, a departed one by the stored name, and cuts long comments', () => {
    expect(activitySentence(entry('card_deleted', {}, null), card)).toBe(
      'Jemand hat die Karte gelöscht',
    );
    expect(activitySentence(entry('card_deleted', { actor_name: 'Otto' }, GONE), card)).toBe(
      'Otto hat die Karte gelöscht',
    );
    const long = activitySentence(entry('comment_added', { after: 'x'.repeat(200) }), card);
    expect(long).toBe(`Max Mustermann hat die Karte kommentiert: „${'x'.repeat(79)}…“`);
  });

  it('says when in German, relative to now', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(relativeTime('2026-11-23T11:59:30Z', now)).toBe('gerade eben');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('vor 5 Minuten');
    expect(relativeTime('2026-11-23T09:00:00Z', now)).toBe('vor 3 Stunden');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('gestern');
    expect(relativeTime('2026-11-02T12:00:00Z', now)).toBe('vor 3 Wochen');
    expect(relativeTime('2025-11-23T12:00:00Z', now)).toBe('letztes Jahr');
  });
});
