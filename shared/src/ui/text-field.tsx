import type { ComponentPropsWithRef } from 'react';
import { controlClass, type ControlStyleProps } from './control-class';
import { withField, type FieldedProps } from './field';

// `size` is the control's look; the native character width of an input is not used in TaskFlow.
export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & ControlStyleProps;

/** A text input without a visible label: give it an aria-label, or use TextField. */
export const TextInput = ({ size, variant, className, ...input }: TextInputProps) => (
  <input className={controlClass({ size, variant }, className)} {...input} />
);

export type TextFieldProps = FieldedProps<TextInputProps>;

export const TextField = withField(TextInput);
