// A message body as plain text (React escapes it; no HTML is ever interpreted), with web addresses turned
// into links that open in a new tab and give the other site nothing: no opener, no referrer, no ranking.
import Linkify from 'linkify-react';
import type { Opts } from 'linkifyjs';

const WEB_ONLY = /^https?:\/\//i;
const ANY_SCHEME = /^[a-z][\w+.-]*:/i;

export const LINK_OPTIONS: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  className: 'underline decoration-2 underline-offset-2 [overflow-wrap:anywhere] hover:opacity-80',
  // Only web addresses: e-mail addresses and any other scheme stay text.
  validate: (value: string, type: string) =>
    type === 'url' && (WEB_ONLY.test(value) || !ANY_SCHEME.test(value)),
};

export function LinkifiedText({ text }: { text: string }) {
  return (
    <Linkify as="p" options={LINK_OPTIONS} className="break-words whitespace-pre-wrap">
      {text}
    </Linkify>
  );
}
