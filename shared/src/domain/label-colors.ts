import { t } from '../kernel/i18n/t';

export type LabelColorKey =
  'blue' | 'green' | 'yellow' | 'red' | 'purple' | 'pink' | 'indigo' | 'gray';

export interface LabelColor {
  key: LabelColorKey;
  /** The class pair stored in board_labels.color. */
  className: string;
  /** A solid swatch for the colour picker. */
  swatchClassName: string;
}

// The class strings are written out in full so that Tailwind's scanner generates every one of
// them: board_labels.color holds exactly these strings.
export const labelColors: readonly LabelColor[] = [
  { key: 'blue', className: 'bg-blue-100 text-blue-800', swatchClassName: 'bg-blue-500' },
  { key: 'green', className: 'bg-green-100 text-green-800', swatchClassName: 'bg-green-500' },
  { key: 'yellow', className: 'bg-yellow-100 text-yellow-800', swatchClassName: 'bg-yellow-400' },
  { key: 'red', className: 'bg-red-100 text-red-800', swatchClassName: 'bg-red-500' },
  { key: 'purple', className: 'bg-purple-100 text-purple-800', swatchClassName: 'bg-purple-500' },
  { key: 'pink', className: 'bg-pink-100 text-pink-800', swatchClassName: 'bg-pink-500' },
  { key: 'indigo', className: 'bg-indigo-100 text-indigo-800', swatchClassName: 'bg-indigo-500' },
  { key: 'gray', className: 'bg-gray-100 text-gray-800', swatchClassName: 'bg-gray-500' },
];

export const defaultLabelColor: LabelColor = labelColors[0] as LabelColor;

export const labelColorName = (key: LabelColorKey): string => t(`labelColor.${key}`);

/** The colour entry for a stored class string; an unknown string falls back to blue. */
export const labelColorFor = (className: string | null | undefined): LabelColor =>
  labelColors.find((c) => c.className === className) ?? defaultLabelColor;
