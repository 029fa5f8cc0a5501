import { selectedBoardStorageKey } from '@taskflow/shared';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  boardPictureSettings,
  pictureIndexKey,
  type BoardPicture,
} from '../src/features/board-picture/picture-record';
import { useBoardPicture } from '../src/features/board-picture/keep-board-picture';
import { showBoardPicture } from '../src/features/board-picture/show-board-picture';
import {
  forgetBoardPictures,
  keepBoardPicture,
  takeBoardPicture,
} from '../src/features/board-picture/take-board-picture';

const settings = boardPictureSettings('/');
const boardId = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';
const entry = 'http://localhost:3000/assets/entry-abc.js';

/** The app's root as a board shows it, with what a picture must leave out or change. */
const liveRoot = () => {
  const root = document.createElement('div');
  root.innerHTML = `
    <header><h1>Website-Relaunch</h1></header>
    <div data-testid="board-columns">
      <section aria-label="Zu erledigen">
        <div style="transform: translateY(40px); height: 80px" onclick="alert(1)">
          <img src="https://backend.example/storage/v1/object/sign/cover.png?token=x" alt="" />
          <span>Startseite neu gestalten</span>
        </div>
      </section>
    </div>
    <div role="dialog">Karte offen</div>
    <div role="status">Verbindung unterbrochen</div>
    <script>window.ran = true</script>`;
  return root;
};

const picture = (overrides: Partial<BoardPicture> = {}): BoardPicture => ({
  ...takeBoardPicture(liveRoot(), {
    userId,
    boardId,
    build: entry,
    styles: [{ href: 'http://localhost:3000/assets/index.css', crossOrigin: '' }],
    settings,
  })!,
  ...overrides,
});

/** The page as it arrives: its module entry, and supabase-js's kept session. */
const arrive = (path: string, sessionUser: string | null = userId) => {
  document.head.innerHTML = `<script type="module" src="${entry}"></script>`;
  document.body.innerHTML = '<div id="root">Lade TaskFlow...</div>';
  window.history.replaceState(null, '', path);
  if (sessionUser) {
    localStorage.setItem('sb-127-auth-token', JSON.stringify({ user: { id: sessionUser } }));
  }
};

/** Runs the boot script and hands back the shadow root it painted into (closed to the page). */
const boot = () => {
  let shadow: ShadowRoot | null = null;
  const attach = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (
    this: Element,
    init: ShadowRootInit,
  ) {
    shadow = attach.call(this, init);
    return shadow;
  });
  showBoardPicture(settings);
  return { host: document.getElementById(settings.hostId), shadow: shadow as ShadowRoot | null };
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('taking a picture of the board', () => {
  it('keeps what is drawn and leaves out what runs, loads, expires or covered the board', () => {
    const html = picture().html;
    expect(html).toContain('Startseite neu gestalten');
    expect(html).toContain('Website-Relaunch');
    for (const gone of ['Karte offen', 'Verbindung unterbrochen', '<script', 'onclick', 'token=']) {
      expect(html).not.toContain(gone);
    }
    // The page's CSP drops style attributes from markup: the positions travel as an attribute.
    expect(html).not.toContain(' style=');
    expect(html).toContain(
      `${settings.styleAttribute}="transform: translateY(40px); height: 80px"`,
    );
  });

  it('keeps no picture of a first screen too large to be worth it', () => {
    const root = document.createElement('div');
    root.textContent = 'x'.repeat(700_000);
    expect(
      takeBoardPicture(root, { userId, boardId, build: entry, styles: [], settings }),
    ).toBeNull();
  });

  it("keeps the last three boards' pictures, and sign-out forgets them all", () => {
    const boards = ['a', 'b', 'c', 'd'];
    for (const id of boards) keepBoardPicture(localStorage, picture({ boardId: id }), settings);
    expect(JSON.parse(localStorage.getItem(pictureIndexKey)!)).toEqual(['d', 'c', 'b']);
    expect(localStorage.getItem(`${settings.keyPrefix}a`)).toBeNull();
    expect(localStorage.getItem(`${settings.keyPrefix}d`)).not.toBeNull();

    forgetBoardPictures(localStorage, settings);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('taskflow.boardPicture'))).toEqual(
      [],
    );
  });
});

describe('the live app and the pictures', () => {
  it('drops the picture of the board an address names and the user lost, and no other', () => {
    keepBoardPicture(localStorage, picture(), settings);
    keepBoardPicture(localStorage, picture({ boardId: 'lost' }), settings);
    // The selected board is still theirs; the link pointed at one they are no longer on.
    renderHook(() =>
      useBoardPicture({ userId, boardId: null, settled: true, lostBoardId: 'lost' }),
    );
    expect(localStorage.getItem(`${settings.keyPrefix}lost`)).toBeNull();
    expect(localStorage.getItem(`${settings.keyPrefix}${boardId}`)).not.toBeNull();
  });
});

describe("the page's boot script", () => {
  it("paints the board's picture at its address, hidden from assistive technology and inert", () => {
    keepBoardPicture(localStorage, picture(), settings);
    arrive(`/b/${boardId}/c/33333333-3333-4333-8333-333333333333`);
    const { host, shadow } = boot();
    expect(host?.getAttribute('aria-hidden')).toBe('true');
    expect(host?.inert).toBe(true);
    expect(shadow?.textContent).toContain('Startseite neu gestalten');
    // Positions applied through the CSSOM; the attribute that carried them is gone.
    const tile = shadow?.querySelector<HTMLElement>('section > div');
    expect(tile?.style.transform).toBe('translateY(40px)');
    expect(tile?.hasAttribute(settings.styleAttribute)).toBe(false);
    // Invisible until its stylesheets have loaded; then it shows and says so.
    expect(host?.style.visibility).toBe('hidden');
  });

  it('shows itself once its stylesheets load, and drops itself when one fails', async () => {
    keepBoardPicture(
      localStorage,
      picture({
        styles: [
          { href: 'http://localhost:3000/a.css', crossOrigin: '' },
          { href: 'http://localhost:3000/b.css', crossOrigin: null },
        ],
      }),
      settings,
    );
    arrive(`/b/${boardId}`);
    const { host, shadow } = boot();
    const links = Array.from(shadow!.querySelectorAll('link'));
    // Fetched as the page fetched them (the service worker's copy must fit the request).
    expect(links.map((l) => [l.href, l.getAttribute('crossorigin')])).toEqual([
      ['http://localhost:3000/a.css', ''],
      ['http://localhost:3000/b.css', null],
    ]);
    for (const link of links) link.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(host?.style.visibility).toBe('visible'));
    expect(performance.getEntriesByName('taskflow:board-picture')).toHaveLength(1);

    vi.restoreAllMocks();
    arrive(`/b/${boardId}`);
    const second = boot();
    const [first, failing] = Array.from(second.shadow!.querySelectorAll('link'));
    first!.dispatchEvent(new Event('load'));
    failing!.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(second.host?.isConnected).toBe(false));
  });

  it('paints the remembered board at the start address, where the app opens it', () => {
    expect(settings.selectedBoardKey).toBe(selectedBoardStorageKey);
    keepBoardPicture(localStorage, picture(), settings);
    localStorage.setItem(selectedBoardStorageKey, boardId);
    arrive('/');
    expect(boot().shadow?.textContent).toContain('Startseite neu gestalten');
  });

  it.each([
    ['another user is signed in', () => arrive(`/b/${boardId}`, 'someone-else')],
    ['nobody is signed in', () => arrive(`/b/${boardId}`, null)],
    ['the address names another board', () => arrive('/b/another-board')],
    ['the address is no board', () => arrive('/anmelden')],
    [
      'another deploy took it',
      () => {
        arrive(`/b/${boardId}`);
        document.head.innerHTML = '<script type="module" src="/assets/entry-new.js"></script>';
      },
    ],
  ])('paints nothing when %s', (_, arrange) => {
    keepBoardPicture(localStorage, picture(), settings);
    arrange();
    expect(boot().host).toBeNull();
  });

  it('paints nothing from a damaged record, and the page starts as before', () => {
    localStorage.setItem(`${settings.keyPrefix}${boardId}`, '{"version":1,');
    arrive(`/b/${boardId}`);
    expect(() => boot()).not.toThrow();
    expect(document.getElementById(settings.hostId)).toBeNull();
  });
});
