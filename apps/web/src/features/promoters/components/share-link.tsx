// A promoter's personal link and code for one event: copy, share (the phone's share sheet when it has one) and a QR
// of the link to show from the phone.
import { useState } from 'react';
import { Copy, QrCode, Share2 } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { copyText } from '../../../components/share-button.tsx';

// Three to a row on a 390 px phone: tighter than the standard pill.
const button = `inline-flex h-11 min-w-0 items-center justify-center gap-1.5 rounded-full border border-white/15 px-2 text-sm font-semibold text-white/80 transition hover:border-neon-500/60 hover:text-white ${focusRing}`;

export function ShareLink({ url, code, eventName }: { url: string; code: string; eventName: string }) {
  const { t } = useTranslation('rpp');
  const [qr, setQr] = useState(false);
  const copied = async (text: string, what: 'link' | 'code') => {
    if (await copyText(text)) toast.success(t(`share.copied.${what}`));
    else toast.error(t('share.copyFailed'));
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: eventName, text: t('share.text', { event: eventName }), url });
        return;
      } catch {
        return; // closed by the person
      }
    }
    await copied(url, 'link');
  };
  return (
    <div className="grid gap-3 rounded-xl border border-white/10 bg-night-950/60 p-3">
      <div className="grid gap-1">
        <span className="text-xs font-semibold uppercase tracking-wide text-white/50">{t('share.link')}</span>
        <code data-testid="rpp-link" className="block break-all text-sm text-neon-400">
          {url}
        </code>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-white/50">{t('share.code')}</span>
        <code className="rounded-md bg-white/10 px-2 py-0.5 font-mono text-sm font-bold text-white">
          {code}
        </code>
        <button
          type="button"
          className={`grid size-11 place-items-center rounded-full text-white/60 hover:bg-white/10 hover:text-white ${focusRing}`}
          aria-label={t('share.copyCode')}
          onClick={() => void copied(code, 'code')}
        >
          <Copy aria-hidden="true" className="size-4 shrink-0" />
        </button>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <button type="button" className={button} onClick={() => void copied(url, 'link')}>
          <Copy aria-hidden="true" className="size-4 shrink-0" /> {t('share.copyLink')}
        </button>
        <button type="button" className={button} onClick={() => void share()}>
          <Share2 aria-hidden="true" className="size-4 shrink-0" /> {t('share.share')}
        </button>
        <button type="button" className={button} aria-expanded={qr} onClick={() => setQr((v) => !v)}>
          <QrCode aria-hidden="true" className="size-4 shrink-0" /> {t('share.qr')}
        </button>
      </div>
      {qr && (
        <div className="mx-auto rounded-xl bg-white p-3">
          <QRCodeSVG value={url} size={176} title={t('share.qrTitle', { event: eventName })} />
        </div>
      )}
    </div>
  );
}
