import {
  boardsStore,
  selectMembers,
  signOut,
  t,
  useBoard,
  useBoards,
  useMyTasks,
  type BoardMember,
  type MyTask,
  type SessionUser,
} from '@taskflow/shared';
import { useCallback, useState } from 'react';
import { BoardColumns, CardDetail, TeamManagement } from '../../../remotes/remote-components';
import { usePhoneLayout } from '../../../hooks/use-media-query';
import { BoardHeader } from '../../boards/components/board-header';
import { ConnectionBanner } from '../../connection/components/connection-banner';
import { DeleteBoardDialog } from '../../boards/components/delete-board-dialog';
import { NewBoardModal } from '../../boards/components/new-board-modal';
import { WelcomeScreen } from '../../boards/components/welcome-screen';
import { FilterBar } from '../../filters/components/filter-bar';
import { useCardFilters } from '../../filters/hooks/use-card-filters';
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

const noMembers: readonly BoardMember[] = [];

export const MainScreen = ({ user }: { user: SessionUser }) => {
  const boards = useBoards();
  const board = useBoard(boards.selectedId);
  const [creating, setCreating] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const phone = usePhoneLayout();
  const [openCardId, setOpenCardId] = useState<string | null>(null);
  const [myTasksOpen, setMyTasksOpen] = useState(false);
  const myTasks = useMyTasks();

  const selectBoard = useCallback((boardId: string) => {
    setOpenCardId(null);
    setTeamOpen(false);
    boardsStore.select(boardId);
  }, []);
  const closeCard = useCallback(() => setOpenCardId(null), []);
  // A task opens its card on its board: the board is selected (the card detail waits for it to
  // load), then the card is opened as a click on the board would.
  const openTask = useCallback(
    (task: MyTask) => {
      setMyTasksOpen(false);
      selectBoard(task.board_id);
      if (boardsStore.getState().selectedId === task.board_id) setOpenCardId(task.card_id);
    },
    [selectBoard],
  );
  const closeTeam = useCallback(() => setTeamOpen(false), []);

  const data = board.status === 'ready' ? board.data : null;
  const members = data ? selectMembers(data) : noMembers;
  const filters = useCardFilters(members);
  const noBoards = boards.status === 'ready' && boards.boards.length === 0;

  return (
    <div className="flex min-h-full flex-col">
      <TopBar
        email={user.email}
        fullName={user.fullName}
        compact={phone}
        boards={boards.boards}
        selectedBoardId={boards.selectedId}
        onSelectBoard={selectBoard}
        onNewBoard={() => setCreating(true)}
        search={filters.filters.search}
        onSearchChange={filters.setSearch}
        filtersOpen={filters.open}
        activeFilterCount={filters.activeCount}
        onToggleFilters={filters.toggle}
        onOpenProfile={() => setProfileOpen(true)}
        onSignOut={() => void signOut()}
        onOpenMyTasks={() => setMyTasksOpen(true)}
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
          onReset={filters.reset}
        />
      ) : null}
      <main className="flex min-h-0 flex-1 flex-col">
        {boards.status === 'idle' || boards.status === 'loading' ? <LoadingScreen /> : null}
        {noBoards ? <WelcomeScreen onCreateFirst={() => setCreating(true)} /> : null}
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
              onOpenTeam={() => setTeamOpen(true)}
              onDelete={() => setConfirmingDelete(true)}
            />
            <BoardColumns
              boardId={boards.selectedId}
              filters={filters.filters}
              onOpenCard={setOpenCardId}
              onResetFilters={filters.reset}
            />
          </>
        ) : null}
        {board.status === 'loading' && boards.selectedId ? (
          <p className="p-8 text-center text-sm text-slate-500">{t('boards.loading')}</p>
        ) : null}
      </main>
      {creating ? (
        <NewBoardModal
          onCreate={(title) => boardsStore.create(title)}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {confirmingDelete && data ? (
        <DeleteBoardDialog
          data={data}
          onConfirm={() => void boardsStore.remove(data.board.id)}
          onClose={() => setConfirmingDelete(false)}
        />
      ) : null}
      {myTasksOpen ? (
        <MyTasksView onOpenTask={openTask} onClose={() => setMyTasksOpen(false)} />
      ) : null}
      {profileOpen ? <ProfileDialog user={user} onClose={() => setProfileOpen(false)} /> : null}
      {teamOpen && boards.selectedId ? (
        <TeamManagement boardId={boards.selectedId} onClose={closeTeam} />
      ) : null}
      {openCardId && boards.selectedId ? (
        <CardDetail boardId={boards.selectedId} cardId={openCardId} onClose={closeCard} />
      ) : null}
    </div>
  );
};
