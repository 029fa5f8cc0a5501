import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { parseAst, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { applyEnvDefaults } from '@taskflow/shared/env-defaults';
import { federationShared } from '@taskflow/shared/federation';
import { precompress } from '@taskflow/shared/federation/precompress';
import { themeBoot } from '@taskflow/shared/federation/theme-boot';
import { buildFolder, devRemoteEntries, shellApp } from '@taskflow/shared/federation/remotes';
import { boardPictureSettings } from './src/features/board-picture/picture-record.ts';
import { showBoardPicture } from './src/features/board-picture/show-board-picture.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Absolute asset URLs: a deep link (/b/<board>/c/<card>) is answered with this page, and a
 * relative URL would resolve against the link's folder. Served under a sub-path, build with
 * `vite build --base /sub/`: the router and runtime-config.json read it as BASE_URL.
 */
const base = '/';

applyEnvDefaults(here('..'));

/**
 * runtime-config.json with the remotes' dev-server entries, from the manifest: served by the dev
 * server and written into the build. `npm start` serves its own, with the ports it chose.
 */
const devRuntimeConfig = (): Plugin => {
  const json = `${JSON.stringify({ remotes: devRemoteEntries() }, null, 2)}\n`;
  return {
    name: 'taskflow:runtime-config',
    configureServer(server) {
      server.middlewares.use('/runtime-config.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(json);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'runtime-config.json', source: json });
    },
  };
};

/**
 * What the shell imports with `import()` when the user asks for it (features/loading/
 * lazy-view.tsx): the export and import formats (zod, papaparse, the mappers) and the views
 * that use them, and the panels and dialogs a click opens ('Meine Aufgaben', the
 * profile, 'Aktivität', 'Board-Einstellungen', the new-board and delete-board dialogs, 'Archiv'). Preloading them would put them back into the
 * first load (e2e/delivery.test.ts keeps its budget). Named explicitly: the federation runtime
 * also loads its shares by `import()`, and those are needed at start.
 */
const onDemandPaths = [
  '/shared/src/kernel/i18n/de-on-demand.ts',
  // the device's outbox (IndexedDB), loaded when an edit first has to wait
  '/shared/src/kernel/offline/',
  '/shell/src/features/loading/on-demand-texts.ts',
  '/shared/src/features/transfer/',
  '/shell/src/features/transfer/',
  '/shell/src/features/my-tasks/components/',
  '/shell/src/features/profile/components/',
  '/shell/src/features/activity/components/activity-panel.tsx',
  '/shell/src/features/notifications/components/notifications-panel.tsx',
  '/shell/src/features/boards/components/board-settings-dialog.tsx',
  '/shell/src/features/boards/components/new-board-modal.tsx',
  '/shell/src/features/boards/components/delete-board-dialog.tsx',
  '/shell/src/features/archive/',
  '/shell/src/features/filters/components/filter-bar.tsx',
  '/shell/src/features/auth/components/forgot-password-form.tsx',
  '/shell/src/features/auth/components/new-password-screen.tsx',
  '/shell/src/features/shortcuts/components/',
  // The invitation of a board one is not on yet, and its calls.
  '/shell/src/features/invitations/',
  '/shared/src/features/invitations/invitation-code.ts',
  // Attachments: their Storage client and transfers (shared/src/features/attachments/index.ts).
  '/shared/src/features/attachments/attachment-code.ts',
  '/shared/src/features/attachments/attachment-upload.ts',
  '/shared/src/features/attachments/attachment-storage.ts',
  '/shared/src/features/attachments/attachment-rows.ts',
  '/node_modules/@supabase/storage-js/',
  '/node_modules/iceberg-js/',
];
const onDemand = (id: string) => onDemandPaths.some((p) => id.replaceAll('\\', '/').includes(p));
// A chunk is loaded on demand when an on-demand module is its dynamic entry, or when it holds
// nothing but on-demand modules (a piece they share, split off by the bundler).
const loadedOnDemand = (chunk: {
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}) =>
  (chunk.isDynamicEntry && chunk.facadeModuleId !== null && onDemand(chunk.facadeModuleId)) ||
  (chunk.moduleIds.length > 0 && chunk.moduleIds.every(onDemand));

/**
 * Every chunk of the shell but those loaded on demand (above) is needed before its first render
 * (the shared singletons the shell provides, the app, the federation runtime): index.html names
 * them all as modulepreload, so the browser fetches them in one round trip with the page. Without this, the federation
 * plugin's preloads cover only its host init, and supabase-js, RxJS and @taskflow/shared
 * followed two round trips later, one after the other.
 */
const preloadEveryChunk = (): Plugin => ({
  name: 'taskflow:preload-every-chunk',
  apply: 'build',
  // In transformIndexHtml, not later: the page's .br and .gz are written from the page as it is
  // when the bundle is generated (shared/federation/precompress.js).
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle, chunk: entry }) =>
      Object.values(bundle ?? {})
        // Vite itself links the entry and its static imports.
        .filter(
          (file) =>
            file.type === 'chunk' &&
            file !== entry &&
            !entry?.imports.includes(file.fileName) &&
            !loadedOnDemand(file),
        )
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file.fileName}` },
          injectTo: 'head' as const,
        })),
  },
});

/**
 * The one import of the real Storage client: the attachments' on-demand chunk. Every other
 * import of `@supabase/storage-js` (supabase-js's own) is aliased to the stand-in below, whose
 * path this plugin sees once the alias has rewritten it.
 */
const leftOutClients = here('../shared/src/kernel/backend/left-out-clients.ts');
const keepStorageClientForAttachments = (): Plugin => ({
  name: 'taskflow:storage-client-for-attachments',
  enforce: 'pre',
  resolveId(source, importer) {
    const from = importer?.replaceAll('\\', '/') ?? '';
    if (source !== leftOutClients || !from.includes('/shared/src/features/attachments/')) {
      return null;
    }
    return here('../node_modules/@supabase/storage-js/dist/index.mjs');
  },
});

/**
 * Parts of `@supabase/auth-js` the page never calls (the admin API, passkeys, Web3 sign-in),
 * resolved to stand-ins: shared/src/kernel/backend/left-out-auth-parts.ts says why.
 */
const leftOutAuthParts = here('../shared/src/kernel/backend/left-out-auth-parts.ts');
const leaveOutAuthParts = (): Plugin => ({
  name: 'taskflow:leave-out-auth-parts',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer?.replaceAll('\\', '/').includes('/@supabase/auth-js/dist/module/')) return null;
    const leftOut = ['./GoTrueAdminApi', './lib/webauthn', './lib/web3/ethereum'];
    return leftOut.includes(source.replace(/\.js$/, '')) ? leftOutAuthParts : null;
  },
});

/**
 * Sign-in ways and account features of `GoTrueClient` that TaskFlow never offers: one-time
 * codes, OAuth, SSO and ID tokens, anonymous and Web3 sign-in, linked identities, passkeys, MFA
 * and its recovery codes, the OAuth server's consent calls, and JWT verification by JWKS
 * (`getClaims`). GoTrueClient is one class, so the bundler keeps every method of it: about
 * 30 KB of minified code, 6 KB compressed, on a journey held to 250 KB (README, Delivery). The
 * shell's build gives each of these methods a body that throws (calling one fails loudly rather
 * than quietly doing nothing); the methods stay, since the constructor binds the MFA ones into
 * `auth.mfa`. What the app calls (password sign-in and sign-up, the session and its refresh,
 * mailed links in the address, password reset and change, sign-out) keeps its own code.
 * Tests, the backend and the remotes' standalone builds keep the whole client.
 */
const leftOutAuthMethods = new Set([
  'signInAnonymously',
  'signInWithOAuth',
  '_handleProviderSignIn',
  '_getUrlForProvider',
  'signInWithWeb3',
  'signInWithEthereum',
  'signInWithSolana',
  'signInWithIdToken',
  'signInWithOtp',
  'verifyOtp',
  'signInWithSSO',
  'signInWithPasskey',
  'registerPasskey',
  'reauthenticate',
  '_reauthenticate',
  'getUserIdentities',
  'linkIdentity',
  'linkIdentityOAuth',
  'linkIdentityIdToken',
  'unlinkIdentity',
  '_enroll',
  '_verify',
  '_challenge',
  '_challengeAndVerify',
  '_unenroll',
  '_listFactors',
  '_getAuthenticatorAssuranceLevel',
  '_verifyRecoveryCode',
  '_generateRecoveryCodes',
  '_regenerateRecoveryCodes',
  '_unenrollRecoveryCodes',
  '_getRecoveryCodesStatus',
  '_startPasskeyRegistration',
  '_verifyPasskeyRegistration',
  '_startPasskeyAuthentication',
  '_verifyPasskeyAuthentication',
  '_listPasskeys',
  '_updatePasskey',
  '_deletePasskey',
  '_getAuthorizationDetails',
  '_approveAuthorization',
  '_denyAuthorization',
  '_listOAuthGrants',
  '_revokeOAuthGrant',
  'getClaims',
  'fetchJwk',
]);
const leaveOutAuthMethods = (): Plugin => ({
  name: 'taskflow:leave-out-auth-methods',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueClient\.js$/ },
    handler(code) {
      const program = parseAst(code);
      const client = program.body.find(
        (node) => node.type === 'ClassDeclaration' && node.id?.name === 'GoTrueClient',
      );
      if (client?.type !== 'ClassDeclaration') throw new Error('GoTrueClient: no class found');
      const bodies = client.body.body.flatMap((member) =>
        member.type === 'MethodDefinition' &&
        member.key.type === 'Identifier' &&
        leftOutAuthMethods.has(member.key.name) &&
        member.value.body
          ? [{ name: member.key.name, start: member.value.body.start, end: member.value.body.end }]
          : [],
      );
      // A method renamed or gone in a new auth-js would otherwise stay in unnoticed.
      const missing = [...leftOutAuthMethods].filter((n) => !bodies.some((b) => b.name === n));
      if (missing.length > 0) throw new Error(`GoTrueClient has no ${missing.join(', ')}`);
      let result = code;
      for (const { name, start, end } of bodies.sort((a, b) => b.start - a.start)) {
        const refusal = `TaskFlow leaves auth.${name} out of the page (shell/vite.config.ts)`;
        result = `${result.slice(0, start)}{ throw new Error(${JSON.stringify(refusal)}); }${result.slice(end)}`;
      }
      return { code: result, map: null };
    },
  },
});

/**
 * The board picture's boot script (src/features/board-picture/show-board-picture.ts) at the end
 * of the built page's <body>: after the module entry it checks the picture against, before any
 * module runs. Inline because a file would cost a round trip before the first paint; the served
 * Content-Security-Policy allows it by its hash, as the theme's (scripts/lib/serve-apps.ts).
 * Build only: the dev server's page has no stable entry to check a picture against.
 */
const boardPictureBoot = (): Plugin => ({
  name: 'taskflow:board-picture-boot',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'script',
      children: `(${showBoardPicture.toString()})(${JSON.stringify(boardPictureSettings(base))})`,
      injectTo: 'body',
    },
  ],
});

export default defineConfig({
  base,
  // One .env at the repository root serves the backend and every app.
  envDir: here('..'),
  plugins: [
    react(),
    tailwindcss(),
    devRuntimeConfig(),
    themeBoot(),
    boardPictureBoot(),
    federation({
      name: shellApp.name,
      // The host's own entry carries a content hash: with the other hashed files it is cached
      // for good (scripts/lib/serve-apps.ts caches assets/ as immutable).
      filename: 'assets/remoteEntry-[hash].js',
      // No remote is known at build time: their URLs come from runtime-config.json
      // (src/remotes), so a remote is redeployed without rebuilding the shell.
      remotes: {},
      shared: federationShared,
      // P5: a hanging remote must not hold back the host's own React.
      shareStrategy: 'loaded-first',
      // P10: hand-written declarations instead of the types broker.
      dts: false,
      dev: { remoteHmr: true },
      // The one federation runtime of the page: the remotes' builds use it (externalRuntime).
      experiments: { provideExternalRuntime: true },
    }),
    leaveOutAuthParts(),
    leaveOutAuthMethods(),
    keepStorageClientForAttachments(),
    preloadEveryChunk(),
    precompress(),
  ],
  resolve: {
    // supabase-js's Storage and Functions clients, unused by TaskFlow, stay off the page: about
    // 7 KB of the 250 KB journey (shared/src/kernel/backend/left-out-clients.ts says why).
    alias: {
      '@supabase/storage-js': here('../shared/src/kernel/backend/left-out-clients.ts'),
      '@supabase/functions-js': here('../shared/src/kernel/backend/left-out-clients.ts'),
      // wouter's React 16/17 shim: React 19's own hook instead (src/routing says why).
      'use-sync-external-store/shim/index.js': here('src/routing/use-sync-external-store.ts'),
      // RxJS's ES2015 build rather than its default ES5 one: classes instead of tslib's
      // helpers, about 2 KB less of the first load's compressed JavaScript. The page's target
      // is esnext, so nothing needs the ES5 code.
      rxjs: here('../node_modules/rxjs/dist/esm/index.js'),
    },
  },
  server: { port: shellApp.devPort, strictPort: true },
  preview: { port: shellApp.devPort, strictPort: true },
  build: { target: 'esnext', outDir: buildFolder },
  test: {
    name: 'shell',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // P8: the federation plugin is off under Vitest; the run-time loader is replaced by a stub
    // that serves local test components for the remote modules.
    alias: { '@module-federation/runtime': here('./test/federation-runtime-stub.tsx') },
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    },
  },
});
