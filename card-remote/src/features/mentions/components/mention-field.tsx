import {
  TextArea,
  TextInput,
  type MemberProfile,
  type TextAreaProps,
  type TextInputProps,
} from '@taskflow/shared';
import { lazy, Suspense, useId, type KeyboardEvent } from 'react';
import { mentionOptionId, useMentionQuery } from '../use-mention-query';

// The member list after '@' loads the first time it opens.
const MentionPicker = lazy(async () => ({
  default: (await import('./mention-picker')).MentionPicker,
}));

interface MentionFieldOwnProps {
  value: string;
  /** The whole new text: typed, or with a chosen member's `@[<user id>]` put in. */
  onValueChange: (text: string) => void;
  /** The board's members, offered after '@'. */
  members: readonly MemberProfile[];
  /** Keys the open list does not use (it takes arrows, Enter, Tab and Escape while open). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement & HTMLTextAreaElement>) => void;
}

type Shared = 'value' | 'onChange' | 'onKeyDown' | 'role';

export type MentionFieldProps = MentionFieldOwnProps &
  (
    | ({ multiline?: false } & Omit<TextInputProps, Shared>)
    | ({ multiline: true } & Omit<TextAreaProps, Shared>)
  );

/**
 * A text field where '@' offers the board's members: the new comment, a comment being edited
 * and the description use this one field. It is a combobox (ARIA 1.2 pattern): the field keeps
 * the focus and the keys, the listbox below names the highlighted option by
 * aria-activedescendant, and the list closes on Escape without losing the text.
 */
export const MentionField = ({
  value,
  onValueChange,
  members,
  onKeyDown,
  ...field
}: MentionFieldProps) => {
  const mention = useMentionQuery(value, onValueChange, members);
  const listId = useId();
  const combobox = {
    value,
    onChange: (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
      onValueChange(event.target.value);
      mention.track(event.target);
    },
    onSelect: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      mention.track(event.currentTarget),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      if (!mention.onKeyDown(event)) onKeyDown?.(event);
    },
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': mention.open,
    'aria-controls': mention.open ? listId : undefined,
    'aria-activedescendant': mention.open ? mentionOptionId(listId, mention.active) : undefined,
  } as const;
  return (
    <div className="relative min-w-0 flex-1">
      {field.multiline ? (
        <TextArea {...withoutMultiline(field)} {...combobox} />
      ) : (
        <TextInput {...withoutMultiline(field)} {...combobox} />
      )}
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
    </div>
  );
};

const withoutMultiline = <T extends { multiline?: boolean }>({
  multiline: _multiline,
  ...rest
}: T) => rest;
