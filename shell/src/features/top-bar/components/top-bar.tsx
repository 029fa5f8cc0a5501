import { Button, TextInput, t, type Board } from '@taskflow/shared';
import { BoardSelector } from './board-selector';

export interface TopBarProps {
  email: string;
  boards: readonly Board[];
  selectedBoardId: string | null;
  onSelectBoard: (boardId: string) => void;
  onNewBoard: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  filtersOpen: boolean;
  activeFilterCount: number;
  onToggleFilters: () => void;
  onSignOut: () => void;
}

export const TopBar = ({
  email,
  boards,
  selectedBoardId,
  onSelectBoard,
  onNewBoard,
  search,
  onSearchChange,
  filtersOpen,
  activeFilterCount,
  onToggleFilters,
  onSignOut,
}: TopBarProps) => (
  <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5">
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white"
        >
          T
        </span>
        <h1 className="text-lg font-bold tracking-tight text-slate-900">{t('app.title')}</h1>
      </div>
      {boards.length > 0 ? (
        <BoardSelector boards={boards} selectedId={selectedBoardId} onSelect={onSelectBoard} />
      ) : null}
      <Button size="sm" onClick={onNewBoard} aria-label={t('topBar.newBoard')}>
        <span aria-hidden="true">+</span>
        <span className="hidden sm:inline">{t('topBar.newBoard')}</span>
      </Button>
      <div className="order-last flex w-full items-center gap-2 md:order-none md:w-auto md:flex-1">
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
        <Button
          size="sm"
          variant={filtersOpen ? 'primary' : 'secondary'}
          aria-pressed={filtersOpen}
          onClick={onToggleFilters}
        >
          {t('topBar.filter')}
          {activeFilterCount > 0 ? (
            <span className="rounded-full bg-white/90 px-1.5 text-xs font-semibold text-indigo-700">
              {activeFilterCount}
            </span>
          ) : null}
        </Button>
      </div>
      <div className="ml-auto flex items-center gap-2">
        <span
          className="max-w-[9rem] truncate text-sm text-slate-500 sm:max-w-[16rem]"
          title={t('topBar.signedInAs', { email })}
        >
          {email}
        </span>
        <Button size="sm" variant="ghost" onClick={onSignOut}>
          {t('topBar.signOut')}
        </Button>
      </div>
    </div>
  </header>
);
