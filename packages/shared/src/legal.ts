import { z } from 'zod';

// The terms of use and the privacy policy a person accepts at sign-up. The version is the date of the text in
// force: the account row keeps which one was accepted and when, so a later change can be asked for again.
export const TERMS_VERSION = '2026-11-29';

// The sign-up field that carries the consent (a checkbox on the form; `true` only).
export const TERMS_CONSENT_FIELD = 'acceptTerms';
export const TERMS_CONSENT_MESSAGE = 'You must accept the terms of use and the privacy policy';

// Who is behind the site, as both documents name it: the company's name always, its tax number, registered address
// and entry in the Mercantile Registry as the server is configured with them (LEGAL_* settings).
export const legalIdentitySchema = z.object({
  name: z.string(),
  nif: z.string().nullable(),
  address: z.string().nullable(),
  registry: z.string().nullable(),
});
export type LegalIdentity = z.infer<typeof legalIdentitySchema>;
