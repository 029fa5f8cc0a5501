import { useId, type ReactNode } from 'react';
import { Message } from './message';

/** What a field hands its control so that label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export type FieldLayout = 'stacked' | 'compact';

export interface FieldProps {
  label: ReactNode;
  /** A line of help under the control, read with it. */
  hint?: ReactNode;
  /** Marks the control invalid and is read with it. */
  error?: ReactNode;
  /** stacked: a form's field; compact: a small grey caption in a dense editor. */
  layout?: FieldLayout;
  /** Replaces the spacing between label, control, hint and error. */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

const layouts: Record<FieldLayout, { group: string; label: string }> = {
  stacked: { group: 'space-y-1', label: 'block text-sm font-medium text-slate-700' },
  compact: { group: '', label: 'block text-xs text-slate-500' },
};

/**
 * A labelled control: the label names it, hint and error describe it. The control is rendered by
 * the children so that anything (an input with a button beside it) can be labelled the same way.
 */
export const Field = ({
  label,
  hint,
  error,
  layout = 'stacked',
  className,
  children,
}: FieldProps) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? layouts[layout].group}>
      <label htmlFor={id} className={layouts[layout].label}>
        {label}
      </label>
      {/* Only what the field has: a control's own aria-describedby stays when there is no hint. */}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? <Message id={errorId}>{error}</Message> : null}
    </div>
  );
};

export type FieldedProps<P> = Omit<P, 'id'> & Omit<FieldProps, 'children' | 'className'>;

/** A control with its Field around it: TextField, SelectField, TextAreaField. */
export const withField =
  <P extends object>(Control: (props: P) => ReactNode) =>
  ({ label, hint, error, layout, ...control }: FieldedProps<P>) => (
    <Field label={label} hint={hint} error={error} layout={layout}>
      {/* The field's ids come last: they are what ties label, hint and error to the control. */}
      {(a11y) => <Control {...(control as P)} {...a11y} />}
    </Field>
  );
