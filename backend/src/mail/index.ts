export { createMailSender, type MailMessage, type MailSender } from './sender.ts';
export {
  loadMailTemplates,
  textOfHtml,
  type AuthMailKind,
  type MailTemplates,
  type RenderedMail,
  type TemplateFields,
} from './templates.ts';
export { startMailCatcher, type CaughtMail, type MailCatcher } from './catcher.ts';
