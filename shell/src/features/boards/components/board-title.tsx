import {
  FALLBACK_ATTRIBUTE,
  PencilIcon,
  TextInput,
  boardStore,
  t,
  useTakeLostFocus,
} from '@taskflow/shared';
import { useRef, useState } from 'react';

const headingClass = 'min-w-0 text-xl font-bold tracking-tight break-words drop-shadow-sm';

/**
 * The board's name in its header. The owner renames it in place: a click turns it into a field,
 * Enter or leaving the field saves, Escape keeps the old name. The heading keeps the board's
 * name as its accessible name (the pencil is decoration, the button's tooltip says what it does).
 * It is where a lost focus goes (after sign-in, a new board, a closed dialog whose trigger left:
 * ui/lost-focus.ts in shared).
 */
export const BoardTitle = ({ title, editable }: { title: string; editable: boolean }) => {
  const [draft, setDraft] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rename = useRef<HTMLButtonElement>(null);
  useTakeLostFocus(editable ? rename : heading);
  const fallback = { [FALLBACK_ATTRIBUTE]: true };

  if (!editable) {
    return (
      <h2 ref={heading} tabIndex={-1} {...fallback} className={`mr-auto ${headingClass}`}>
        {title}
      </h2>
    );
  }

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
        ref={rename}
        {...fallback}
        type="button"
        title={t('boards.rename')}
        onClick={() => setDraft(title)}
        className="min-h-10 max-w-full rounded-lg px-1 text-left break-words hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
      >
        {title}
        <PencilIcon className="ml-2 inline-block h-4 w-4 align-[-0.125em] opacity-70" />
      </button>
    </h2>
  );
};
