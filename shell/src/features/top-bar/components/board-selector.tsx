import { Select, t, type Board } from '@taskflow/shared';

interface BoardSelectorProps {
  boards: readonly Board[];
  selectedId: string | null;
  onSelect: (boardId: string) => void;
}

export const BoardSelector = ({ boards, selectedId, onSelect }: BoardSelectorProps) => (
  <Select
    size="sm"
    aria-label={t('topBar.boardSelector')}
    // On a phone it has a row of its own below the buttons, so the title is readable.
    className="min-w-0 max-w-[14rem] truncate font-medium text-slate-800 max-sm:order-last max-sm:max-w-none max-sm:basis-full"
    value={selectedId ?? ''}
    onChange={(event) => onSelect(event.target.value)}
  >
    {boards.map((board) => (
      <option key={board.id} value={board.id}>
        {board.title}
      </option>
    ))}
  </Select>
);
