import { describe, expect, it } from 'vitest';
import {
  avatarColor,
  avatarInitials,
  defaultLabelColor,
  formatDate,
  labelColorFor,
  labelColorName,
  labelColors,
  filtersForBoard,
  matchesFilters,
  normalizePriority,
  positionAtEnd,
  positionBetween,
  rowsAround,
  priorityName,
  subtaskProgress,
  t,
} from '../src/index';

describe('priority', () => {
  it('names the four priorities in German', () => {
    expect(['low', 'medium', 'high', 'urgent'].map(priorityName)).toEqual([
      'Niedrig',
      'Mittel',
      'Hoch',
      'Dringend',
    ]);
  });

  it('shows an unknown or missing priority as medium', () => {
    expect(normalizePriority('critical')).toBe('medium');
    expect(priorityName(undefined)).toBe('Mittel');
    expect(priorityName(null)).toBe('Mittel');
  });
});

describe('label colours', () => {
  it('offers the eight colours with German names, blue first and by default', () => {
    expect(labelColors.map((c) => labelColorName(c.key))).toEqual([
      'Blau',
      'Grün',
      'Gelb',
      'Rot',
      'Lila',
      'Pink',
      'Indigo',
      'Grau',
    ]);
    expect(defaultLabelColor.key).toBe('blue');
    expect(defaultLabelColor.className).toBe('bg-blue-100 text-blue-800');
  });

  it('maps a stored class pair back to its colour and an unknown one to blue', () => {
    expect(labelColorFor('bg-red-100 text-red-800').key).toBe('red');
    expect(labelColorFor('bg-chartreuse-100').key).toBe('blue');
  });
});

describe('avatars', () => {
  it('takes at most two initials, uppercase', () => {
    expect(avatarInitials('anna maria schmidt')).toBe('AM');
    expect(avatarInitials('  jörg ')).toBe('J');
    expect(avatarInitials('Özlem Yılmaz')).toBe('ÖY');
  });

  it("shows '?' without a name", () => {
    expect(avatarInitials('')).toBe('?');
    expect(avatarInitials('   ')).toBe('?');
    expect(avatarInitials(null)).toBe('?');
  });

  it('cycles six colours by profile index', () => {
    const colours = [0, 1, 2, 3, 4, 5].map(avatarColor);
    // The spec's order: blue, green, purple, orange, pink, indigo.
    expect(colours).toEqual(
      ['blue', 'green', 'purple', 'orange', 'pink', 'indigo'].map((hue) => `bg-${hue}-700`),
    );
    expect(avatarColor(6)).toBe('bg-blue-700');
    expect(avatarColor(13)).toBe('bg-green-700');
  });
});

describe('subtask progress', () => {
  it('is the rounded percent of completed subtasks', () => {
    const items = (done: number, total: number) =>
      Array.from({ length: total }, (_, i) => ({ completed: i < done }));
    expect(subtaskProgress(items(1, 3))).toBe(33);
    expect(subtaskProgress(items(2, 3))).toBe(67);
    expect(subtaskProgress(items(3, 3))).toBe(100);
    expect(subtaskProgress([])).toBe(0);
  });
});

describe('card filter', () => {
  const card = {
    title: 'Angebot schreiben',
    description: 'Für den Kunden Müller',
    assignee_ids: ['u1'],
    priority: 'high',
    label_ids: [],
    due_date: null,
  };
  const none = { search: '', assigneeId: '', priority: '', labelId: '', due: '' } as const;

  it('matches title or description, ignoring case', () => {
    expect(matchesFilters(card, { ...none, search: 'ANGEBOT' })).toBe(true);
    expect(matchesFilters(card, { ...none, search: 'müller' })).toBe(true);
    expect(matchesFilters(card, { ...none, search: 'rechnung' })).toBe(false);
  });

  it('combines search, assignee and priority', () => {
    const by = (assigneeId: string, priority: 'high' | 'low') => ({
      ...none,
      search: 'angebot',
      assigneeId,
      priority,
    });
    expect(matchesFilters(card, by('u1', 'high'))).toBe(true);
    expect(matchesFilters(card, by('u2', 'high'))).toBe(false);
    expect(matchesFilters(card, by('u1', 'low'))).toBe(false);
  });

  it('drops a person filter for someone who is not on the board', () => {
    const byMax = { ...none, search: 'angebot', assigneeId: 'u2', priority: 'high' } as const;
    expect(filtersForBoard(byMax, ['u1', 'u2'], [])).toBe(byMax);
    expect(filtersForBoard(byMax, ['u1'], [])).toEqual({ ...byMax, assigneeId: '' });
    expect(matchesFilters(card, filtersForBoard(byMax, ['u1'], []))).toBe(true);
  });

  it('treats an unknown priority as medium when filtering', () => {
    expect(matchesFilters({ ...card, priority: 'weird' }, { ...none, priority: 'medium' })).toBe(
      true,
    );
  });
});

describe('dates', () => {
  it('formats a due date in German', () => {
    expect(formatDate('2025-03-07')).toBe('07.03.2025');
    expect(formatDate(null)).toBe('');
  });
});

describe('positions', () => {
  const at = (position: number, id = '') => ({ id, position, created_at: '2025-01-01T00:00:00Z' });

  it('puts new items at the end with room to spare', () => {
    expect(positionAtEnd([])).toBe(1024);
    expect(positionAtEnd([at(1024), at(3072)])).toBe(4096);
  });

  it('places a moved item between its neighbours', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(null, 1024)).toBe(0);
    expect(positionBetween(1024, null)).toBe(2048);
    const siblings = [at(1024, 'a'), at(2048, 'b'), at(3072, 'c')];
    const between = (after: string | null, before: string | null) => {
      const { previous, next } = rowsAround(siblings, { after, before });
      return positionBetween(previous?.position ?? null, next?.position ?? null);
    };
    expect(between(null, 'a')).toBeLessThan(1024);
    expect(between('a', 'b')).toBe(1536);
    expect(between('c', null)).toBe(4096);
  });
});

describe('text catalogue', () => {
  it('holds the spec strings and fills placeholders', () => {
    expect(t('app.loading')).toBe('Lade TaskFlow...');
    expect(t('boards.team', { count: 3 })).toBe('Team (3)');
    expect(t('team.invited', { email: 'a@b.de' })).toBe(
      'Einladung an a@b.de gesendet. Die Person wird Mitglied, sobald sie sich registriert.',
    );
  });

  it('refuses an unknown key in development', () => {
    expect(() => t('nope.missing' as never)).toThrow(/Unknown text key/);
  });
});
