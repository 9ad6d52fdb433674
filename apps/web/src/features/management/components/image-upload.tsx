// Upload a club's logo or cover, or an event's cover: the current image, a file picker, and the server's answer
// (it checks the photo by its content and sizes it; a refusal says why).
import { useId, useState } from 'react';
import { ImageUp } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { posterSources } from '../../../components/catalogue/poster.tsx';
import { api } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useInvalidateCatalogue } from '../api/invalidate.ts';

export function ImageUpload({
  label,
  current,
  endpoint,
  shape,
}: {
  label: string;
  current: string;
  endpoint: string;
  shape: 'cover' | 'logo';
}) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const invalidate = useInvalidateCatalogue();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(current);
  const inputId = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const { url } = await api<{ url: string }>(endpoint, { method: 'POST', body });
      setShown(url);
      toast.success(t('image.saved'));
      invalidate();
    } catch (e) {
      setError(errorText(e, t('image.failed')));
    } finally {
      setBusy(false);
    }
  };
  const src = shape === 'cover' ? posterSources(shown).src : shown;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold text-white/80">{label}</p>
      <img
        src={src}
        alt=""
        width={shape === 'cover' ? 1200 : 96}
        height={shape === 'cover' ? 630 : 96}
        className={
          shape === 'cover'
            ? 'aspect-[40/21] w-full rounded-xl bg-night-800 object-cover'
            : 'size-24 rounded-2xl bg-night-800 object-cover'
        }
      />
      <label
        htmlFor={inputId}
        className={`inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-full border border-white/15 px-4 text-sm font-semibold text-white/80 hover:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${busy ? 'opacity-60' : ''}`}
      >
        <ImageUp aria-hidden="true" className="size-4" />
        {busy ? t('image.uploading') : t('image.choose')}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className={`sr-only ${focusRing}`}
          disabled={busy}
          aria-label={label}
          aria-invalid={error !== null}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      <p className="text-xs text-white/50">{t('image.hint')}</p>
      {error && (
        <p role="alert" className="text-sm text-flame-500">
          {error}
        </p>
      )}
    </div>
  );
}
