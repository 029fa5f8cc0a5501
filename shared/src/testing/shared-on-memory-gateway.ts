import type * as Shared from '../index';
import { Connection } from '../kernel/backend/connection';
import { BoardStore } from '../features/board/board-store';
import { createUseBoard } from '../features/board/use-board';
import { createUseConnection } from '../kernel/backend/use-connection';
import { createPresenceHooks } from '../features/presence/use-presence';
import { createUseActivity } from '../features/activity/use-activity';
import { createMemoryActivity, type MemoryActivity } from './memory-activity';
import { createMemoryGateway, type MemoryGateway } from './memory-gateway';
import { createMemoryPresence, type MemoryPresence } from './memory-presence';
import { sampleBoardSnapshot } from './sample-board';

let current: MemoryGateway | null = null;
let presence: MemoryPresence | null = null;
let currentActivity: MemoryActivity | null = null;

/**
 * The shared package as the remotes' component tests mock it: the real module, with the board
 * store, its hook and the connection state bound to a memory gateway holding the sample board,
 * presence bound to memory rooms (nobody signed in until the test says so) and the activity
 * history to a memory one,
 * so a component runs against the real store without a server. For vi.mock's factory (which vitest hoists):
 *
 *   vi.mock('@taskflow/shared', async (importOriginal) =>
 *     (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()));
 */
export const sharedOnMemoryGateway = (
  actual: typeof Shared,
  overrides: Partial<typeof Shared> = {},
): typeof Shared => {
  current = createMemoryGateway(sampleBoardSnapshot());
  currentActivity = createMemoryActivity();
  const connection = new Connection();
  const store = new BoardStore(current.gateway, connection);
  presence = createMemoryPresence();
  return {
    ...actual,
    boardStore: store,
    useBoard: createUseBoard(store),
    useConnection: createUseConnection(connection),
    presenceStore: presence.store,
    ...createPresenceHooks(presence.store),
    useActivity: createUseActivity(currentActivity.gateway),
    ...overrides,
  };
};

/** The memory gateway behind the mocked shared package of this test file. */
export const memoryGateway = (): MemoryGateway => {
  if (!current) throw new Error('vi.mock @taskflow/shared with sharedOnMemoryGateway first');
  return current;
};

/** The memory presence behind the mocked shared package of this test file. */
export const memoryPresence = (): MemoryPresence => {
  if (!presence) throw new Error('vi.mock @taskflow/shared with sharedOnMemoryGateway first');
  return presence;
};

/** The memory history behind the mocked shared package's useActivity. */
export const memoryActivity = (): MemoryActivity => {
  if (!currentActivity)
    throw new Error('vi.mock @taskflow/shared with sharedOnMemoryGateway first');
  return currentActivity;
};
