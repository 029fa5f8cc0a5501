/**
 * What the journey files set up the same way: the environment for the whole file, and the demo
 * owner and her teammate, each in a browser of their own.
 */
import { after, before } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { teammate } from '../../scripts/lib/seed-demo.ts';
import { demoAccount } from '../../shared/src/dev/demo-account.ts';
import { startEnvironment, type E2eEnvironment } from './environment.ts';
import { collectProblems, newGermanContext, see, signIn } from './page-helpers.ts';

/**
 * The file's environment: started before its tests, stopped after them. The object is filled in
 * by `before`, so the file holds it in a const.
 */
export const useEnvironment = (): E2eEnvironment => {
  const env = {} as E2eEnvironment;
  before(async () => {
    Object.assign(env, await startEnvironment());
  });
  after(async () => {
    // Absent when the start failed: the start's error is the one to report.
    await env.stop?.();
  });
  return env;
};

export interface OwnerAndMember {
  ownerPage: Page;
  memberPage: Page;
  /** What went wrong in the owner's page from its first load on (collectProblems). */
  ownerProblems: string[];
  close(): Promise<void>;
}

/**
 * The demo owner and her teammate, each in a browser of their own, both on the demo board.
 * `prepareMember` sets up the member's browser before its page opens (a network rule, say).
 */
export const openOwnerAndMember = async (
  env: E2eEnvironment,
  prepareMember: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<OwnerAndMember> => {
  const owner = await newGermanContext(env.browser);
  const member = await newGermanContext(env.browser);
  await prepareMember(member);
  const ownerPage = await owner.newPage();
  const memberPage = await member.newPage();
  const ownerProblems = collectProblems(ownerPage);
  await ownerPage.goto(env.shellUrl);
  await memberPage.goto(env.shellUrl);
  await signIn(ownerPage, demoAccount.email, demoAccount.password);
  await signIn(memberPage, teammate.email, teammate.password);
  await see(ownerPage, 'Startseite neu gestalten');
  await see(memberPage, 'Startseite neu gestalten');
  return {
    ownerPage,
    memberPage,
    ownerProblems,
    close: async () => {
      await owner.close();
      await member.close();
    },
  };
};

/**
 * The demo owner and her teammate for the enclosing `describe`: opened before its tests, closed
 * after them. The pages are filled in by `before`, so the block holds the object in a const.
 */
export const useOwnerAndMember = (
  env: E2eEnvironment,
  prepareMember?: (context: BrowserContext) => Promise<void>,
): OwnerAndMember => {
  const pair = {} as OwnerAndMember;
  before(async () => {
    Object.assign(pair, await openOwnerAndMember(env, prepareMember));
  });
  after(async () => {
    await pair.close?.();
  });
  return pair;
};

/**
 * A page in a German browser of its own for the enclosing `describe`, opened at the shell
 * before its tests and closed after them. `prepare` gets the page before the shell loads: the
 * block keeps it there, and may add routes or listeners that must see the first request.
 */
export const useGermanPage = (
  env: E2eEnvironment,
  prepare: (page: Page) => void | Promise<void>,
): void => {
  let context: BrowserContext | undefined;
  before(async () => {
    context = await newGermanContext(env.browser);
    const page = await context.newPage();
    await prepare(page);
    await page.goto(env.shellUrl);
  });
  after(async () => {
    await context?.close();
  });
};
