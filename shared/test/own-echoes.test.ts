import { describe, expect, it } from 'vitest';
import { OwnEchoes, sameRow } from '../src/features/board/own-echoes';
import { deletion, insertOrUpdate } from '../src/features/board/row-change';

const cardRow = (extra: Record<string, unknown>) =>
  insertOrUpdate('cards', { id: 'c1', title: 'Karte', ...extra });

describe('recognising the echo of an own write', () => {
  it('matches the same row whatever format realtime gives its timestamps and numbers', () => {
    const answered = cardRow({ created_at: '2026-11-23T10:00:00.123+00:00', position: 1024 });
    const echo = cardRow({ created_at: '2026-11-23 10:00:00.123+00', position: '1024' });
    expect(sameRow(echo, answered)).toBe(true);
  });

  it('does not take an earlier state of the row for the echo', () => {
    expect(sameRow(cardRow({ due_date: null }), cardRow({ due_date: '2026-12-24' }))).toBe(false);
    expect(sameRow(deletion('cards', { id: 'c1' }), cardRow({}))).toBe(false);
  });

  it('draws a waiting row over older news, and lets go of it at its echo', () => {
    const echoes = new OwnEchoes();
    const second = cardRow({ priority: 'high', due_date: '2026-12-24' });
    echoes.expect(cardRow({ priority: 'high' }));
    echoes.expect(second);
    expect(echoes.heard(1, cardRow({ priority: 'high' }))).toBe(second);
    expect(echoes.heard(2, second)).toBeUndefined();
    expect(echoes.heard(3, cardRow({ title: 'Von Kollegin' }))).toBeUndefined();
  });

  it('gives way to the news once an echo has been awaited too long', () => {
    let now = 0;
    const echoes = new OwnEchoes(() => now);
    echoes.expect(cardRow({ priority: 'high' }));
    now = 10_000;
    expect(echoes.heard(1, cardRow({ priority: 'low' }))).toBeUndefined();
  });
});
