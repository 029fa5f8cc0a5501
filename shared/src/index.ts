// @taskflow/shared: the one library every TaskFlow app imports. It is a module-federation
// singleton, so the client, the session and the stores below exist once per page.
//
// The entry is the apps' whole view of the data: the stores with their commands, hooks,
// domain helpers, UI atoms and the German catalogue. The Supabase client and the raw table
// calls (src/data) stay private, so every write goes through a store's optimistic command and
// its rollback. The standalone harness is '@taskflow/shared/dev', the memory gateway and
// fixtures '@taskflow/shared/testing'.

// backend settings (the shell applies its run-time config before the first call)
export { configureBackend, type BackendSettings } from './backend/backend-config';

// session
export {
  session$,
  signIn,
  signUp,
  signOut,
  updateFullName,
  changePassword,
  currentUser,
  getSessionState,
  type SessionState,
  type SessionUser,
  type AuthResult,
} from './auth/session';

// stores: the page's instances; their methods are the commands (board-commands.ts)
export {
  boardsStore,
  boardStore,
  myTasksStore,
  noteBoardShown,
  startWorkspace,
  importBoard,
} from './workspace';
export { fetchBoardExport, type ImportedBoard } from './data/transfer-api';
export { MAX_IMPORT_FILE_BYTES } from './transfer/limits';
export { ApiError, isNetworkError } from './data/api-error';
export type { BoardsState, BoardsStatus } from './boards/boards-store';
export type { BoardStore, BoardStoreState, BoardStatus } from './board/board-store';
export type { CardPatch } from './data/cards-api';
export type { ChecklistPatch } from './data/checklist-api';
export type { InviteResult } from './data/members-api';
export {
  selectLists,
  selectCardsByList,
  selectMembers,
  selectMemberProfiles,
  displayName,
  type MemberProfile,
} from './board/selectors';

// presence: who else has the board or a card open (issue 12)
export { presenceStore, useBoardPresence, useCardViewers } from './presence';
export type { PresencePeer, PresenceStore, PresenceState } from './presence/presence-store';

// domain rules
export type * from './domain/types';
export {
  priorities,
  normalizePriority,
  priorityName,
  priorityBadge,
  priorityBadgeClass,
} from './domain/priority';
export {
  labelColors,
  defaultLabelColor,
  labelColorName,
  labelColorFor,
  type LabelColor,
  type LabelColorKey,
} from './domain/label-colors';
export { avatarInitials, avatarColor, avatarColors } from './domain/avatar';
export { subtaskProgress } from './domain/progress';
export {
  matchesFilters,
  filtersForBoard,
  hasActiveFilters,
  emptyFilters,
  type CardFilters,
} from './domain/card-filter';
export { formatDate, formatDateTime, isOverdue, localDateKey } from './domain/dates';
export {
  POSITION_GAP,
  byPosition,
  positionAtEnd,
  positionBetween,
  positionForIndex,
} from './domain/positions';
export { boardBackgrounds, defaultBoardBackground } from './domain/board-backgrounds';

// 'Meine Aufgaben' (issue 12): the store above, its grouping, reminders and notifications
export type { MyTask } from './my-tasks/my-tasks-api';
export { myTaskKey } from './my-tasks/my-tasks-api';
export type { MyTasksState, MyTasksStatus } from './my-tasks/my-tasks-store';
export {
  groupMyTasks,
  myTaskGroupOf,
  myTaskGroupKeys,
  dueCounts,
  endOfWeek,
  type MyTaskGroup,
  type MyTaskGroupKey,
  type DueCounts,
} from './my-tasks/grouping';
export { reminderText, taskCount } from './my-tasks/reminders';
export {
  enableSystemNotifications,
  disableSystemNotifications,
  type SystemNotificationsState,
  type NotificationPermissionState,
} from './my-tasks/system-notifications';

// texts
export { t, type TextKey, type TextParams } from './i18n/t';
export { de, type Catalogue } from './i18n/de';

// remote contracts
export {
  remoteModules,
  type RemoteKey,
  type RemoteProps,
  type BoardColumnsProps,
  type CardDetailProps,
  type TeamManagementProps,
} from './contracts/remotes';

// activity history (issue 12): the feed of a board or a card, its sentences, its list view
export { useActivity, type UseActivityResult } from './activity/use-activity';
export { ActivityFeed, memberNames, type ActivityFeedProps } from './activity/activity-feed';
export { activitySentence, activityLine, relativeTime } from './activity/activity-sentence';
export type { ActivityEntry, ActivityScope } from './activity/activity-types';

// React: hooks and UI atoms
export { useSession } from './hooks/use-session';
export { useBoards } from './hooks/use-boards';
export { useBoard } from './hooks/use-board';
export { useToasts } from './hooks/use-toasts';
export { useConnection } from './hooks/use-connection';
export { useMyTasks, useSystemNotifications, type MyTasksView } from './hooks/use-my-tasks';
export { useTheme } from './hooks/use-theme';
export {
  setThemePreference,
  startTheme,
  theme$,
  themePreferences,
  type ResolvedTheme,
  type ThemePreference,
  type ThemeState,
} from './theme/theme-store';
export type { ConnectionStatus } from './backend/connection';
export { showToast, dismissToast, toasts$, type Toast, type ToastTone } from './toast/toast-store';
export { Button, type ButtonProps, type ButtonVariant } from './ui/button';
export { Avatar, type AvatarProps } from './ui/avatar';
export { Modal, type ModalProps } from './ui/modal';
export { StyleScope, type StyleScopeProps } from './ui/style-scope';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/confirm-dialog';
export { ToastViewport } from './ui/toast-viewport';
export { StrokeIcon, PencilIcon, type StrokeIconProps } from './ui/icons';

// UI atoms: form fields (shared/src/ui; label, hint and error wired to the control)
export { Field, type FieldProps, type FieldControlProps, type FieldLayout } from './ui/field';
export { FieldGroup, type FieldGroupProps } from './ui/field-group';
export {
  TextInput,
  TextField,
  DateField,
  type TextInputProps,
  type TextFieldProps,
  type DateFieldProps,
} from './ui/text-field';
export { PasswordField, type PasswordFieldProps } from './ui/password-field';
export {
  TextArea,
  TextAreaField,
  type TextAreaProps,
  type TextAreaFieldProps,
} from './ui/text-area';
export { Select, SelectField, type SelectProps, type SelectFieldProps } from './ui/select-field';
export { Checkbox, type CheckboxProps } from './ui/checkbox';
export { MemberOptions, type MemberOptionsProps } from './ui/member-options';
export { Message, type MessageProps, type MessageTone } from './ui/message';
export type { ControlSize, ControlVariant } from './ui/control-class';
// end of form fields
