// /terminos (and /terms): the terms of use a person accepts at sign-up.
import { LegalDocument } from './legal-document.tsx';

export default function TermsPage() {
  return <LegalDocument doc="terms" />;
}
