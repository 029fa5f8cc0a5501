// Arranging the board in real Chromium against the built apps: cards reordered in and
// across lists by mouse and by keyboard, lists renamed, reordered and deleted; a second member
// sees every change live, and the order survives a reload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { see } from './support/page-helpers.ts';

const env = useEnvironment();

const list = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

const demoTitles = [
  'Startseite neu gestalten',
  'Texte für die Produktseiten',
  'Kontaktformular reparieren',
  'Farbpalette festlegen',
];

/** The demo cards of a list as shown, top to bottom (a tile shows labels before its title). */
const titlesIn = async (page: Page, title: string): Promise<string[]> =>
  (await list(page, title).getByRole('list').getByRole('button').allInnerTexts()).map(
    (text) => demoTitles.find((known) => text.includes(known)) ?? text,
  );

/** What a screen reader hears: dnd-kit's live region is in the page, though not on screen. */
const heard = (page: Page, text: RegExp) =>
  page.getByText(text).first().waitFor({ state: 'attached' });

/** The list titles as shown, left to right. */
const listTitles = (page: Page): Promise<string[]> =>
  page
    .getByTestId('board-columns')
    .getByRole('region')
    .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label') ?? ''));

/** Polls until the order matches: what a user sees once the change has arrived. */
const eventually = async (read: () => Promise<unknown>, expected: unknown, timeout = 10_000) => {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    last = await read();
    try {
      assert.deepEqual(last, expected);
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const card = (page: Page, title: string) =>
  page.getByTestId('board-columns').getByRole('button', { name: new RegExp(title) });

/** Where a dragged card lands above `target`: the middle of its top edge. */
const topOf = async (target: Locator): Promise<{ x: number; y: number }> => {
  const box = await target.boundingBox();
  assert.ok(box);
  return { x: box.x + box.width / 2, y: box.y + 5 };
};

/**
 * A drag as a hand does it: press, move in steps past dnd-kit's threshold, and release once the
 * board says where the item will land (the spoken step; the placeholder shows the same place).
 */
const dragTo = async (
  page: Page,
  from: Locator,
  to: { x: number; y: number },
  landsAt: RegExp,
): Promise<void> => {
  const start = await from.boundingBox();
  assert.ok(start);
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await heard(page, landsAt);
  await page.mouse.up();
};

/**
 * Picks the focused item up with Space, steps with the keys, and drops it with Space; each key
 * waits for the step it should announce, as a screen reader user waits to hear it.
 */
const keyboardMove = async (
  page: Page,
  pickedUp: RegExp,
  steps: Array<{ key: string; announces: RegExp }>,
  dropped: RegExp,
): Promise<void> => {
  await page.keyboard.press('Space');
  await heard(page, pickedUp);
  for (const step of steps) {
    await page.keyboard.press(step.key);
    await heard(page, step.announces);
  }
  await page.keyboard.press('Space');
  await heard(page, dropped);
};

// The demo owner and her teammate for the whole file: each block goes on from where the one
// before it left the board.
describe('arranging the board', () => {
  const pair = useOwnerAndMember(env);

  describe('arranging cards', () => {
    // A card dragged onto the top of another: in its own list, then into another one, which the
    // member sees emptied.
    for (const drag of [
      {
        name: 'reorders inside a list with the mouse, and the other member sees it',
        moving: 'Texte für die Produktseiten',
        onto: 'Startseite neu gestalten',
        list: 'Zu erledigen',
        left: null,
      },
      {
        name: 'moves a card to the top of another list with the mouse',
        moving: 'Kontaktformular reparieren',
        onto: 'Farbpalette festlegen',
        list: 'Erledigt',
        left: 'In Arbeit',
      },
    ]) {
      it(drag.name, async () => {
        await dragTo(
          pair.ownerPage,
          card(pair.ownerPage, drag.moving),
          await topOf(card(pair.ownerPage, drag.onto)),
          new RegExp(`Karte „${drag.moving}“ über Position 1 von 2 in Liste „${drag.list}“`),
        );
        const expected = [drag.moving, drag.onto];
        await eventually(() => titlesIn(pair.ownerPage, drag.list), expected);
        await eventually(() => titlesIn(pair.memberPage, drag.list), expected);
        if (drag.left) await eventually(() => titlesIn(pair.memberPage, drag.left), []);
      });
    }

    it('reorders inside a list with the keyboard; Enter still opens the card', async () => {
      const moving = card(pair.ownerPage, 'Startseite neu gestalten');
      await moving.focus();
      await pair.ownerPage.keyboard.press('Enter');
      await pair.ownerPage.getByRole('dialog').waitFor();
      await pair.ownerPage.keyboard.press('Escape');
      await pair.ownerPage.getByRole('dialog').waitFor({ state: 'hidden' });

      await moving.focus();
      // Each step names the place the card would land on, not the one it left.
      await keyboardMove(
        pair.ownerPage,
        /Karte „Startseite neu gestalten“ aufgenommen, Position 2 von 2/,
        [{ key: 'ArrowUp', announces: /„Startseite neu gestalten“ über Position 1 von 2/ }],
        /„Startseite neu gestalten“ an Position 1 von 2 in Liste „Zu erledigen“ abgelegt/,
      );
      const expected = ['Startseite neu gestalten', 'Texte für die Produktseiten'];
      await eventually(() => titlesIn(pair.ownerPage, 'Zu erledigen'), expected);
      await eventually(() => titlesIn(pair.memberPage, 'Zu erledigen'), expected);
      // The focus is back on the moved card.
      await eventually(
        () => pair.ownerPage.evaluate(() => document.activeElement?.textContent ?? ''),
        await moving.textContent(),
      );
    });

    it('moves a card to another list with the keyboard', async () => {
      const moving = card(pair.ownerPage, 'Texte für die Produktseiten');
      await moving.focus();
      await keyboardMove(
        pair.ownerPage,
        /Karte „Texte für die Produktseiten“ aufgenommen/,
        [
          {
            key: 'ArrowRight',
            announces: /„Texte für die Produktseiten“ über Position 1 von 1 in Liste „In Arbeit“/,
          },
        ],
        /„Texte für die Produktseiten“ an Position 1 von 1 in Liste „In Arbeit“ abgelegt/,
      );
      await eventually(
        () => titlesIn(pair.ownerPage, 'In Arbeit'),
        ['Texte für die Produktseiten'],
      );
      await eventually(
        () => titlesIn(pair.memberPage, 'In Arbeit'),
        ['Texte für die Produktseiten'],
      );
    });

    it('keeps every order after a reload', async () => {
      await pair.ownerPage.reload();
      await see(pair.ownerPage, 'Startseite neu gestalten');
      assert.deepEqual(await titlesIn(pair.ownerPage, 'Zu erledigen'), [
        'Startseite neu gestalten',
      ]);
      assert.deepEqual(await titlesIn(pair.ownerPage, 'In Arbeit'), [
        'Texte für die Produktseiten',
      ]);
      assert.deepEqual(await titlesIn(pair.ownerPage, 'Erledigt'), [
        'Kontaktformular reparieren',
        'Farbpalette festlegen',
      ]);
    });
  });

  describe('arranging by touch', () => {
    it('opens a card with a tap and moves it with a long press', async () => {
      // A phone's finger, through the DevTools protocol's touch input (real touch events).
      const cdp = await pair.ownerPage.context().newCDPSession(pair.ownerPage);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      try {
        const moving = card(pair.ownerPage, 'Startseite neu gestalten');
        const from = await moving.boundingBox();
        assert.ok(from);
        const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];

        // A tap is still a click: the card opens.
        await touch('touchStart', x, y);
        await touch('touchEnd');
        await pair.ownerPage.getByRole('dialog').waitFor();
        await pair.ownerPage.keyboard.press('Escape');
        await pair.ownerPage.getByRole('dialog').waitFor({ state: 'hidden' });

        // A long press picks the card up: the finger stays down until the board says so.
        await touch('touchStart', x, y);
        await heard(pair.ownerPage, /Karte „Startseite neu gestalten“ aufgenommen/);
        const { x: tx, y: ty } = await topOf(card(pair.ownerPage, 'Texte für die Produktseiten'));
        for (let i = 1; i <= 20; i += 1) {
          await touch('touchMove', x + ((tx - x) * i) / 20, y + ((ty - y) * i) / 20);
        }
        await heard(
          pair.ownerPage,
          /„Startseite neu gestalten“ über Position 1 von 2 in Liste „In Arbeit“/,
        );
        await touch('touchEnd');
      } finally {
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
        await cdp.detach();
      }
      const expected = ['Startseite neu gestalten', 'Texte für die Produktseiten'];
      await eventually(() => titlesIn(pair.ownerPage, 'In Arbeit'), expected);
      await eventually(() => titlesIn(pair.memberPage, 'In Arbeit'), expected);
      await eventually(() => titlesIn(pair.memberPage, 'Zu erledigen'), []);
    });
  });

  describe('arranging lists', () => {
    it('renames a list inline', async () => {
      await list(pair.ownerPage, 'In Arbeit')
        .getByRole('button', { name: 'In Arbeit', exact: true })
        .click();
      const field = pair.ownerPage.getByRole('textbox', { name: 'Titel der Liste „In Arbeit“' });
      await field.fill('In Bearbeitung');
      await field.press('Enter');
      await list(pair.ownerPage, 'In Bearbeitung').waitFor();
      await list(pair.memberPage, 'In Bearbeitung').waitFor();
    });

    it('reorders lists by the header, by keyboard and by mouse', async () => {
      const handle = pair.ownerPage.getByRole('button', { name: 'Liste „Erledigt“ verschieben' });
      await handle.focus();
      await keyboardMove(
        pair.ownerPage,
        /Liste „Erledigt“ aufgenommen, Position 3 von 3/,
        [{ key: 'ArrowLeft', announces: /Liste „Erledigt“ über Position 2 von 3/ }],
        /Liste „Erledigt“ an Position 2 von 3 abgelegt/,
      );
      const expected = ['Zu erledigen', 'Erledigt', 'In Bearbeitung'];
      await eventually(() => listTitles(pair.ownerPage), expected);
      await eventually(() => listTitles(pair.memberPage), expected);

      const first = list(pair.ownerPage, 'Zu erledigen');
      const box = await first.boundingBox();
      assert.ok(box);
      const header = pair.ownerPage.getByRole('button', {
        name: 'Liste „In Bearbeitung“ verschieben',
      });
      await dragTo(
        pair.ownerPage,
        header,
        { x: box.x + 20, y: box.y + 20 },
        /Liste „In Bearbeitung“ über Position 1 von 3/,
      );
      const after = ['In Bearbeitung', 'Zu erledigen', 'Erledigt'];
      await eventually(() => listTitles(pair.ownerPage), after);
      await eventually(() => listTitles(pair.memberPage), after);
    });

    it('deletes a list after a confirmation naming it and its cards', async () => {
      await pair.ownerPage.getByRole('button', { name: 'Aktionen für Liste „Erledigt“' }).click();
      await pair.ownerPage.getByRole('menuitem', { name: 'Liste löschen' }).click();
      const dialog = pair.ownerPage.getByRole('dialog');
      await dialog.getByText('Liste „Erledigt“ mit 2 Karten löschen?').waitFor();
      await dialog.getByRole('button', { name: 'Liste löschen' }).click();
      await eventually(() => listTitles(pair.ownerPage), ['In Bearbeitung', 'Zu erledigen']);
      await eventually(() => listTitles(pair.memberPage), ['In Bearbeitung', 'Zu erledigen']);
      await pair.ownerPage.reload();
      await see(pair.ownerPage, 'Startseite neu gestalten');
      assert.deepEqual(await listTitles(pair.ownerPage), ['In Bearbeitung', 'Zu erledigen']);
    });
  });

  describe('a long list', () => {
    // Longer than the window the board mounts: the card is carried past the cards that were
    // mounted when it was picked up, by keyboard, and lands where the last step said.
    const EXTRA = 80;

    const ownerClient = async () => {
      const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
        supabase: { url: string; anonKey: string };
      };
      const client = createClient(config.supabase.url, config.supabase.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        // Node 20 has no global WebSocket; supabase-js needs one even if realtime stays unused.
        realtime: { transport: WebSocket as never },
      });
      await client.auth.signInWithPassword(demoAccount);
      return client;
    };

    it('carries a card by keyboard past the mounted cards to the announced place', async () => {
      const client = await ownerClient();
      const todo = list(pair.ownerPage, 'Zu erledigen');
      const listId = await todo.getAttribute('data-list-id');
      assert.ok(listId);
      const { data: target } = await client
        .from('lists')
        .select('board_id')
        .eq('id', listId)
        .single();
      assert.ok(target);
      const shownBefore = Number(await todo.getByTestId('list-count').textContent());
      const extra = Array.from({ length: EXTRA }, (_, i) => ({
        list_id: listId,
        title: `Lange Liste ${String(i + 1).padStart(2, '0')}`,
        position: 1_000_000 + i * 1024,
      }));
      assert.equal((await client.from('cards').insert(extra)).error, null);
      const count = shownBefore + EXTRA;
      await eventually(() => todo.getByTestId('list-count').textContent(), String(count));
      // 80 inserts arrive live in a burst: the board takes them without an error.
      assert.deepEqual(pair.ownerProblems, []);
      // Windowed: far fewer tiles mounted than the list holds.
      assert.ok((await todo.getByRole('list').getByRole('button').count()) < 20);

      // The first of the new cards, carried 15 places down.
      const moving = 'Lange Liste 01';
      const from = shownBefore + 1;
      const steps = 15;
      await card(pair.ownerPage, moving).focus();
      await keyboardMove(
        pair.ownerPage,
        new RegExp(`„${moving}“ aufgenommen, Position ${from} von ${count}`),
        Array.from({ length: steps }, (_, i) => ({
          key: 'ArrowDown',
          announces: new RegExp(`„${moving}“ über Position ${from + i + 1} von ${count}`),
        })),
        new RegExp(`„${moving}“ an Position ${from + steps} von ${count} .* abgelegt`),
      );
      // Stored there: after the 16th of the new cards, before the 17th.
      const order = async () =>
        (
          await client
            .from('cards')
            .select('title')
            .eq('list_id', listId)
            .is('deleted_at', null)
            .order('position')
        ).data?.map((c) => c.title as string);
      await eventually(async () => (await order())?.indexOf(moving), from + steps - 1);
      await eventually(
        async () => (await order())?.slice(from + steps - 2, from + steps + 1),
        ['Lange Liste 16', moving, 'Lange Liste 17'],
      );
      await client.auth.signOut();
    });

    it('left no errors in the console', () => {
      assert.deepEqual(pair.ownerProblems, []);
    });
  });
});
