import {
  SelectField,
  TITLE_MAX_LENGTH,
  TextArea,
  boardStore,
  priorities,
  priorityName,
  t,
  type Card,
  type Priority,
} from '@taskflow/shared';
import { DateField, useDateDraft } from '../../../components/date-field';
import { useDraft } from '../hooks/use-draft';
import { DescriptionField } from './description-field';

/**
 * Title, due date, priority and description: each saved as it changes (docs/product-spec.md §4);
 * the due date once the typed text is a whole date (on blur or Enter), not on each keystroke.
 */
export const CardFields = ({ card }: { card: Card }) => {
  const title = useDraft(card.title, (value) => {
    if (value.trim()) void boardStore.updateCard(card.id, { title: value });
  });
  const dueDate = useDateDraft(card.due_date);

  return (
    <>
      {/* Wraps as long German titles need and grows with them (field-sizing); still one line
          of text: Enter adds no line break (the title saves as typed), a pasted one becomes a
          space. */}
      <TextArea
        size="xl"
        variant="inline"
        rows={1}
        maxLength={TITLE_MAX_LENGTH}
        className="resize-none [field-sizing:content]"
        value={title.value}
        onChange={(event) => title.onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, ' '))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onFocus={title.onFocus}
        onBlur={title.onBlur}
        aria-label={t('card.title')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          className="font-medium"
          label={t('card.dueDate')}
          draft={dueDate}
          onCommit={(value) => {
            if (value !== card.due_date) void boardStore.updateCard(card.id, { due_date: value });
          }}
        />
        <SelectField
          className="font-medium"
          label={t('card.priority')}
          value={priorities.includes(card.priority as Priority) ? card.priority : 'medium'}
          onChange={(event) =>
            void boardStore.updateCard(card.id, { priority: event.target.value as Priority })
          }
        >
          {priorities.map((priority) => (
            <option key={priority} value={priority}>
              {priorityName(priority)}
            </option>
          ))}
        </SelectField>
      </div>

      <DescriptionField card={card} />
    </>
  );
};
