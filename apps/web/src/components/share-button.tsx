// "Compartir": the phone's share sheet (Web Share API) where the browser has one; elsewhere the link is copied and
// a toast says so. Where the clipboard is refused too (an insecure page, a denied permission), the toast shows the
// link itself so it can be copied by hand.
import { Share2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// Resolves 'shared' (the sheet took it, or the person closed it), 'copied', or 'failed' (the link is in the toast).
export async function shareOrCopy(
  share: { title: string; text?: string; url: string },
  messages: { copied: string; failed: string },
): Promise<'shared' | 'copied' | 'failed'> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(share) ?? true)) {
    try {
      await navigator.share(share);
    } catch {
      // Closed by the person: nothing to say.
    }
    return 'shared';
  }
  if (await copyText(share.url)) {
    toast.success(messages.copied);
    return 'copied';
  }
  toast.error(messages.failed);
  return 'failed';
}

export function ShareButton({
  title,
  text,
  url,
  className = '',
}: {
  title: string;
  text?: string;
  // Absolute, or a path of this site.
  url: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const absolute = new URL(url, typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
    .href;
  return (
    <Button
      type="button"
      tone="secondary"
      size="lg"
      data-testid="share-button"
      className={className || undefined}
      onClick={() =>
        void shareOrCopy(
          { title, text, url: absolute },
          { copied: t('share.copied'), failed: t('share.failed', { url: absolute }) },
        )
      }
    >
      <Share2 aria-hidden="true" className="size-4 shrink-0" />
      {t('share.button')}
    </Button>
  );
}
