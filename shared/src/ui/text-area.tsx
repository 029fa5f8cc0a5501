import type { ComponentPropsWithRef } from 'react';
import { LONG_TEXT_MAX_LENGTH } from '../domain/text-limits';
import { controlClass, type ControlStyleProps } from './control-class';
import { withField, type FieldedProps } from './field';

export type TextAreaProps = ComponentPropsWithRef<'textarea'> & ControlStyleProps;

/**
 * A textarea without a visible label: give it an aria-label, or use TextAreaField. It holds at
 * most as much as the database takes for a description or comment, unless told otherwise.
 */
export const TextArea = ({
  size,
  variant,
  className,
  maxLength = LONG_TEXT_MAX_LENGTH,
  ...textarea
}: TextAreaProps) => (
  <textarea
    className={controlClass({ size, variant }, className)}
    maxLength={maxLength}
    {...textarea}
  />
);

export type TextAreaFieldProps = FieldedProps<TextAreaProps>;

export const TextAreaField = withField(TextArea);
