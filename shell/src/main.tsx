import './index.css';
import {
  boardsStore,
  configureBackend,
  remoteModules,
  startTheme,
  startWorkspace,
} from '@taskflow/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { dismissBoardPictureWhenLive } from './features/board-picture/keep-board-picture';
import { prefetchRemote, preloadRemoteEntry } from './remotes/prefetch-remotes';
import { registerRemoteEntries } from './remotes/register-remotes';
import { loadRuntimeConfig } from './remotes/runtime-config';
import { placeOf } from './routing/routes';

const start = async (): Promise<void> => {
  // index.html's boot script chose the theme before the first paint; from here the store keeps
  // it current (the system setting, the profile's choice).
  startTheme();
  // Before the first render: the client is created on first use with these settings, and the
  // remotes must be registered before any slot asks for one.
  const config = await loadRuntimeConfig();
  if (config.supabase) configureBackend(config.supabase);
  registerRemoteEntries(config.remotes);
  // The board's code downloads while the session is checked and the user signs in, not after.
  preloadRemoteEntry(config.remotes[remoteModules.board.split('/')[0] ?? '']);
  void prefetchRemote('board');
  // The session check, the board list and the remembered board's snapshot start now, before
  // the first render: on a slow phone rendering takes longer than a round trip. A link's board
  // is the one to start with (the router selects it too, once the list has it).
  const linked = placeOf(location.pathname, import.meta.env.BASE_URL).boardId;
  if (linked) boardsStore.remember(linked);
  startWorkspace();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The picture index.html's boot script may have painted gives way to the live board.
  dismissBoardPictureWhenLive(container);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void start();

// The service worker (public/sw.js) keeps the app's code, so that the app starts without a
// network. Registered once the page has loaded, so it takes nothing from the first load; it
// controls the pages opened after this one (it does not claim this one).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // The worker answers with the page it kept and fetches the server's behind it, so after a
  // deploy this page may be the one before: a file it loads on demand may be gone from the
  // server. A reload then starts the newer page the worker has kept meanwhile; at most once a
  // minute, so that a server that is away does not make the page reload over and over.
  window.addEventListener('vite:preloadError', (event) => {
    const key = 'taskflow.reloadedForDeploy';
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (!navigator.serviceWorker.controller || Date.now() - last < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    location.reload();
  });
  const register = () =>
    void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
      // None (a private window, a plain-http host): the app works online as before.
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
