import { FieldGroup, TextField, labelColorName, labelColors, t } from '@taskflow/shared';
import type { FormEvent } from 'react';
import { LabelChip } from './label-chip';

interface LabelFormProps {
  name: string;
  color: string;
  onNameChange: (name: string) => void;
  onColorChange: (color: string) => void;
  onSubmit: (event: FormEvent) => void;
}

/** Name and colour of a new label, with a preview of the chip it makes. */
export const LabelForm = ({
  name,
  color,
  onNameChange,
  onColorChange,
  onSubmit,
}: LabelFormProps) => (
  <form onSubmit={onSubmit} className="space-y-4">
    <TextField
      data-autofocus
      // The form replaces the label list inside the open dialog ('+ Neues Label', 'Bearbeiten'):
      // the name field takes the focus, else it stays on the footer button in that place.
      autoFocus
      className="font-medium"
      label={t('labels.name')}
      value={name}
      onChange={(event) => onNameChange(event.target.value)}
    />
    <FieldGroup legend={t('labels.color')}>
      <div className="grid grid-cols-4 gap-2">
        {labelColors.map((option) => (
          <label
            key={option.key}
            className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm ring-1 ${
              color === option.className ? 'ring-2 ring-indigo-500' : 'ring-slate-200'
            }`}
          >
            <input
              type="radio"
              name="label-color"
              className="sr-only"
              checked={color === option.className}
              onChange={() => onColorChange(option.className)}
            />
            <span className={`h-3 w-3 rounded-full ${option.swatchClassName}`} aria-hidden="true" />
            {labelColorName(option.key)}
          </label>
        ))}
      </div>
    </FieldGroup>
    {name.trim() ? <LabelChip name={name.trim()} color={color} className="inline-block" /> : null}
  </form>
);
