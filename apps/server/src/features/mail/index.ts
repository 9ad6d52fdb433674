// The mail feature's public surface for other features.
export { queueMail, queueMailIn, localeOf, requestLocale, asLocale, type MailRequest } from './service.ts';
export type { MailLocale } from './layout.ts';
export type { TemplateData, TemplateName } from './templates.ts';
