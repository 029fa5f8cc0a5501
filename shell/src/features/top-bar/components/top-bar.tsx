import { Avatar, Button, StrokeIcon, TextInput, t, type Board } from '@taskflow/shared';
import { NotificationBell } from '../../notifications/components/notification-bell';
import { BoardSelector } from './board-selector';
import { MyTasksButton } from './my-tasks-button';

export interface TopBarProps {
  email: string;
  /** The name shown on the profile button's avatar. */
  fullName?: string;
  boards: readonly Board[];
  selectedBoardId: string | null;
  onSelectBoard: (boardId: string) => void;
  onNewBoard: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** Phone layout: one row; the search box lives in the filter panel behind the Filter button. */
  compact?: boolean;
  filtersOpen: boolean;
  /** Active filters, the search included. */
  activeFilterCount: number;
  onToggleFilters: () => void;
  onOpenProfile?: () => void;
  onSignOut: () => void;
  /** 'Meine Aufgaben': opens the view; the badge shows how many are overdue or due today. */
  onOpenMyTasks?: () => void;
  dueTaskCount?: number;
  /** 'Benachrichtigungen': opens what a notification is about (its card, else its board). */
  onOpenNotification?: (boardId: string, cardId: string | null) => void;
}

const FilterIcon = () => (
  <StrokeIcon>
    <path d="M3 5h14M6 10h8M8.5 15h3" strokeWidth="1.75" strokeLinecap="round" />
  </StrokeIcon>
);

const SignOutIcon = () => (
  <StrokeIcon>
    <path
      d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3m4-10 4 4-4 4m4-4H8"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </StrokeIcon>
);

export const TopBar = ({
  email,
  fullName,
  boards,
  selectedBoardId,
  onSelectBoard,
  onNewBoard,
  search,
  onSearchChange,
  compact = false,
  filtersOpen,
  activeFilterCount,
  onToggleFilters,
  onOpenProfile,
  onSignOut,
  onOpenMyTasks,
  dueTaskCount = 0,
  onOpenNotification,
}: TopBarProps) => (
  <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
    {/* One row from tablet width on; on a phone the buttons hide their text and the board
        selector takes a second row, where its title is readable. */}
    <div className="flex items-center gap-2 px-3 py-2 max-sm:flex-wrap sm:gap-3 sm:px-4 sm:py-2.5">
      <div className="flex shrink-0 items-center gap-2">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white"
        >
          T
        </span>
        <h1 className="sr-only text-lg font-bold tracking-tight text-slate-900 lg:not-sr-only">
          {t('app.title')}
        </h1>
      </div>
      {boards.length > 0 ? (
        <BoardSelector boards={boards} selectedId={selectedBoardId} onSelect={onSelectBoard} />
      ) : null}
      <Button size="sm" className="shrink-0" onClick={onNewBoard} aria-label={t('topBar.newBoard')}>
        <span aria-hidden="true">+</span>
        <span className="max-sm:hidden">{t('topBar.newBoard')}</span>
      </Button>
      {/* Never narrower than its Filter button (which overlapped 'Meine Aufgaben' at tablet
          width): the search box and the board selector give way instead. */}
      <div className="flex items-center gap-2 md:flex-1">
        {compact ? null : (
          <TextInput
            size="sm"
            variant="filled"
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={t('topBar.search')}
            aria-label={t('topBar.search')}
            className="min-w-0 flex-1 text-slate-900 md:max-w-xs"
          />
        )}
        <Button
          size="sm"
          className="shrink-0"
          variant={filtersOpen ? 'primary' : 'secondary'}
          aria-pressed={filtersOpen}
          aria-expanded={filtersOpen}
          onClick={onToggleFilters}
        >
          <FilterIcon />
          <span className={compact ? 'sr-only' : undefined}>{t('topBar.filter')}</span>
          {activeFilterCount > 0 ? (
            <span
              className={`rounded-full px-1.5 text-xs font-semibold ${
                filtersOpen ? 'bg-white/90 text-indigo-700' : 'bg-indigo-600 text-white'
              }`}
            >
              {activeFilterCount}
            </span>
          ) : null}
        </Button>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        {onOpenMyTasks ? <MyTasksButton dueCount={dueTaskCount} onOpen={onOpenMyTasks} /> : null}
        {onOpenNotification ? <NotificationBell onOpen={onOpenNotification} /> : null}
        <span
          className="max-w-[16rem] truncate text-sm text-slate-500 max-lg:hidden"
          title={t('topBar.signedInAs', { email })}
        >
          {email}
        </span>
        {onOpenProfile ? (
          <button
            type="button"
            onClick={onOpenProfile}
            title={t('profile.open')}
            className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {/* Named by its own (hidden) text, not an aria-label that the visible initials would
                contradict (axe label-content-name-mismatch); the initials are decoration. */}
            <span className="sr-only">{t('profile.open')}</span>
            <span aria-hidden="true">
              <Avatar name={fullName || email} index={0} size="sm" />
            </span>
          </button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onSignOut} aria-label={t('topBar.signOut')}>
          <SignOutIcon />
          <span className="max-lg:hidden">{t('topBar.signOut')}</span>
        </Button>
      </div>
    </div>
  </header>
);
