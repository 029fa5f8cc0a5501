// The architecture's boundaries are ESLint rules (eslint.config.js). A rule that cannot resolve
// its imports passes everything without a word, as these did before the TypeScript resolver, so
// each rule is proven here on a fixture that breaks it, linted with the repository's own config.
// Most fixtures are linted as if they lay inside a workspace (ESLint's `filePath`), so that the
// zones apply to them and their imports resolve against the real tree; the cycle is two real
// files. `npm run lint` ignores the fixtures, which is checked as well.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = path.join(repoRoot, 'scripts/test/lint-fixtures');

// `ignore: false`: the config ignores the fixtures, so that `npm run lint` passes.
const eslint = new ESLint({ cwd: repoRoot, ignore: false });

/** The rules that report on a fixture, linted as the file `lintedAs` (relative to the root). */
const rulesFiring = async (fixture: string, lintedAs: string): Promise<string[]> => {
  const source = await readFile(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, lintedAs) });
  const messages = result?.messages ?? [];
  // A parse error would report no rule at all and pass a `not.toContain` silently.
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages.map((message) => message.ruleId ?? '');
};

describe('the boundary lint', { timeout: 60_000 }, () => {
  test.each([
    ['an app importing another app', 'app-imports-app.ts', 'card-remote', 'no-restricted-paths'],
    ['an app importing the shell', 'app-imports-shell.ts', 'board-remote', 'no-restricted-paths'],
    [
      "an app importing shared's internals by path",
      'deep-shared-relative.ts',
      'team-remote',
      'no-restricted-paths',
    ],
    ['shared importing an app', 'shared-imports-app.ts', 'shared', 'no-restricted-paths'],
    [
      'the backend importing shared',
      'backend-imports-frontend.ts',
      'backend',
      'no-restricted-paths',
    ],
    ['an unresolvable import', 'unresolved.ts', 'shared', 'no-unresolved'],
  ])('reports %s', async (_case, fixture, workspace, rule) => {
    const rules = await rulesFiring(fixture, `${workspace}/src/lint-fixture.ts`);
    expect(rules).toContain(`import-x/${rule}`);
    // A zone sees only resolved imports: the fixture must point at a file that exists.
    if (rule !== 'no-unresolved') expect(rules).not.toContain('import-x/no-unresolved');
  });

  test.each([
    ['the kernel importing a feature', 'kernel-imports-feature.ts', 'shared/src/kernel'],
    ['the UI kit importing a feature', 'ui-imports-feature.ts', 'shared/src/ui'],
    ['the domain importing a feature', 'domain-imports-feature.ts', 'shared/src/domain'],
    [
      "a feature reaching into another feature's files",
      'feature-imports-feature-internal.ts',
      'shared/src/features/activity',
    ],
    [
      'a feature importing the workspace',
      'feature-imports-workspace.ts',
      'shared/src/features/activity',
    ],
  ])('inside shared, reports %s', async (_case, fixture, folder) => {
    const rules = await rulesFiring(fixture, `${folder}/lint-fixture.ts`);
    expect(rules).toContain('import-x/no-restricted-paths');
    expect(rules).not.toContain('import-x/no-unresolved');
  });

  test("inside shared, allows a feature another feature's public file, the kernel, domain and UI kit", async () => {
    expect(
      await rulesFiring(
        'feature-imports-public-file.ts',
        'shared/src/features/activity/lint-fixture.ts',
      ),
    ).toEqual([]);
  });

  test('reports a relative import of another workspace, whichever file it reaches', async () => {
    const rules = await rulesFiring('deep-shared-relative.ts', 'team-remote/src/lint-fixture.ts');
    expect(rules).toContain('import-x/no-relative-packages');
  });

  test("reports shared's internals imported by package name", async () => {
    const rules = await rulesFiring('deep-shared-package.ts', 'team-remote/src/lint-fixture.ts');
    // Named by the pattern, and unresolvable because shared's `exports` do not list them.
    expect(rules).toContain('no-restricted-imports');
    expect(rules).toContain('import-x/no-unresolved');
  });

  test.each([
    ['createClient', 'app-creates-client.ts', 'board-remote'],
    ['an RxJS subject', 'app-creates-subject.ts', 'card-remote'],
  ])('reports %s in an app', async (_case, fixture, workspace) => {
    const rules = await rulesFiring(fixture, `${workspace}/src/lint-fixture.ts`);
    expect(rules).toContain('no-restricted-imports');
  });

  test('allows createClient and subjects inside shared', async () => {
    for (const fixture of ['app-creates-client.ts', 'app-creates-subject.ts']) {
      expect(await rulesFiring(fixture, 'shared/src/lint-fixture.ts')).toEqual([]);
    }
  });

  test("allows an app shared's public entries, libraries and its own files", async () => {
    expect(await rulesFiring('allowed.ts', 'card-remote/src/lint-fixture.ts')).toEqual([]);
  });

  test('reports an import cycle between extensionless imports', async () => {
    const results = await eslint.lintFiles([path.join(fixtures, 'cycle-a.ts')]);
    expect(results.flatMap((result) => result.messages.map((m) => m.ruleId))).toContain(
      'import-x/no-cycle',
    );
  });

  test('npm run lint leaves the fixtures alone', async () => {
    const linted = new ESLint({ cwd: repoRoot });
    expect(await linted.isPathIgnored(path.join(fixtures, 'app-imports-app.ts'))).toBe(true);
    expect(await linted.isPathIgnored(path.join(fixtures, 'cycle-a.ts'))).toBe(true);
  });
});
