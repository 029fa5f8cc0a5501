import { TextInput, boardStore, t } from '@taskflow/shared';
import { useState } from 'react';

const PencilIcon = () => (
  <svg
    viewBox="0 0 20 20"
    className="ml-2 inline-block h-4 w-4 align-[-0.125em] opacity-70"
    fill="none"
    stroke="currentColor"
    aria-hidden="true"
  >
    <path
      d="m13.5 3.5 3 3L7 16H4v-3l9.5-9.5Z"
      strokeWidth="1.5"
      strokeLinejoin="round"
      strokeLinecap="round"
    />
  </svg>
);

const headingClass = 'min-w-0 text-xl font-bold tracking-tight break-words drop-shadow-sm';

/**
 * The board's name in its header. The owner renames it in place: a click turns it into a field,
 * Enter or leaving the field saves, Escape keeps the old name. The heading keeps the board's
 * name as its accessible name (the pencil is decoration, the button's tooltip says what it does).
 */
export const BoardTitle = ({ title, editable }: { title: string; editable: boolean }) => {
  const [draft, setDraft] = useState<string | null>(null);

  if (!editable) return <h2 className={`mr-auto ${headingClass}`}>{title}</h2>;

  if (draft !== null) {
    const finish = (save: boolean) => {
      if (save && draft.trim() && draft.trim() !== title) {
        void boardStore.updateBoard({ title: draft });
      }
      setDraft(null);
    };
    return (
      <TextInput
        autoFocus
        size="xl"
        variant="inline"
        aria-label={t('boards.titleLabel')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') finish(true);
          if (event.key === 'Escape') finish(false);
        }}
        className="mr-auto min-w-0 flex-1 bg-white/95 sm:max-w-md"
      />
    );
  }

  return (
    <h2 className={`mr-auto ${headingClass}`}>
      <button
        type="button"
        title={t('boards.rename')}
        onClick={() => setDraft(title)}
        className="min-h-10 max-w-full rounded-lg px-1 text-left break-words hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
      >
        {title}
        <PencilIcon />
      </button>
    </h2>
  );
};
