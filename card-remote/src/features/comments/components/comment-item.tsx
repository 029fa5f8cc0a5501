import {
  Avatar,
  Button,
  boardStore,
  displayName,
  formatDateTime,
  t,
  type CardComment,
  type MemberProfile,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { Markdown } from '../../../components/markdown';
import { MentionField } from '../../mentions/components/mention-field';

interface CommentItemProps {
  comment: CardComment;
  author: MemberProfile | undefined;
  /** The viewer wrote it: they may edit and delete it (the server allows no one else). */
  own: boolean;
  /** Names for the comment's mentions (highlighted). */
  nameOf?: (userId: string) => string | undefined;
  /** The board's members, offered after '@' while editing. */
  members?: readonly MemberProfile[];
}

// The author's two actions under a comment: small and quiet, the comment stays the focus.
const quietAction = { size: 'sm', variant: 'ghost', className: 'px-1.5 text-xs' } as const;

/** One comment; its author sees 'Bearbeiten' and 'Löschen', always visible (no hover). */
export const CommentItem = ({ comment, author, own, nameOf, members = [] }: CommentItemProps) => {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(comment.text);

  // Opening and cancelling both start from the saved text, so no stale draft survives either.
  const fromSavedText = (open: boolean) => {
    setDraft(comment.text);
    setEditing(open);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    if (draft.trim() === comment.text) {
      setEditing(false);
      return;
    }
    setEditing(false);
    // Refused: the store rolls the text back and says why; the draft comes back to try again.
    if (!(await boardStore.editComment(comment.id, draft))) setEditing(true);
  };

  return (
    <li className="flex gap-2">
      <Avatar name={displayName(author)} index={author?.index ?? 0} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-500">
          <span className="font-medium text-slate-700">
            {displayName(author) || t('card.unknownUser')}
          </span>{' '}
          · {formatDateTime(comment.created_at)}
          {comment.edited_at ? <> {t('card.commentEdited')}</> : null}
        </p>
        {comment.imported_author_name !== null ? (
          <p className="text-xs text-slate-500 italic">
            {comment.imported_at
              ? t('card.commentImported', {
                  name: comment.imported_author_name || t('card.unknownUser'),
                  date: formatDateTime(comment.imported_at),
                })
              : t('card.commentImportedUndated', {
                  name: comment.imported_author_name || t('card.unknownUser'),
                })}
          </p>
        ) : null}
        {editing ? (
          <form onSubmit={(event) => void save(event)} className="mt-1 space-y-2">
            <MentionField
              multiline
              rows={3}
              autoFocus
              value={draft}
              onValueChange={setDraft}
              members={members}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  fromSavedText(false);
                }
              }}
              aria-label={t('card.commentEditLabel')}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={!draft.trim()}>
                {t('card.commentSave')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => fromSavedText(false)}>
                {t('card.commentCancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Markdown text={comment.text} className="text-sm" nameOf={nameOf} />
        )}
        {own && !editing ? (
          confirming ? (
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm" role="group">
              <span className="text-slate-700">{t('card.commentConfirmDelete')}</span>
              <Button
                size="sm"
                variant="danger"
                onClick={() => void boardStore.deleteComment(comment.id)}
              >
                {t('card.commentDelete')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('card.commentCancel')}
              </Button>
            </div>
          ) : (
            <div className="mt-0.5 flex gap-1">
              <Button {...quietAction} onClick={() => fromSavedText(true)}>
                {t('card.commentEdit')}
              </Button>
              <Button {...quietAction} onClick={() => setConfirming(true)}>
                {t('card.commentDelete')}
              </Button>
            </div>
          )
        ) : null}
      </div>
    </li>
  );
};
