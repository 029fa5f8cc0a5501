import {
  Button,
  PencilIcon,
  boardStore,
  currentUser,
  displayName,
  selectMemberProfiles,
  t,
  useBoard,
  type Card,
} from '@taskflow/shared';
import { Suspense, lazy, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { leaveFieldOnEscape } from '../../../components/leave-field-on-escape';
import { useStoredDraft } from '../../../components/use-stored-draft';
import { Markdown } from '../../../components/markdown';
import { Section } from '../../../components/section';
import { MentionField } from '../../mentions/components/mention-field';
import { useGuardedDraft } from '../hooks/use-guarded-draft';

// Shown only when two members edit at once: loaded then, not with every card.
const DescriptionConflict = lazy(() =>
  import('./description-conflict').then(({ DescriptionConflict }) => ({
    default: DescriptionConflict,
  })),
);

/**
 * The description: its Markdown rendered while reading, its source in the textarea while
 * editing. A click on the rendering, or 'Beschreibung bearbeiten', opens the source;
 * leaving the field saves it and shows the rendering again. An empty description is the
 * textarea straight away, so writing one takes no extra click. When another member saves a
 * different description while this user edits it, nothing is overwritten: the user is told,
 * sees both, and keeps theirs or mine (hooks/use-guarded-draft.ts).
 */
export const DescriptionField = ({ card }: { card: Card }) => {
  // What was typed and not yet saved (a save waits for a pause) outlives a reload of the tab.
  const [unsaved, setUnsaved] = useStoredDraft(currentUser()?.id ?? null, card.id, 'description');
  const description = useGuardedDraft(card.description, (value) => {
    setUnsaved('');
    void boardStore.updateCard(card.id, { description: value });
  });
  const [editing, setEditing] = useState(false);
  // Mentions read as the members' current names; '@' in the editor offers the members.
  const { data } = useBoard(card.board_id);
  const profiles = data ? selectMemberProfiles(data) : undefined;
  const members = useMemo(() => Object.values(profiles ?? {}), [profiles]);
  const nameOf = (id: string) => (profiles?.[id] ? displayName(profiles[id]) : undefined);
  // Reopened after a reload with text typed before it: back in the editor, saved as typing is.
  const restore = useRef(unsaved !== card.description ? unsaved : '');
  const { onChange: type } = description;
  useEffect(() => {
    if (!restore.current) return;
    type(restore.current);
    restore.current = '';
    setEditing(true);
  }, [type]);
  const conflict = description.theirs !== null;
  const reading = !editing && !conflict && description.value.trim() !== '';

  const editOnClick = (event: MouseEvent<HTMLDivElement>) => {
    // A link opens its page; selecting text to copy it is reading, not editing.
    if ((event.target as Element).closest('a')) return;
    if (window.getSelection()?.toString()) return;
    setEditing(true);
  };

  return (
    <Section
      title={t('card.description')}
      aside={
        reading ? (
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5 text-xs"
            onClick={() => setEditing(true)}
            aria-label={t('card.descriptionEdit')}
            title={t('card.descriptionEdit')}
          >
            <PencilIcon />
          </Button>
        ) : null
      }
    >
      {reading ? (
        // Not a button: it holds links, which must stay links. The pencil above is the keyboard
        // way into the same editor.
        <div
          data-testid="card-description"
          onClick={editOnClick}
          className="cursor-text rounded-lg px-3 py-2 text-sm ring-1 ring-transparent hover:ring-slate-200"
        >
          <Markdown text={description.value} nameOf={nameOf} />
        </div>
      ) : (
        <>
          <MentionField
            multiline
            rows={4}
            autoFocus={editing}
            value={description.value}
            members={members}
            onValueChange={(value) => {
              setUnsaved(value);
              description.onChange(value);
            }}
            // Escape leaves the editor (saved, as leaving always is) and shows the rendering.
            onKeyDown={leaveFieldOnEscape(description.value.trim() !== '')}
            // Typing into an empty description must not swap the field for its rendering.
            onFocus={() => {
              description.onFocus();
              setEditing(true);
            }}
            onBlur={() => {
              description.onBlur();
              setEditing(false);
            }}
            placeholder={t('card.descriptionPlaceholder')}
            aria-label={t('card.description')}
            aria-describedby={`markdown-hint-${card.id}`}
          />
          <p id={`markdown-hint-${card.id}`} className="text-xs text-slate-500">
            {t('card.markdownHint')}
          </p>
          {description.theirs !== null ? (
            <Suspense fallback={null}>
              <DescriptionConflict
                boardId={card.board_id}
                cardId={card.id}
                theirs={description.theirs}
                onKeepMine={description.keepMine}
                onTakeTheirs={description.takeTheirs}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </Section>
  );
};
