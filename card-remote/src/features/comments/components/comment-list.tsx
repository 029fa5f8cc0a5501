import {
  Avatar,
  Button,
  TextInput,
  boardStore,
  displayName,
  formatDateTime,
  t,
  type Card,
  type MemberProfile,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { Section } from '../../../components/section';

export const CommentList = ({
  card,
  profiles,
}: {
  card: Card;
  profiles: Record<string, MemberProfile>;
}) => {
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void boardStore.addComment(card.id, text);
    setText('');
  };

  return (
    <Section title={t('card.comments')}>
      {card.comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('card.noComments')}</p>
      ) : null}
      <ul className="space-y-3">
        {card.comments.map((comment) => {
          const author = profiles[comment.user_id];
          return (
            <li key={comment.id} className="flex gap-2">
              <Avatar name={displayName(author)} index={author?.index ?? 0} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-500">
                  <span className="font-medium text-slate-700">
                    {displayName(author) || t('card.unknownUser')}
                  </span>{' '}
                  · {formatDateTime(comment.created_at)}
                </p>
                <p className="whitespace-pre-wrap text-sm text-slate-800">{comment.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <form onSubmit={submit} className="flex gap-2">
        <TextInput
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('card.commentPlaceholder')}
          aria-label={t('card.commentPlaceholder')}
        />
        <Button type="submit" size="sm" disabled={!text.trim()}>
          {t('card.addComment')}
        </Button>
      </form>
    </Section>
  );
};
