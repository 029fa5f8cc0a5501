import type { BoardLabel } from '@taskflow/shared';

/** A label as the card detail shows it: its name on its colour. */
export const LabelChip = ({
  name,
  color,
  className = '',
}: Pick<BoardLabel, 'name' | 'color'> & { className?: string }) => (
  <span
    className={`max-w-full rounded-md px-2 py-0.5 text-xs font-medium break-words ${color} ${className}`.trimEnd()}
  >
    {name}
  </span>
);
