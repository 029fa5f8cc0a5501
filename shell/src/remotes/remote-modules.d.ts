// Hand-written types of the federated modules (dts: false, P10). The shell loads them by name
// through the run-time loader; these declarations keep the names and props in one place.
declare module 'board_remote/BoardColumns' {
  import type { ComponentType } from 'react';
  import type { BoardColumnsProps } from '@taskflow/shared';
  const BoardColumns: ComponentType<BoardColumnsProps>;
  export default BoardColumns;
}

declare module 'card_remote/CardDetail' {
  import type { ComponentType } from 'react';
  import type { CardDetailProps } from '@taskflow/shared';
  const CardDetail: ComponentType<CardDetailProps>;
  export default CardDetail;
}

declare module 'team_remote/TeamManagement' {
  import type { ComponentType } from 'react';
  import type { TeamManagementProps } from '@taskflow/shared';
  const TeamManagement: ComponentType<TeamManagementProps>;
  export default TeamManagement;
}
