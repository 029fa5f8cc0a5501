// The UI kit's public file: atoms and form fields (label, hint and error wired to the control).
// They know the domain and the kernel, never a feature: a feature passes its data in as props.
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Avatar, AvatarStack, type AvatarProps, type AvatarStackProps } from './avatar';
export { Modal, type ModalProps } from './modal';
export { FALLBACK_ATTRIBUTE, recoverLostFocus, useTakeLostFocus } from './lost-focus';
export { StyleScope, type StyleScopeProps } from './style-scope';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { ToastViewport } from './toast-viewport';
export { StrokeIcon, PencilIcon, type StrokeIconProps } from './icons';
export { Field, type FieldProps, type FieldControlProps, type FieldLayout } from './field';
export { FieldGroup, type FieldGroupProps } from './field-group';
export { TextInput, TextField, type TextInputProps, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { TextArea, TextAreaField, type TextAreaProps, type TextAreaFieldProps } from './text-area';
export { Select, SelectField, type SelectProps, type SelectFieldProps } from './select-field';
export { Checkbox, type CheckboxProps } from './checkbox';
export { MemberOptions, type MemberOptionsProps } from './member-options';
export { Message, type MessageProps, type MessageTone } from './message';
export type { ControlSize, ControlVariant } from './control-class';
export { shortcutOf, shortcutKeys, isTypingTarget, type Shortcut } from './keymap';
