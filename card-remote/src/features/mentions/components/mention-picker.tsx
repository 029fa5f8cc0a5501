import { Avatar, displayName, t, type MemberProfile } from '@taskflow/shared';

export interface MentionPickerProps {
  /** The listbox's id, named by the combobox's aria-controls. */
  id: string;
  options: readonly MemberProfile[];
  /** Index of the highlighted option (aria-activedescendant of the combobox). */
  active: number;
  /**
   * An option's element id (use-mention-query's mentionOptionId), passed in rather than
   * imported: the hook's module is then only in the comment list's chunk, not split into a
   * chunk of its own that every opened card fetches.
   */
  optionId: (index: number) => string;
  onPick: (member: MemberProfile) => void;
}

/**
 * The board's members offered after '@' (a listbox below the field; the field keeps the focus
 * and the keys, as a combobox). Loaded the first time someone types '@'.
 */
export const MentionPicker = ({ id, options, active, optionId, onPick }: MentionPickerProps) => (
  <ul
    id={id}
    role="listbox"
    aria-label={t('notifications.mentionMembers')}
    className="absolute bottom-full left-0 z-10 mb-1 max-h-56 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
  >
    {options.map((member, index) => (
      <li
        key={member.id}
        id={optionId(index)}
        role="option"
        aria-selected={index === active}
        // The field keeps the focus: a press chooses without blurring it.
        onMouseDown={(event) => {
          event.preventDefault();
          onPick(member);
        }}
        className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${
          index === active ? 'bg-indigo-600 text-white' : 'text-slate-800 hover:bg-slate-100'
        }`}
      >
        <Avatar name={displayName(member)} index={member.index} size="sm" />
        <span className="truncate">{displayName(member)}</span>
      </li>
    ))}
  </ul>
);
