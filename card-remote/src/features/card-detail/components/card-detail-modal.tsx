import {
  Button,
  Modal,
  boardStore,
  priorities,
  priorityName,
  t,
  type CardDetailProps,
  type Priority,
} from '@taskflow/shared';
import { useState } from 'react';
import { CommentList } from '../../comments/components/comment-list';
import { LabelModal } from '../../labels/components/label-modal';
import { SubtaskList } from '../../subtasks/components/subtask-list';
import { useCard } from '../hooks/use-card';
import { useDraft } from '../hooks/use-draft';
import { AssigneePicker } from './assignee-picker';
import { fieldClass, Section } from './field';

export const CardDetailModal = ({ boardId, cardId, onClose }: CardDetailProps) => {
  const { status, card, members, profiles, labels, list } = useCard(boardId, cardId);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const title = useDraft(card?.title ?? '', (value) => {
    if (value.trim()) void boardStore.updateCard(cardId, { title: value });
  });
  const description = useDraft(
    card?.description ?? '',
    (value) => void boardStore.updateCard(cardId, { description: value }),
  );

  if (!card) {
    return (
      <Modal title={t('card.title')} onClose={onClose} size="sm">
        <p className="text-sm text-slate-500">
          {status === 'ready' ? t('card.notFound') : t('boards.loading')}
        </p>
      </Modal>
    );
  }

  const cardLabels = labels.filter((label) => card.label_ids.includes(label.id));

  return (
    <Modal
      title={list ? list.title : t('card.title')}
      onClose={onClose}
      size="lg"
      footer={
        <Button
          variant="danger"
          onClick={() => {
            void boardStore.deleteCard(card.id);
            onClose();
          }}
        >
          {t('card.delete')}
        </Button>
      }
    >
      <div className="space-y-6">
        <label className="block">
          <span className="sr-only">{t('card.title')}</span>
          <input
            value={title.value}
            onChange={(event) => title.onChange(event.target.value)}
            onFocus={title.onFocus}
            onBlur={title.onBlur}
            aria-label={t('card.title')}
            className="block w-full rounded-lg border border-transparent px-2 py-1 text-xl font-semibold text-slate-900 hover:border-slate-200 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
        </label>

        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium text-slate-700">
            {t('card.dueDate')}
            <input
              type="date"
              value={card.due_date ?? ''}
              onChange={(event) =>
                void boardStore.updateCard(card.id, { due_date: event.target.value || null })
              }
              className={`mt-1 ${fieldClass}`}
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {t('card.priority')}
            <select
              value={priorities.includes(card.priority as Priority) ? card.priority : 'medium'}
              onChange={(event) =>
                void boardStore.updateCard(card.id, { priority: event.target.value as Priority })
              }
              className={`mt-1 ${fieldClass}`}
            >
              {priorities.map((priority) => (
                <option key={priority} value={priority}>
                  {priorityName(priority)}
                </option>
              ))}
            </select>
          </label>
        </div>

        <Section title={t('card.description')}>
          <textarea
            rows={4}
            value={description.value}
            onChange={(event) => description.onChange(event.target.value)}
            onFocus={description.onFocus}
            onBlur={description.onBlur}
            placeholder={t('card.descriptionPlaceholder')}
            aria-label={t('card.description')}
            className={fieldClass}
          />
        </Section>

        <Section title={t('card.assignees')}>
          <AssigneePicker card={card} members={members} />
        </Section>

        <Section
          title={t('card.labels')}
          aside={
            <button
              type="button"
              onClick={() => setLabelsOpen(true)}
              className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
            >
              {t('card.editLabels')}
            </button>
          }
        >
          <div className="flex flex-wrap gap-1.5">
            {cardLabels.map((label) => (
              <span
                key={label.id}
                className={`rounded-md px-2 py-0.5 text-xs font-medium ${label.color}`}
              >
                {label.name}
              </span>
            ))}
          </div>
        </Section>

        <SubtaskList card={card} members={members} profiles={profiles} />
        <CommentList card={card} profiles={profiles} />
      </div>
      {labelsOpen ? (
        <LabelModal card={card} labels={labels} onClose={() => setLabelsOpen(false)} />
      ) : null}
    </Modal>
  );
};
