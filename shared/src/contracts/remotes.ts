import type { CardFilters } from '../domain/card-filter';

// The props contracts between the shell and the remotes. Remotes export a default component
// with these props from the named exposed module; the shell renders them through module
// federation and never imports a remote's code.

/** board_remote/BoardColumns: the lists and cards of a board. */
export interface BoardColumnsProps {
  boardId: string;
  filters: CardFilters;
  onOpenCard: (cardId: string) => void;
}

/** card_remote/CardDetail: the card detail modal (with its label modal). */
export interface CardDetailProps {
  boardId: string;
  cardId: string;
  onClose: () => void;
}

/** team_remote/TeamManagement: the team-management modal. */
export interface TeamManagementProps {
  boardId: string;
  onClose: () => void;
}

/** Federation names and exposed modules, as the remotes' Vite configs declare them. */
export const remoteModules = {
  board: { remote: 'board_remote', module: 'board_remote/BoardColumns' },
  card: { remote: 'card_remote', module: 'card_remote/CardDetail' },
  team: { remote: 'team_remote', module: 'team_remote/TeamManagement' },
} as const;

export type RemoteKey = keyof typeof remoteModules;
