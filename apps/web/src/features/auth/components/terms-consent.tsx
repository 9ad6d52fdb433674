// The consent sign-up asks for: a required checkbox with links to the terms of use and the privacy policy. The
// links open in a new tab, so reading them does not lose what was typed in the form.
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { paths } from '../../../lib/paths.ts';

const link = `font-semibold text-neon-300 underline underline-offset-2 hover:text-neon-200 ${focusRing} rounded`;

// Trans puts the translated words of the link inside it.
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={link}>
      {children}
    </a>
  );
}

export function TermsConsent({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-neon-500"
          {...registration}
        />
        <label htmlFor={id} className="text-sm text-white/80">
          <Trans
            t={t}
            i18nKey="terms.label"
            components={{
              terms: <NewTabLink href={paths.terms} />,
              privacy: <NewTabLink href={paths.privacy} />,
            }}
          />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-flame-500">
          {error}
        </p>
      )}
    </div>
  );
}
