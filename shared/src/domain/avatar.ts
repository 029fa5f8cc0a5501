/** At most two initials, uppercase; '?' without a name (spec §9). */
export const avatarInitials = (name: string | null | undefined): string => {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('de-DE'))
    .join('');
};

// Six colours cycled by the profile's index in the board's member list (spec §9).
export const avatarColors = [
  'bg-blue-500',
  'bg-green-500',
  'bg-purple-500',
  'bg-orange-500',
  'bg-pink-500',
  'bg-indigo-500',
] as const;

export const avatarColor = (profileIndex: number): string => {
  const index = Math.abs(Math.trunc(profileIndex)) % avatarColors.length;
  return avatarColors[index] as string;
};
