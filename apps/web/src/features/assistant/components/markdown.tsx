// The assistant's Markdown, rendered safely: no raw HTML (react-markdown never injects it), only the few
// elements an answer needs, links inside the app through the router and the rest opened in a new tab.
import ReactMarkdown, { type Components } from 'react-markdown';
import { AppLink } from '../../../components/app-link.tsx';

const ALLOWED = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'code', 'br', 'del'];

const components: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <AppLink
        to={href}
        className="font-semibold text-neon-400 underline underline-offset-2 hover:text-white"
      >
        {children}
      </AppLink>
    ) : (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-semibold text-neon-400 underline underline-offset-2 hover:text-white"
      >
        {children}
      </a>
    ),
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  p: ({ children }) => <p className="my-1.5 first:mt-0 last:mb-0">{children}</p>,
  strong: ({ children }) => <strong className="font-semibold text-white">{children}</strong>,
};

export function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown allowedElements={ALLOWED} unwrapDisallowed skipHtml components={components}>
      {text}
    </ReactMarkdown>
  );
}
