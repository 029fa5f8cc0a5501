import type * as Shared from '../index';
import { Connection } from '../backend/connection';
import { BoardStore } from '../board/board-store';
import { createUseBoard } from '../hooks/use-board';
import { createUseConnection } from '../hooks/use-connection';
import { createMemoryGateway, type MemoryGateway } from './memory-gateway';
import { sampleBoardSnapshot } from './sample-board';

let current: MemoryGateway | null = null;

/**
 * The shared package as the remotes' component tests mock it: the real module, with the board
 * store, its hook and the connection state bound to a memory gateway holding the sample board,
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
  const connection = new Connection();
  const store = new BoardStore(current.gateway, connection);
  return {
    ...actual,
    boardStore: store,
    useBoard: createUseBoard(store),
    useConnection: createUseConnection(connection),
    ...overrides,
  };
};

/** The memory gateway behind the mocked shared package of this test file. */
export const memoryGateway = (): MemoryGateway => {
  if (!current) throw new Error('vi.mock @taskflow/shared with sharedOnMemoryGateway first');
  return current;
};
