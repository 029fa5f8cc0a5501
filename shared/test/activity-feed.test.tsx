import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../src/testing/component-test-setup';
import { ActivityFeed } from '../src/features/activity/activity-feed';
import type { ActivityEntry } from '../src/features/activity/activity-types';
import { createUseActivity } from '../src/features/activity/use-activity';
import { createMemoryActivity, type MemoryActivity } from '../src/testing/memory-activity';

const BOARD = 'b0000000-0000-4000-8000-000000000001';
const CARD = 'c0000000-0000-4000-8000-000000000001';
const MAX = 'a0000000-0000-4000-8000-000000000001';
const start = Date.parse('2026-11-23T08:00:00Z');

/** Entry n of a card's history, n seconds after 08:00; titles tell them apart. */
const renamed = (n: number, cardId = CARD): ActivityEntry => ({
  id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  board_id: BOARD,
  card_id: cardId,
  actor_id: MAX,
  kind: 'card_renamed',
  data: { before: `Titel ${n - 1}`, after: `Titel ${n}`, card_title: `Titel ${n}` },
  created_at: new Date(start + n * 1000).toISOString().replace('Z', '000+00:00'),
});

let memory: MemoryActivity;

const Feed = ({ cardId }: { cardId?: string }) => {
  const feed = useActivityHook({ boardId: BOARD, cardId });
  return (
    <ActivityFeed
      feed={feed}
      scope={cardId ? 'card' : 'board'}
      nameOf={(id) => (id === MAX ? 'Max Mustermann' : undefined)}
      label="Verlauf"
    />
  );
};
let useActivityHook: ReturnType<typeof createUseActivity>;

const items = () => within(screen.getByRole('list', { name: 'Verlauf' })).getAllByRole('listitem');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  // 120 entries of this card, and some of another card that its history must not show.
  memory = createMemoryActivity([
    ...Array.from({ length: 120 }, (_, i) => renamed(i + 1)),
    renamed(500, 'c0000000-0000-4000-8000-00000000000f'),
  ]);
  useActivityHook = createUseActivity(memory.gateway);
});
afterEach(() => {
  vi.useRealTimers();
});

// Rendering 120 entries takes seconds on a loaded two-core machine.
describe('ActivityFeed', { timeout: 20_000 }, () => {
  it('shows the newest 50 first and appends older pages on demand, 50 at a time', async () => {
    render(<Feed cardId={CARD} />);
    await waitFor(() => expect(items()).toHaveLength(50));
    expect(items()[0]!.textContent).toContain(
      'Max Mustermann hat die Karte in „Titel 120“ umbenannt · vor 58 Minuten',
    );
    expect(items()[49]!.textContent).toContain('„Titel 71“');

    fireEvent.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    await waitFor(() => expect(items()).toHaveLength(100));
    expect(items()[50]!.textContent).toContain('„Titel 70“');
    fireEvent.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    await waitFor(() => expect(items()).toHaveLength(120));
    expect(items()[119]!.textContent).toContain('„Titel 1“');
    expect(screen.queryByRole('button', { name: 'Ältere Einträge laden' })).toBeNull();
    expect(screen.getByText('Keine älteren Einträge.')).toBeTruthy();
    expect(screen.queryByText(/Titel 500/)).toBeNull();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      render(<Feed cardId={CARD} />);
      await waitFor(() => expect(items()).toHaveLength(50));
      act(() => observed.at(-1)!([{ isIntersecting: true }]));
      await waitFor(() => expect(items()).toHaveLength(100));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('prepends a live entry once, whatever order and how often it arrives', async () => {
    render(<Feed cardId={CARD} />);
    await waitFor(() => expect(items()).toHaveLength(50));
    const live: ActivityEntry = {
      ...renamed(121),
      kind: 'card_moved',
      data: { card_title: 'Titel 120', before_title: 'Zu erledigen', after_title: 'In Arbeit' },
      created_at: new Date().toISOString(),
    };
    act(() => memory.record(live));
    act(() => memory.record(live));
    expect(items()).toHaveLength(51);
    expect(items()[0]!.textContent).toContain(
      'Max Mustermann hat die Karte von „Zu erledigen“ nach „In Arbeit“ verschoben · gerade eben',
    );
    // Another card's entry does not reach this card's history.
    act(() => memory.record({ ...renamed(122, 'c0000000-0000-4000-8000-00000000000f') }));
    expect(items()).toHaveLength(51);
  });

  it("the board's feed names the card and shows every card's entries", async () => {
    render(<Feed />);
    await waitFor(() => expect(items()).toHaveLength(50));
    expect(items()[0]!.textContent).toContain('hat die Karte „Titel 499“ in „Titel 500“ umbenannt');
  });

  it('offers a retry when the first page cannot be read', async () => {
    let online = false;
    useActivityHook = createUseActivity({
      ...memory.gateway,
      fetchPage: async () => {
        if (!online) throw new Error('offline');
        return [];
      },
    });
    render(<Feed cardId={CARD} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Die Aktivität konnte nicht geladen werden.',
    );
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Noch keine Aktivität.')).toBeTruthy();
  });
});
