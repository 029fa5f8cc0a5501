import { Button, Message, TextInput, t } from '@taskflow/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { composerIntent, pastedInto, pastedTitles } from '../lib/composer';

interface InlineAddFormProps {
  placeholder: string;
  submitLabel: string;
  /** Resolves false when the server refused: the form then gives the text back. */
  onSubmit: (title: string) => Promise<boolean>;
  /**
   * A second way to add (the card composer's quick entry): Alt+Enter or its button adds and
   * keeps the field, empty and focused, for the next title.
   */
  more?: { label: string; onSubmit: (title: string) => Promise<boolean> };
  /**
   * Offered when several lines are pasted: adds one row per non-empty line, in order. Resolves
   * to the titles the server refused, which the form gives back.
   */
  onSubmitEach?: (titles: string[]) => Promise<string[]>;
  onClose: () => void;
}

/**
 * Enter adds, Escape closes; blank is ignored. The field clears at once (the new row shows
 * optimistically), and a refused create puts the typed text back with the reason, unless
 * something new was typed meanwhile. Whether the form stays open after Enter is the caller's
 * choice (a new list: it stays; a new card: it closes and the card opens).
 */
export const InlineAddForm = ({
  placeholder,
  submitLabel,
  onSubmit,
  more,
  onSubmitEach,
  onClose,
}: InlineAddFormProps) => {
  const [title, setTitle] = useState('');
  const [failed, setFailed] = useState(false);
  // The lines of a paste, and the field's text it made: the offer holds while the field shows it.
  const [pasted, setPasted] = useState<{ titles: string[]; value: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const offerId = useId();
  const blank = title.trim() === '';
  const lines = pasted && pasted.value === title ? pasted.titles : null;

  const send = async (submit: (title: string) => Promise<boolean>) => {
    if (blank) return;
    const sent = title.trim();
    setTitle('');
    setFailed(false);
    field.current?.focus();
    if (!(await submit(sent))) {
      setTitle((current) => current || sent);
      setFailed(true);
    }
  };

  const sendEach = async () => {
    if (!lines || !onSubmitEach) return;
    setTitle('');
    setFailed(false);
    setPasted(null);
    field.current?.focus();
    const refused = await onSubmitEach(lines);
    if (refused.length === 0) return;
    const value = refused.join(' ');
    setTitle((current) => current || value);
    setPasted({ titles: refused, value });
    setFailed(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(onSubmit);
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <TextInput
        ref={field}
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          const intent = composerIntent(event.nativeEvent);
          if (intent === 'close') onClose();
          else if (intent === 'addAndContinue' && more) {
            event.preventDefault();
            void send(more.onSubmit);
          }
        }}
        onPaste={(event) => {
          const titles = onSubmitEach ? pastedTitles(event.clipboardData.getData('text')) : null;
          if (!titles) return;
          event.preventDefault();
          const input = event.currentTarget;
          const end = input.selectionEnd ?? title.length;
          const value = pastedInto(title, { start: input.selectionStart ?? end, end }, titles);
          setTitle(value);
          setPasted({ titles, value });
          setFailed(false);
        }}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-invalid={failed || undefined}
        aria-keyshortcuts={more ? 'Enter Alt+Enter' : undefined}
        aria-describedby={lines ? offerId : undefined}
      />
      {failed ? <Message>{t('errors.createFailed')}</Message> : null}
      {lines ? (
        <div
          role="status"
          className="space-y-1.5 rounded-lg bg-indigo-50 p-2 text-sm text-slate-700"
        >
          <p id={offerId}>{t('lists.pastedLines', { count: lines.length })}</p>
          <Button size="sm" variant="secondary" onClick={() => void sendEach()}>
            {t('lists.addEachLine')}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={blank}>
          {submitLabel}
        </Button>
        {more ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={blank}
            aria-keyshortcuts="Alt+Enter"
            title={t('lists.addAndMoreHint')}
            onClick={() => void send(more.onSubmit)}
          >
            {more.label}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('lists.cancel')}
        </Button>
      </div>
    </form>
  );
};
