import {
  Button,
  LONG_TEXT_MAX_LENGTH,
  TextInput,
  boardStore,
  displayName,
  t,
  type Card,
  type MemberProfile,
} from '@taskflow/shared';
import { lazy, Suspense, useId, useMemo, type FormEvent } from 'react';
import { leaveFieldOnEscape } from '../../../components/leave-field-on-escape';
import { useStoredDraft } from '../../../components/use-stored-draft';
import { Section } from '../../../components/section';
import { mentionOptionId, useMentionQuery } from '../../mentions/use-mention-query';
import { CommentItem } from './comment-item';

// The member list after '@' loads the first time it opens.
const MentionPicker = lazy(async () => ({
  default: (await import('../../mentions/components/mention-picker')).MentionPicker,
}));

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
  const mention = useMentionQuery(text, setText, members);
  const listId = useId();

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
          />
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} className="relative flex gap-2">
        {/* '@' offers the board's members: a combobox whose list stays with the field. */}
        <TextInput
          maxLength={LONG_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            mention.track(event.target);
          }}
          onSelect={(event) => mention.track(event.currentTarget)}
          onKeyDown={(event) => {
            if (!mention.onKeyDown(event)) leaveFieldOnEscape(text !== '')(event);
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={mention.open}
          aria-controls={mention.open ? listId : undefined}
          aria-activedescendant={mention.open ? mentionOptionId(listId, mention.active) : undefined}
          placeholder={t('card.commentPlaceholder')}
          aria-label={t('card.commentPlaceholder')}
        />
        {mention.open ? (
          <Suspense fallback={null}>
            <MentionPicker
              id={listId}
              options={mention.options}
              active={mention.active}
              optionId={(index) => mentionOptionId(listId, index)}
              onPick={mention.pick}
            />
          </Suspense>
        ) : null}
        <Button type="submit" size="sm" className="shrink-0" disabled={!text.trim()}>
          {t('card.addComment')}
        </Button>
      </form>
    </Section>
  );
};
