import {
  Button,
  LONG_TEXT_MAX_LENGTH,
  boardStore,
  displayName,
  t,
  type Card,
  type MemberProfile,
} from '@taskflow/shared';
import { useMemo, type FormEvent } from 'react';
import { leaveFieldOnEscape } from '../../../components/leave-field-on-escape';
import { useStoredDraft } from '../../../components/use-stored-draft';
import { Section } from '../../../components/section';
import { MentionField } from '../../mentions/components/mention-field';
import { CommentItem } from './comment-item';

export const CommentList = ({
  card,
  profiles,
  userId,
}: {
  card: Card;
  profiles: Record<string, MemberProfile>;
  userId: string | null;
}) => {
  // A half-typed comment survives a reload of the tab; sending it empties the draft.
  const [text, setText] = useStoredDraft(userId, card.id, 'comment');
  const members = useMemo(() => Object.values(profiles), [profiles]);
  const nameOf = (id: string) => (profiles[id] ? displayName(profiles[id]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const sent = text;
    setText('');
    // A refused comment gives the text back (unless a new one was typed meanwhile).
    if (!(await boardStore.addComment(card.id, sent))) setText((current) => current || sent);
  };

  return (
    <Section title={t('card.comments')}>
      {card.comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('card.noComments')}</p>
      ) : null}
      {/* Oldest first, newest last, next to the box; many comments scroll inside the modal. */}
      <ul className="max-h-80 space-y-3 overflow-y-auto overscroll-contain pr-1">
        {card.comments.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            author={profiles[comment.user_id]}
            own={userId !== null && comment.user_id === userId}
            nameOf={nameOf}
            members={members}
          />
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} className="relative flex gap-2">
        {/* '@' offers the board's members: a combobox whose list stays with the field. */}
        <MentionField
          maxLength={LONG_TEXT_MAX_LENGTH}
          value={text}
          onValueChange={setText}
          members={members}
          onKeyDown={leaveFieldOnEscape(text !== '')}
          placeholder={t('card.commentPlaceholder')}
          aria-label={t('card.commentPlaceholder')}
        />
        <Button type="submit" size="sm" className="shrink-0" disabled={!text.trim()}>
          {t('card.addComment')}
        </Button>
      </form>
    </Section>
  );
};
