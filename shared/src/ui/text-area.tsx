import type { ComponentPropsWithRef } from 'react';
import { controlClass, type ControlStyleProps } from './control-class';
import { withField, type FieldedProps } from './field';

export type TextAreaProps = ComponentPropsWithRef<'textarea'> & ControlStyleProps;

/** A textarea without a visible label: give it an aria-label, or use TextAreaField. */
export const TextArea = ({ size, variant, className, ...textarea }: TextAreaProps) => (
  <textarea className={controlClass({ size, variant }, className)} {...textarea} />
);

export type TextAreaFieldProps = FieldedProps<TextAreaProps>;

export const TextAreaField = withField(TextArea);
