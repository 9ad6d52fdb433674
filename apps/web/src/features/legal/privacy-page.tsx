// /privacidad (and /privacy): the privacy policy a person accepts at sign-up.
import { LegalDocument } from './legal-document.tsx';

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" />;
}
