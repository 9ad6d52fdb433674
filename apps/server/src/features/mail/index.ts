// The mail feature's public surface for other features.
export { queueMail, queueMailIn, localeOf, requestLocale, asLocale, type MailRequest } from './service.ts';
export type { MailLocale } from './layout.ts';
export type { TemplateData, TemplateName } from './templates.ts';
// The service fee's line in each language (Checkout, receipts).
export { FEE_LABEL } from './templates.ts';
