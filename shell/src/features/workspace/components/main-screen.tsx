import {
  boardsStore,
  selectMembers,
  signOut,
  t,
  useBoard,
  useBoards,
  useMyTasks,
  type BoardLabel,
  type BoardMember,
  type MyTask,
  type SessionUser,
} from '@taskflow/shared';
import { useCallback, useState } from 'react';
import { useBoardLoss } from '../hooks/use-board-loss';
import { BoardColumns, CardDetail, TeamManagement } from '../../../remotes/remote-components';
import { usePhoneLayout } from '../../../hooks/use-media-query';
import { useBoardPicture } from '../../board-picture/keep-board-picture';
import { BoardHeader } from '../../boards/components/board-header';
import { ConnectionBanner } from '../../connection/components/connection-banner';
import { OfflineGuard } from '../../offline/components/offline-guard';
import { confirmSignOut } from '../../offline/sign-out-check';
import { WelcomeScreen } from '../../boards/components/welcome-screen';
import { useCardFilters } from '../../filters/hooks/use-card-filters';
import { useGlobalShortcuts } from '../../shortcuts/hooks/use-global-shortcuts';
import { TopBar } from '../../top-bar/components/top-bar';
import { LoadingScreen } from '../../loading/components/loading-screen';
import { lazyView } from '../../loading/lazy-view';
import { cardUrl, type RouteView } from '../../../routing/routes';
import { useAppRoute } from '../../../routing/use-app-route';
import { useRouteSelection } from '../../../routing/use-route-selection';

// Views opened by a click load then, not with the app (features/loading/lazy-view.tsx).
const MyTasksView = lazyView(
  () => import('../../my-tasks/components/my-tasks-view'),
  'MyTasksView',
);
const ProfileDialog = lazyView(
  () => import('../../profile/components/profile-dialog'),
  'ProfileDialog',
);
const NewBoardModal = lazyView(
  () => import('../../boards/components/new-board-modal'),
  'NewBoardModal',
);
// The filter bar shows when the Filter button is pressed (on a phone it holds the search too).
const FilterBar = lazyView(() => import('../../filters/components/filter-bar'), 'FilterBar');
const ShortcutHelpDialog = lazyView(
  () => import('../../shortcuts/components/shortcut-help-dialog'),
  'ShortcutHelpDialog',
);
// A board the user is not on: the invitation to it, if there is one (features/invitations).
const InvitationOffer = lazyView(
  () => import('../../invitations/components/invitation-offer'),
  'InvitationOffer',
);
const ArchiveDialog = lazyView(
  () => import('../../archive/components/archive-dialog'),
  'ArchiveDialog',
);

const noMembers: readonly BoardMember[] = [];
const noLabels: readonly BoardLabel[] = [];

/**
 * What covers the board and has no address of its own: one at a time, so one value. The card,
 * the archive, 'Meine Aufgaben' and the shortcut help are in the address (src/routing), so they
 * survive a reload, can be sent as a link, and Back closes them.
 */
type Overlay = { kind: 'none' } | { kind: 'newBoard' } | { kind: 'team' } | { kind: 'profile' };

const none: Overlay = { kind: 'none' };

export const MainScreen = ({ user }: { user: SessionUser }) => {
  const boards = useBoards();
  const board = useBoard(boards.selectedId);
  const [overlay, setOverlay] = useState<Overlay>(none);
  const phone = usePhoneLayout();
  const myTasks = useMyTasks();
  const route = useAppRoute();
  const { noAccess } = useRouteSelection(route, boards);

  const open = useCallback((kind: Exclude<Overlay['kind'], 'none'>) => {
    setOverlay({ kind });
  }, []);
  const close = useCallback(() => setOverlay(none), []);
  const { openCard, openView, close: closeRoute } = route;
  const showView = useCallback((view: RouteView) => openView(view), [openView]);
  const openBoardCard = useCallback((cardId: string) => openCard(cardId), [openCard]);
  // Another board: its team dialog, if open, belonged to the one before (its card is in the
  // address, which the switch replaces).
  const selectBoard = useCallback(
    (boardId: string) => {
      setOverlay((current) => (current.kind === 'team' ? none : current));
      route.openBoard(boardId);
    },
    [route],
  );
  // A task opens its card on its board: the address names both, the board is selected from it
  // and the card detail waits for it to load.
  const openTask = useCallback(
    (task: MyTask) => {
      setOverlay(none);
      openCard(task.card_id, task.board_id);
    },
    [openCard],
  );
  // A notification opens its card (the address names it and its board), else its board.
  const openNotification = useCallback(
    (boardId: string, cardId: string | null) => {
      setOverlay(none);
      if (cardId) openCard(cardId, boardId);
      else selectBoard(boardId);
    },
    [openCard, selectBoard],
  );

  const data = board.status === 'ready' ? board.data : null;
  const members = data ? selectMembers(data) : noMembers;
  const labels = data ? data.labels : noLabels;
  const filters = useCardFilters(members, labels);
  const noBoards = boards.status === 'ready' && boards.boards.length === 0;
  useBoardLoss(boards.boards, boards.selectedId, setOverlay);
  // The board's picture on this device (features/board-picture): kept while the board is shown,
  // dropped when the board is gone; whatever else the screen shows replaces it.
  const lostBoardId = noAccess
    ? route.boardId
    : board.status === 'notFound'
      ? boards.selectedId
      : null;
  useBoardPicture({
    userId: user.id,
    boardId: data && !noAccess ? boards.selectedId : null,
    settled: noBoards || lostBoardId !== null || board.status === 'error',
    lostBoardId,
  });
  const { open: filtersOpen, toggle: toggleFilters } = filters;
  useGlobalShortcuts({
    onHelp: () => showView('shortcuts'),
    onShowSearch: () => {
      if (!filtersOpen) toggleFilters();
    },
  });

  return (
    // As tall as the screen, not taller: the board below the headers gets the height that is
    // left, so a long list scrolls inside itself and the page never scrolls too.
    <div className="flex h-full flex-col">
      <TopBar
        email={user.email}
        fullName={user.fullName}
        compact={phone}
        boards={boards.boards}
        selectedBoardId={noAccess ? null : boards.selectedId}
        onSelectBoard={selectBoard}
        onNewBoard={() => open('newBoard')}
        search={filters.filters.search}
        onSearchChange={filters.setSearch}
        filtersOpen={filters.open}
        activeFilterCount={filters.activeCount}
        onToggleFilters={filters.toggle}
        onOpenProfile={() => open('profile')}
        onSignOut={() => {
          void confirmSignOut().then((confirmed) => {
            if (!confirmed) return;
            // The next user to sign in on this device starts at their own board, not this one.
            route.leave();
            void signOut();
          });
        }}
        onOpenMyTasks={() => showView('myTasks')}
        dueTaskCount={myTasks.due.overdue + myTasks.due.today}
        onOpenNotification={openNotification}
      />
      <ConnectionBanner />
      <OfflineGuard />
      {filters.open ? (
        <FilterBar
          filters={filters.filters}
          {...(phone ? { onSearchChange: filters.setSearch } : {})}
          members={members}
          onAssigneeChange={filters.setAssignee}
          onPriorityChange={filters.setPriority}
          labels={labels}
          onLabelChange={filters.setLabel}
          onDueChange={filters.setDue}
          onReset={filters.reset}
        />
      ) : null}
      <main className="flex min-h-0 flex-1 flex-col">
        {boards.status === 'idle' || boards.status === 'loading' ? <LoadingScreen /> : null}
        {noBoards ? (
          <WelcomeScreen
            onCreateFirst={() => open('newBoard')}
            onOpenArchive={() => showView('archive')}
          />
        ) : null}
        {noAccess && route.boardId ? <InvitationOffer boardId={route.boardId} /> : null}
        {!noAccess && board.status === 'notFound' ? (
          <p className="p-8 text-center text-slate-500">{t('boards.notFound')}</p>
        ) : null}
        {!noAccess && board.status === 'error' ? (
          <p className="p-8 text-center text-slate-500">{t('boards.loadError')}</p>
        ) : null}
        {data && boards.selectedId && !noAccess ? (
          <>
            <BoardHeader
              data={data}
              isOwner={data.board.owner_id === user.id}
              onOpenTeam={() => open('team')}
              onDelete={() => void boardsStore.archive(data.board)}
              onOpenArchive={() => showView('archive')}
            />
            <BoardColumns
              boardId={boards.selectedId}
              filters={filters.filters}
              onOpenCard={openBoardCard}
              onResetFilters={filters.reset}
            />
          </>
        ) : null}
        {!noAccess && board.status === 'loading' && boards.selectedId ? (
          <p className="p-8 text-center text-sm text-slate-500">{t('boards.loading')}</p>
        ) : null}
      </main>
      {overlay.kind === 'newBoard' ? (
        <NewBoardModal onCreate={(title) => boardsStore.create(title)} onClose={close} />
      ) : null}
      {route.view === 'archive' && !noAccess ? (
        <ArchiveDialog boardId={boards.selectedId} userId={user.id} onClose={closeRoute} />
      ) : null}
      {route.view === 'myTasks' ? <MyTasksView onOpenTask={openTask} onClose={closeRoute} /> : null}
      {overlay.kind === 'profile' ? <ProfileDialog user={user} onClose={close} /> : null}
      {route.view === 'shortcuts' ? <ShortcutHelpDialog onClose={closeRoute} /> : null}
      {overlay.kind === 'team' && boards.selectedId ? (
        <TeamManagement boardId={boards.selectedId} onClose={close} />
      ) : null}
      {route.cardId && route.boardId && route.boardId === boards.selectedId && !noAccess ? (
        <CardDetail
          boardId={route.boardId}
          cardId={route.cardId}
          cardUrl={cardUrl(location.origin, import.meta.env.BASE_URL, route.boardId, route.cardId)}
          onClose={closeRoute}
        />
      ) : null}
    </div>
  );
};
