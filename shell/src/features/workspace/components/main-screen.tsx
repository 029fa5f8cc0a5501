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
import { BoardHeader } from '../../boards/components/board-header';
import { ConnectionBanner } from '../../connection/components/connection-banner';
import { WelcomeScreen } from '../../boards/components/welcome-screen';
import { useCardFilters } from '../../filters/hooks/use-card-filters';
import { useGlobalShortcuts } from '../../shortcuts/hooks/use-global-shortcuts';
import { TopBar } from '../../top-bar/components/top-bar';
import { LoadingScreen } from '../../loading/components/loading-screen';
import { lazyView } from '../../loading/lazy-view';

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
const ArchiveDialog = lazyView(
  () => import('../../archive/components/archive-dialog'),
  'ArchiveDialog',
);

const noMembers: readonly BoardMember[] = [];
const noLabels: readonly BoardLabel[] = [];

/** What covers the board, if anything: one at a time, so one value. */
type Overlay =
  | { kind: 'none' }
  | { kind: 'newBoard' }
  | { kind: 'archive' }
  | { kind: 'team' }
  | { kind: 'profile' }
  | { kind: 'myTasks' }
  | { kind: 'shortcuts' }
  | { kind: 'card'; cardId: string };

const none: Overlay = { kind: 'none' };

export const MainScreen = ({ user }: { user: SessionUser }) => {
  const boards = useBoards();
  const board = useBoard(boards.selectedId);
  const [overlay, setOverlay] = useState<Overlay>(none);
  const phone = usePhoneLayout();
  const myTasks = useMyTasks();

  const open = useCallback((kind: Exclude<Overlay['kind'], 'none' | 'card'>) => {
    setOverlay({ kind });
  }, []);
  const close = useCallback(() => setOverlay(none), []);
  const openCard = useCallback((cardId: string) => setOverlay({ kind: 'card', cardId }), []);
  // Another board: its card or team, if open, belonged to the one before.
  const selectBoard = useCallback((boardId: string) => {
    setOverlay((current) => (current.kind === 'card' || current.kind === 'team' ? none : current));
    boardsStore.select(boardId);
  }, []);
  // A task opens its card on its board: the board is selected (the card detail waits for it to
  // load), then the card is opened as a click on the board would.
  const openTask = useCallback(
    (task: MyTask) => {
      setOverlay(none);
      selectBoard(task.board_id);
      if (boardsStore.getState().selectedId === task.board_id) openCard(task.card_id);
    },
    [selectBoard, openCard],
  );

  const data = board.status === 'ready' ? board.data : null;
  const members = data ? selectMembers(data) : noMembers;
  const labels = data ? data.labels : noLabels;
  const filters = useCardFilters(members, labels);
  const noBoards = boards.status === 'ready' && boards.boards.length === 0;
  useBoardLoss(boards.boards, boards.selectedId, setOverlay);
  const { open: filtersOpen, toggle: toggleFilters } = filters;
  useGlobalShortcuts({
    onHelp: () => open('shortcuts'),
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
        selectedBoardId={boards.selectedId}
        onSelectBoard={selectBoard}
        onNewBoard={() => open('newBoard')}
        search={filters.filters.search}
        onSearchChange={filters.setSearch}
        filtersOpen={filters.open}
        activeFilterCount={filters.activeCount}
        onToggleFilters={filters.toggle}
        onOpenProfile={() => open('profile')}
        onSignOut={() => void signOut()}
        onOpenMyTasks={() => open('myTasks')}
        dueTaskCount={myTasks.due.overdue + myTasks.due.today}
      />
      <ConnectionBanner />
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
            onOpenArchive={() => open('archive')}
          />
        ) : null}
        {board.status === 'notFound' ? (
          <p className="p-8 text-center text-slate-500">{t('boards.notFound')}</p>
        ) : null}
        {board.status === 'error' ? (
          <p className="p-8 text-center text-slate-500">{t('boards.loadError')}</p>
        ) : null}
        {data && boards.selectedId ? (
          <>
            <BoardHeader
              data={data}
              isOwner={data.board.owner_id === user.id}
              onOpenTeam={() => open('team')}
              onDelete={() => void boardsStore.archive(data.board)}
              onOpenArchive={() => open('archive')}
            />
            <BoardColumns
              boardId={boards.selectedId}
              filters={filters.filters}
              onOpenCard={openCard}
              onResetFilters={filters.reset}
            />
          </>
        ) : null}
        {board.status === 'loading' && boards.selectedId ? (
          <p className="p-8 text-center text-sm text-slate-500">{t('boards.loading')}</p>
        ) : null}
      </main>
      {overlay.kind === 'newBoard' ? (
        <NewBoardModal onCreate={(title) => boardsStore.create(title)} onClose={close} />
      ) : null}
      {overlay.kind === 'archive' ? (
        <ArchiveDialog boardId={boards.selectedId} userId={user.id} onClose={close} />
      ) : null}
      {overlay.kind === 'myTasks' ? <MyTasksView onOpenTask={openTask} onClose={close} /> : null}
      {overlay.kind === 'profile' ? <ProfileDialog user={user} onClose={close} /> : null}
      {overlay.kind === 'shortcuts' ? <ShortcutHelpDialog onClose={close} /> : null}
      {overlay.kind === 'team' && boards.selectedId ? (
        <TeamManagement boardId={boards.selectedId} onClose={close} />
      ) : null}
      {overlay.kind === 'card' && boards.selectedId ? (
        <CardDetail boardId={boards.selectedId} cardId={overlay.cardId} onClose={close} />
      ) : null}
    </div>
  );
};
