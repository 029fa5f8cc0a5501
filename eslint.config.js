// The lint rules below are the architecture diagram of ../shared/docs/ARCHITECTURE.md §1:
// remotes import only `shared` and libraries, `shared` imports no app, the backend imports no
// frontend code, and no workspace reaches into another one by a relative path.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const apps = ['shell', 'board-remote', 'card-remote', 'team-remote'];
const workspaces = ['shared', 'backend', ...apps];

/** Every workspace may import only itself (plus what `allowed` names) by path. */
const zonesFor = (self, allowed = []) =>
  workspaces
    .filter((w) => w !== self && !allowed.includes(w))
    .map((other) => ({
      target: `./${self}`,
      from: `./${other}`,
      message: `${self} must not import ${other} (see docs/ARCHITECTURE.md §1).`,
    }));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/.data/**', '**/.tmp/**'],
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
    // Cycle detection parses imported files; never walk into node_modules (huge bundles).
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: workspaces.flatMap((w) => zonesFor(w)) }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [...['shared', ...apps].map((w) => `${w}/**/*.{ts,tsx}`)],
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
