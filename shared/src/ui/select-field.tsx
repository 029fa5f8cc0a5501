import type { ComponentPropsWithRef } from 'react';
import { controlClass, type ControlStyleProps } from './control-class';
import { withField, type FieldedProps } from './field';

// `size` is the control's look; a list box showing several rows is not used in TaskFlow.
export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size'> & ControlStyleProps;

/** A select without a visible label: give it an aria-label, or use SelectField. */
export const Select = ({ size, variant, className, ...select }: SelectProps) => (
  <select className={controlClass({ size, variant }, className)} {...select} />
);

export type SelectFieldProps = FieldedProps<SelectProps>;

export const SelectField = withField(Select);
