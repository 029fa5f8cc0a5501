import type { CardFilters } from '../domain/card-filter';
import { remoteKeys, remoteModuleId, type RemoteKey } from '../../federation/remotes.js';

// The props contracts between the shell and the remotes. Remotes export a default component
// with these props from the named exposed module; the shell renders them through module
// federation and never imports a remote's code.

/** board_remote/BoardColumns: the lists and cards of a board. */
export interface BoardColumnsProps {
  boardId: string;
  filters: CardFilters;
  onOpenCard: (cardId: string) => void;
  /** Clears search and filters: offered when they match no card. */
  onResetFilters?: () => void;
}

/** card_remote/CardDetail: the card detail modal (with its label modal). */
export interface CardDetailProps {
  boardId: string;
  cardId: string;
  /**
   * The card's address to share ('Link kopieren'), made by the shell's router: a remote never
   * reads or builds the page's URL. Optional, so a remote runs under a shell without routes.
   */
  cardUrl?: string;
  onClose: () => void;
}

/** team_remote/TeamManagement: the team-management modal. */
export interface TeamManagementProps {
  boardId: string;
  onClose: () => void;
}

/** Each remote's props contract, keyed like shared/federation/remotes.json. */
export interface RemoteContracts {
  board: BoardColumnsProps;
  card: CardDetailProps;
  team: TeamManagementProps;
}

/** The props of a remote's exposed component; a remote without a contract does not compile. */
export type RemoteProps<K extends RemoteKey> = RemoteContracts[K];

/** The federated module of each remote, e.g. board → 'board_remote/BoardColumns'. */
export const remoteModules = Object.fromEntries(
  remoteKeys.map((key) => [key, remoteModuleId(key)]),
) as Record<RemoteKey, string>;

export type { RemoteKey };
