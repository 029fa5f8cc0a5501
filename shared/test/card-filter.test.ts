import { describe, expect, it } from 'vitest';
import { dueMatches } from '../src/domain/card-filter';
import { endOfWeek, startOfWeek } from '../src/domain/dates';
import {
  activeFilterCount,
  emptyFilters,
  filtersForBoard,
  hasActiveFilters,
  matchesFilters,
  type CardFilters,
} from '../src/index';

// Thursday, 26 November 2026: its German week runs from Monday the 23rd to Sunday the 29th.
const today = '2026-11-26';

const card = (fields: { label_ids?: string[]; due_date?: string | null; title?: string }) => ({
  title: fields.title ?? 'Angebot schreiben',
  description: '',
  assignee_ids: [],
  priority: 'medium',
  label_ids: fields.label_ids ?? [],
  due_date: fields.due_date ?? null,
});

const only = (filters: Partial<CardFilters>): CardFilters => ({ ...emptyFilters, ...filters });

describe('the German week', () => {
  it('runs from Monday to Sunday, across months and years', () => {
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(startOfWeek('2026-11-26')).toBe('2026-11-23'); // Thursday
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23'); // Sunday belongs to the week before
    expect(startOfWeek('2026-12-02')).toBe('2026-11-30');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
    expect(endOfWeek('2026-11-26')).toBe('2026-11-29');
    expect(endOfWeek('2026-12-30')).toBe('2027-01-03');
  });
});

describe('the due-date filter', () => {
  it("'Überfällig' holds dates before today only", () => {
    expect(dueMatches('2026-11-25', 'overdue', today)).toBe(true);
    expect(dueMatches('2025-01-01', 'overdue', today)).toBe(true);
    expect(dueMatches('2026-11-26', 'overdue', today)).toBe(false);
    expect(dueMatches(null, 'overdue', today)).toBe(false);
  });

  it("'Heute' holds today's date, also when the column carries a time", () => {
    expect(dueMatches('2026-11-26', 'today', today)).toBe(true);
    expect(dueMatches('2026-11-26T00:00:00', 'today', today)).toBe(true);
    expect(dueMatches('2026-11-27', 'today', today)).toBe(false);
    expect(dueMatches(null, 'today', today)).toBe(false);
  });

  it("'Diese Woche' is Monday to Sunday of today's week", () => {
    expect(dueMatches('2026-11-22', 'thisWeek', today)).toBe(false); // last Sunday
    expect(dueMatches('2026-11-23', 'thisWeek', today)).toBe(true); // Monday, overdue as well
    expect(dueMatches('2026-11-26', 'thisWeek', today)).toBe(true);
    expect(dueMatches('2026-11-29', 'thisWeek', today)).toBe(true); // Sunday
    expect(dueMatches('2026-11-30', 'thisWeek', today)).toBe(false); // next Monday
    expect(dueMatches(null, 'thisWeek', today)).toBe(false);
    // On a Sunday the week is the one that ends that day.
    expect(dueMatches('2026-11-23', 'thisWeek', '2026-11-29')).toBe(true);
    expect(dueMatches('2026-11-30', 'thisWeek', '2026-11-29')).toBe(false);
  });

  it("'Ohne Datum' holds the cards without a due date", () => {
    expect(dueMatches(null, 'noDate', today)).toBe(true);
    expect(dueMatches(undefined, 'noDate', today)).toBe(true);
    expect(dueMatches('2026-11-26', 'noDate', today)).toBe(false);
  });

  it("takes today from the viewer's clock when none is given", () => {
    const now = new Date();
    const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(
      now.getDate(),
    ).padStart(2, '0')}`;
    expect(matchesFilters(card({ due_date: local }), only({ due: 'today' }))).toBe(true);
  });
});

describe('label and due date with the other filters', () => {
  it('keeps a card only when it carries the chosen label', () => {
    expect(matchesFilters(card({ label_ids: ['l1', 'l2'] }), only({ labelId: 'l2' }))).toBe(true);
    expect(matchesFilters(card({ label_ids: ['l1'] }), only({ labelId: 'l2' }))).toBe(false);
    expect(matchesFilters(card({}), only({ labelId: 'l2' }))).toBe(false);
  });

  it('combines search, label and due date with AND', () => {
    const filters = only({ search: 'angebot', labelId: 'l1', due: 'overdue' });
    const match = card({ label_ids: ['l1'], due_date: '2026-11-20' });
    expect(matchesFilters(match, filters, today)).toBe(true);
    expect(matchesFilters({ ...match, title: 'Rechnung' }, filters, today)).toBe(false);
    expect(matchesFilters({ ...match, label_ids: ['l2'] }, filters, today)).toBe(false);
    expect(matchesFilters({ ...match, due_date: '2026-11-26' }, filters, today)).toBe(false);
  });

  it('counts every filter that is set, the search included', () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
    expect(hasActiveFilters(only({ labelId: 'l1' }))).toBe(true);
    expect(hasActiveFilters(only({ due: 'noDate' }))).toBe(true);
    expect(activeFilterCount(only({ search: ' x ', labelId: 'l1', due: 'today' }))).toBe(3);
    expect(activeFilterCount(only({ search: '   ' }))).toBe(0);
  });

  it('drops a label of another board, as it drops a person who is not a member', () => {
    const filters = only({ labelId: 'other-board-label', due: 'today' });
    expect(filtersForBoard(filters, [], ['l1'])).toEqual(only({ due: 'today' }));
    const here = only({ labelId: 'l1' });
    expect(filtersForBoard(here, [], ['l1'])).toBe(here);
  });
});
