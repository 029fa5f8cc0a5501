import { t, type Board } from '@taskflow/shared';

interface BoardSelectorProps {
  boards: readonly Board[];
  selectedId: string | null;
  onSelect: (boardId: string) => void;
}

export const BoardSelector = ({ boards, selectedId, onSelect }: BoardSelectorProps) => (
  <select
    aria-label={t('topBar.boardSelector')}
    className="max-w-[14rem] truncate rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
    value={selectedId ?? ''}
    onChange={(event) => onSelect(event.target.value)}
  >
    {boards.map((board) => (
      <option key={board.id} value={board.id}>
        {board.title}
      </option>
    ))}
  </select>
);
