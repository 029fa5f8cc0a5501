// Style isolation between the micro-frontends, in real Chromium against the built apps: no remote's stylesheet changes how
// the shell or another remote looks. Each remote's stylesheet is held back at the network until
// the page has been measured without it, then let through; the same computed styles are read
// again once it has loaded, at a desktop and at a phone width. Before the remotes' stylesheets
// were scoped (docs/frontend.md, "Style isolation"), each shipped Tailwind utilities under the
// same class names as the shell's, and whichever sheet loaded last won:
// - the 'TaskFlow' wordmark (`sr-only sm:not-sr-only`) turned screen-reader-only on a desktop
//   once the board remote's CSS arrived;
// - the board header's avatar stack (`flex max-sm:hidden`) showed on a phone;
// - '+ Karte hinzufügen' (`justify-start` on a Button that is `justify-center`) was centred
//   once the card remote's CSS arrived.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { boardColumns, newGermanContext, openCard, see, signIn } from './support/page-helpers.ts';
import { after } from 'node:test';

const env = useEnvironment();

const CARD = 'Startseite neu gestalten';

/** A stylesheet request of a remote, held until the test lets that remote's styles through. */
interface StyleGate {
  release(): void;
}

/**
 * Holds back every stylesheet the page asks of each remote's origin until its gate is released:
 * the page then shows the shell (and the remotes already let through) as they look without it.
 */
const holdRemoteStyles = async (page: Page): Promise<Record<string, StyleGate>> => {
  const gates: Record<string, StyleGate> = {};
  const byOrigin = new Map<string, Promise<void>>();
  for (const [name, entry] of Object.entries(env.apps.remoteEntries)) {
    let release = () => undefined as void;
    const open = new Promise<void>((resolve) => {
      release = resolve;
    });
    gates[name] = { release };
    byOrigin.set(new URL(entry).origin, open);
  }
  await page.route(
    (url) => url.pathname.endsWith('.css') && byOrigin.has(url.origin),
    async (route) => {
      await byOrigin.get(new URL(route.request().url()).origin);
      await route.continue();
    },
  );
  return gates;
};

/** The remotes (federation names) whose stylesheets the page has applied. */
const remotesWithStyles = (page: Page): Promise<string[]> =>
  page.evaluate((entries) => {
    const origins = new Map(
      Object.entries(entries).map(([name, url]) => [new URL(url).origin, name]),
    );
    const names = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) {
      const name = sheet.href ? origins.get(new URL(sheet.href).origin) : undefined;
      if (name) names.add(name);
    }
    return [...names].sort();
  }, env.apps.remoteEntries);

const waitForRemoteStyles = async (page: Page, names: string[]): Promise<void> => {
  const wanted = [...names].sort();
  for (let waited = 0; ; waited += 50) {
    const loaded = await remotesWithStyles(page);
    if (wanted.every((name) => loaded.includes(name))) return;
    assert.ok(
      waited < 15_000,
      `stylesheets of ${wanted.join(', ')} loaded: only ${loaded.join(', ')}`,
    );
    await page.waitForTimeout(50);
  }
};

/** The computed styles this file checks, read at one moment. */
interface Look {
  /** The 'TaskFlow' wordmark: `sr-only sm:not-sr-only`. */
  wordmark: { position: string; width: string };
  /** The board header's member avatars: `flex max-sm:hidden`. */
  avatarStack: { display: string };
  /** '+ Karte hinzufügen' in the first list: `justify-start` over the Button's `justify-center`. */
  addCard?: { justifyContent: string; textAlign: string };
}

const lookOf = async (page: Page, withBoard: boolean): Promise<Look> => {
  const wordmark = await page
    .getByRole('heading', { level: 1, name: 'TaskFlow' })
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { position: style.position, width: style.width };
    });
  // The one element of the board header marked max-sm:hidden.
  const avatarStack = await page
    .locator('.board-background .max-sm\\:hidden')
    .evaluate((element) => ({ display: getComputedStyle(element).display }));
  if (!withBoard) return { wordmark, avatarStack };
  const addCard = await boardColumns(page)
    .getByRole('button', { name: '+ Karte hinzufügen' })
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { justifyContent: style.justifyContent, textAlign: style.textAlign };
    });
  return { wordmark, avatarStack, addCard };
};

/**
 * Every computed style that changes outside a remote's own elements (its StyleScope and the
 * dialogs it opens) when that remote's stylesheets are switched off: the shell's elements and
 * the other remotes' must look the same with or without them. One thing is global by CSS's
 * design: a sheet's `@property` registrations. A remote's registration of a Tailwind variable
 * the shell does not use (`--tw-scroll-snap-strictness`) gives every element its initial value,
 * which nothing outside the remote reads; such a newly present `--tw-*` value is not a change.
 * A registration that changes a value the shell's elements had is.
 */
const styleChangesOutside = (page: Page, name: string): Promise<string[]> =>
  page.evaluate(
    ({ name, origin }) => {
      const sheets = Array.from(document.styleSheets).filter(
        (sheet) => sheet.href !== null && new URL(sheet.href).origin === origin,
      );
      const outside = Array.from(document.querySelectorAll('body *')).filter(
        (element) => element.closest(`[data-style-scope="${name}"]`) === null,
      );
      // Read with the sheets on, then off (no named functions in here: the page has no tsx
      // helpers). Keyed by property: custom properties are listed in no fixed order.
      const [withSheets = [], withoutSheets = []] = [false, true].map((off) => {
        for (const sheet of sheets) sheet.disabled = off;
        return outside.map((element) => {
          const style = getComputedStyle(element);
          return new Map(
            Array.from(style, (property) => [property, style.getPropertyValue(property)]),
          );
        });
      });
      for (const sheet of sheets) sheet.disabled = false;
      const changes: string[] = [];
      outside.forEach((element, index) => {
        const before = withoutSheets[index] ?? new Map<string, string>();
        const label = `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`;
        for (const [property, value] of withSheets[index] ?? []) {
          const was = before.get(property);
          if (was === value || (was === undefined && property.startsWith('--tw-'))) continue;
          changes.push(`${label} ${property}: ${was ?? '(none)'} → ${value}`);
        }
      });
      return sheets.length === 0 ? [`no stylesheet of ${name} on the page`] : changes;
    },
    { name, origin: new URL(env.apps.remoteEntries[name] as string).origin },
  );

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

/**
 * The page at one width through the stages in which the remotes' styles arrive: the shell with
 * no remote's stylesheet, then with the board remote's, then with all three (after a card and
 * the team dialog have been opened and closed).
 */
const measureStages = (width: number, height: number) => {
  const stages = {} as { shellOnly: Look; withBoard: Look; withAll: Look };
  const leaks = {} as Record<string, string[]>;
  let context: BrowserContext | undefined;
  before(async () => {
    context = await newGermanContext(env.browser, { width, height });
    const page = await context.newPage();
    const gates = await holdRemoteStyles(page);
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    // The shell's board header is there; the board remote waits for its stylesheet.
    await page.locator('.board-background').waitFor();
    assert.deepEqual(await remotesWithStyles(page), []);
    stages.shellOnly = await lookOf(page, false);

    gates.board_remote?.release();
    await see(page, CARD);
    await waitForRemoteStyles(page, ['board_remote']);
    assert.deepEqual(await remotesWithStyles(page), ['board_remote']);
    stages.withBoard = await lookOf(page, true);

    gates.card_remote?.release();
    gates.team_remote?.release();
    await openCard(page, CARD);
    await closeDialog(page);
    await page.getByRole('button', { name: /^Team/ }).click();
    await page.getByRole('dialog').waitFor();
    await closeDialog(page);
    await waitForRemoteStyles(page, ['board_remote', 'card_remote', 'team_remote']);
    stages.withAll = await lookOf(page, true);

    // With the card's dialog open, elements of the shell and of two remotes are on the page.
    await openCard(page, CARD);
    for (const name of Object.keys(env.apps.remoteEntries)) {
      leaks[name] = await styleChangesOutside(page, name);
    }
    await closeDialog(page);
  });
  after(async () => {
    await context?.close();
  });
  return { stages, leaks };
};

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

for (const [label, size] of [
  ['desktop (1280 px)', desktop],
  ['phone (390 px)', phone],
] as const) {
  const onPhone = size === phone;
  describe(`style isolation at ${label}`, () => {
    const { stages, leaks } = measureStages(size.width, size.height);

    it(`keeps the 'TaskFlow' wordmark ${onPhone ? 'screen-reader-only' : 'visible'} whichever remote styles have loaded`, () => {
      const expected = onPhone ? { position: 'absolute', width: '1px' } : { position: 'static' };
      for (const [stage, look] of Object.entries(stages)) {
        assert.equal(
          look.wordmark.position,
          expected.position,
          `${stage}: ${JSON.stringify(look.wordmark)}`,
        );
        if (expected.width) assert.equal(look.wordmark.width, expected.width, stage);
      }
    });

    it(`keeps the board header's avatar stack ${onPhone ? 'hidden' : 'shown'} whichever remote styles have loaded`, () => {
      for (const [stage, look] of Object.entries(stages)) {
        if (onPhone) assert.equal(look.avatarStack.display, 'none', stage);
        else assert.notEqual(look.avatarStack.display, 'none', stage);
      }
    });

    it("keeps '+ Karte hinzufügen' left-aligned after the card and team remotes' styles have loaded", () => {
      assert.deepEqual(
        stages.withBoard.addCard?.justifyContent,
        'flex-start',
        'with the board remote',
      );
      assert.deepEqual(stages.withAll.addCard, stages.withBoard.addCard, 'with all remotes');
    });

    it("changes no element of the shell or another remote by any remote's stylesheet", () => {
      for (const [name, changes] of Object.entries(leaks)) {
        assert.deepEqual(changes.slice(0, 20), [], `${name}: ${changes.length} changes`);
      }
    });
  });
}
