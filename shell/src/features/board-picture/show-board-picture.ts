import type { BoardPictureSettings } from './picture-record';

/**
 * The page's boot script (injected into the built index.html by vite.config.ts, as the theme's
 * is): on a board's address (or the start address, which opens the remembered board), paints the picture this device kept of that board's first screen
 * before any module has loaded, so that a second visit shows the board at once. The live app
 * replaces it as soon as it has drawn the board itself (keep-board-picture.ts), or after
 * `maxShownMs` whatever happens.
 *
 * Self-contained on purpose: the function's source text is the inline script, so it may use
 * nothing but its argument and the browser. It shows nothing unless everything fits: the same
 * record version, the same deploy (the module entry's URL), the board of the address, and the
 * user whose session supabase-js keeps (`sb-<ref>-auth-token`). Whatever fails, the app starts
 * as before.
 *
 * - A closed shadow root holds the picture: the page's styles and the tests' and assistive
 *   technologies' view of the page stay the live app's alone. The host is aria-hidden and inert:
 *   a picture is seen, never read out or clicked.
 * - The picture's stylesheets are the URLs the page had loaded (cached by the service worker);
 *   it stays invisible until they have loaded, and is dropped if one fails.
 * - Inline styles were kept as an attribute and are applied through the CSSOM here: the page's
 *   Content-Security-Policy allows no style attributes in markup.
 */
export function showBoardPicture(settings: BoardPictureSettings): void {
  try {
    const base = settings.base.endsWith('/') ? settings.base : `${settings.base}/`;
    const path = location.pathname;
    const rest = path.startsWith(base) ? path.slice(base.length) : null;
    // A board's address names it; the start address opens the board the app remembers.
    const named = rest === null ? null : /^b\/([^/]+)/.exec(rest)?.[1];
    const boardId = named
      ? decodeURIComponent(named)
      : rest === '' || rest === 'index.html'
        ? localStorage.getItem(settings.selectedBoardKey)
        : null;
    if (!boardId) return;
    const stored = localStorage.getItem(settings.keyPrefix + boardId);
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
    if (!stored || !entry) return;
    const picture = JSON.parse(stored) as {
      version?: unknown;
      build?: unknown;
      userId?: unknown;
      boardId?: unknown;
      styles?: unknown;
      html?: unknown;
    };
    if (
      picture.version !== settings.version ||
      picture.build !== entry.src ||
      picture.boardId !== boardId ||
      !Array.isArray(picture.styles) ||
      typeof picture.html !== 'string'
    ) {
      return;
    }
    let userId: unknown = null;
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && /^sb-.+-auth-token$/.test(key)) {
        const session = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          user?: { id?: unknown };
        } | null;
        userId = session?.user?.id ?? null;
      }
    }
    if (!userId || userId !== picture.userId) return;

    const host = document.createElement('div');
    host.id = settings.hostId;
    host.setAttribute('aria-hidden', 'true');
    host.inert = true;
    host.style.cssText =
      'position:fixed;inset:0;z-index:2147483000;visibility:hidden;cursor:progress;overflow:hidden';
    const shadow = host.attachShadow({ mode: 'closed' });
    const loaded = (picture.styles as { href?: unknown; crossOrigin?: unknown }[]).map(
      (style) =>
        new Promise<boolean>((resolve) => {
          if (typeof style?.href !== 'string') {
            resolve(false);
            return;
          }
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          if (typeof style.crossOrigin === 'string') link.crossOrigin = style.crossOrigin;
          link.onload = () => resolve(true);
          link.onerror = () => resolve(false);
          link.href = style.href;
          shadow.appendChild(link);
        }),
    );
    const frame = document.createElement('div');
    frame.className = settings.themedClass;
    frame.setAttribute(
      'data-theme',
      document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light',
    );
    frame.style.cssText = 'height:100%;overflow:hidden;background:var(--color-slate-50)';
    frame.innerHTML = picture.html;
    for (const element of Array.from(frame.querySelectorAll(`[${settings.styleAttribute}]`))) {
      (element as HTMLElement).style.cssText = element.getAttribute(settings.styleAttribute) ?? '';
      element.removeAttribute(settings.styleAttribute);
    }
    shadow.appendChild(frame);
    document.body.appendChild(host);
    void Promise.all(loaded).then((results) => {
      if (!host.isConnected) return;
      if (results.includes(false)) {
        host.remove();
        return;
      }
      host.style.visibility = 'visible';
      performance.mark('taskflow:board-picture');
    });
    setTimeout(() => host.remove(), settings.maxShownMs);
  } catch {
    // A picture is a head start, never a condition: the app starts as it would without one.
  }
}
