import { useSyncExternalStore } from 'react';
import { connection as pageConnection, type Connection } from './connection';
import type { ConnectionStatus } from './connection';

/** A hook reading `connection`; component tests bind it to the store's own (testing/). */
export const createUseConnection = (connection: Connection) => (): ConnectionStatus =>
  useSyncExternalStore(connection.subscribe, connection.get);

/** 'offline' while the backend cannot be reached (connection.ts says how that is seen). */
export const useConnection = createUseConnection(pageConnection);
