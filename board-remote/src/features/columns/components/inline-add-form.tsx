import { Button, Message, TextInput, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

interface InlineAddFormProps {
  placeholder: string;
  submitLabel: string;
  /** Resolves false when the server refused: the form then gives the text back. */
  onSubmit: (title: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Enter adds (and keeps the form open for the next one), Escape closes; blank is ignored. The
 * field clears at once (the new row shows optimistically), and a refused create puts the typed
 * text back with the reason, unless something new was typed meanwhile.
 */
export const InlineAddForm = ({
  placeholder,
  submitLabel,
  onSubmit,
  onClose,
}: InlineAddFormProps) => {
  const [title, setTitle] = useState('');
  const [failed, setFailed] = useState(false);
  const blank = title.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    const sent = title.trim();
    setTitle('');
    setFailed(false);
    if (!(await onSubmit(sent))) {
      setTitle((current) => current || sent);
      setFailed(true);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2">
      <TextInput
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-invalid={failed || undefined}
      />
      {failed ? <Message>{t('errors.createFailed')}</Message> : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={blank}>
          {submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('lists.cancel')}
        </Button>
      </div>
    </form>
  );
};
