import { Button, TextInput, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

interface InlineAddFormProps {
  placeholder: string;
  submitLabel: string;
  onSubmit: (title: string) => Promise<unknown>;
  onClose: () => void;
}

/** Enter adds (and keeps the form open for the next one), Escape closes; blank is ignored. */
export const InlineAddForm = ({
  placeholder,
  submitLabel,
  onSubmit,
  onClose,
}: InlineAddFormProps) => {
  const [title, setTitle] = useState('');
  const blank = title.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    void onSubmit(title.trim());
    setTitle('');
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <TextInput
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        placeholder={placeholder}
        aria-label={placeholder}
      />
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
