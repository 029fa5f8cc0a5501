import type { ComponentPropsWithRef } from 'react';
import { TITLE_MAX_LENGTH } from '../domain/text-limits';
import { controlClass, type ControlStyleProps } from './control-class';
import { withField, type FieldedProps } from './field';

// `size` is the control's look; the native character width of an input is not used in TaskFlow.
export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & ControlStyleProps;

/**
 * A text input without a visible label: give it an aria-label, or use TextField. It holds at
 * most as much as the database takes for a title or name, unless told otherwise.
 */
export const TextInput = ({
  size,
  variant,
  className,
  maxLength = TITLE_MAX_LENGTH,
  ...input
}: TextInputProps) => (
  <input className={controlClass({ size, variant }, className)} maxLength={maxLength} {...input} />
);

export type TextFieldProps = FieldedProps<TextInputProps>;

export const TextField = withField(TextInput);
