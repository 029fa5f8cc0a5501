// The lint rules below are the architecture diagram of docs/architecture.md §1: an app (the shell
// or a remote) imports only `shared`'s public entry and libraries, `shared` imports no app, the
// backend imports no frontend code, and no workspace reaches into another one by a relative path.
// scripts/test/lint-boundaries.test.ts lints a fixture for each of these rules, so none of them
// can stop firing unnoticed.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { appFolders } from '@taskflow/shared/federation/remotes';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import sharedPackage from './shared/package.json' with { type: 'json' };

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// The shell and every remote, from the one manifest of apps.
const apps = appFolders;
const frontend = ['shared', ...apps];

/**
 * What `@taskflow/shared`'s `exports` subpaths resolve to under shared/src (wildcards as their
 * folder). The zones see resolved file paths, so any other file there is an internal.
 */
const sharedPublicEntries = Object.values(sharedPackage.exports)
  .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
  .filter((target) => target.startsWith('./src/'))
  .map((target) => `./${target.slice('./src/'.length).replace(/\*.*$/, '')}`);

const zone = (target, from, message, except) => ({
  target: `./${target}`,
  from: `./${from}`,
  message,
  ...(except ? { except } : {}),
});

// Inside shared (docs/frontend.md, "Inside shared"): the kernel, the domain and the UI kit know no
// feature, and a feature reaches another only through that feature's public file. The workspace,
// the composition root, is the one place that assembles features from their parts.
const sharedFeatures = readdirSync(new URL('./shared/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A feature's public files: index.ts, and transfer's on-demand entry (shared/package.json). */
const featurePublicFiles = ['./index.ts', './formats.ts'];
const layersBelowFeatures = {
  'shared/src/kernel': 'the kernel',
  'shared/src/domain': 'the domain',
  'shared/src/ui': 'the UI kit',
};
const sharedZones = [
  ...Object.entries(layersBelowFeatures).flatMap(([layer, name]) => [
    zone(
      layer,
      'shared/src/features',
      `${name} must not import a feature: features build on it, not the other way round.`,
    ),
    zone(layer, 'shared/src/workspace', `${name} must not import the workspace.`),
  ]),
  zone('shared/src/kernel', 'shared/src/ui', 'The kernel must not import the UI kit.'),
  zone('shared/src/domain', 'shared/src/ui', 'The domain must not import the UI kit.'),
  zone(
    'shared/src/features',
    'shared/src/workspace',
    'A feature must not import the workspace: the workspace assembles the features.',
  ),
  ...sharedFeatures.flatMap((feature) =>
    sharedFeatures
      .filter((other) => other !== feature)
      .map((other) =>
        zone(
          `shared/src/features/${feature}`,
          `shared/src/features/${other}`,
          `The ${feature} feature reaches ${other} only through its public file (features/${other}/index.ts).`,
          featurePublicFiles,
        ),
      ),
  ),
];

const zones = [
  ...sharedZones,
  ...apps.flatMap((app) =>
    apps
      .filter((other) => other !== app)
      .map((other) =>
        zone(
          app,
          other,
          `${app} must not import ${other}: apps meet only through module federation (docs/architecture.md §1).`,
        ),
      ),
  ),
  ...apps.map((app) =>
    zone(
      app,
      'shared/src',
      'Import @taskflow/shared through its public entry (the `exports` of shared/package.json), not its internals.',
      sharedPublicEntries,
    ),
  ),
  ...apps.map((app) =>
    zone('shared', app, `shared must not import ${app}: shared is the library every app imports.`),
  ),
  ...frontend.map((w) => zone(w, 'backend', 'No frontend code imports the backend.')),
  ...frontend.map((w) => zone('backend', w, `The backend must not import ${w}.`)),
];

/** Restrictions on import names; the apps add theirs to these (ESLint replaces, not merges). */
const sharedInternals = {
  group: ['@taskflow/shared/src', '@taskflow/shared/src/**'],
  message: 'Import @taskflow/shared through its public entry, not its internals.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.data/**',
      '**/.tmp/**',
      // Deliberately broken files; scripts/test/lint-boundaries.test.ts lints them on purpose.
      'scripts/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolve as the compiler does: each workspace's tsconfig, package `exports`, extensionless
      // and `.ts` specifiers. Without it no TypeScript import resolved, and the rules below
      // silently checked nothing.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [...frontend, 'backend', 'scripts'].map((w) => `${repoRoot}${w}/tsconfig.json`),
        }),
      ],
      // no-cycle follows only files it parses: TypeScript ones too, never node_modules (huge).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones }],
      'no-restricted-imports': ['error', { patterns: [sharedInternals] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Workspace code imports other packages by name. The repository's tooling (scripts/, e2e/,
    // bench/) and the workspaces' tests may reach into workspaces: they start the backend in
    // process, read the demo account, or check generated files against their generator.
    files: [...frontend, 'backend'].map((w) => `${w}/**/*.{js,ts,tsx}`),
    ignores: ['*/test/**'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: frontend.map((w) => `${w}/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The apps reach the backend and RxJS state only through @taskflow/shared.
    files: apps.map((w) => `${w}/src/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              importNames: ['createClient'],
              message: 'Use the one client from @taskflow/shared.',
            },
            {
              name: 'rxjs',
              importNames: ['Subject', 'BehaviorSubject', 'ReplaySubject'],
              message: 'State lives in @taskflow/shared; apps read it through observables.',
            },
          ],
          patterns: [
            sharedInternals,
            {
              group: ['@taskflow/backend', '@taskflow/backend/*'],
              message: 'No frontend code imports the backend.',
            },
          ],
        },
      ],
    },
  },
);
