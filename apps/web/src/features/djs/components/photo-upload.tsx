// The DJ's own profile photo on /dj/dashboard: what /dj/{slug} shows, a picker (the server checks the photo by its
// content, strips its metadata and sizes it) and a way back to none. Not their account avatar.
import { useId } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDjPhoto } from '../api/djs.ts';
import { Button } from '../../../components/ui/button.tsx';

export function PhotoUpload({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const { t } = useTranslation('djs');
  const errorText = useErrorText();
  const { upload, remove } = useDjPhoto();
  const inputId = useId();
  const busy = upload.isPending || remove.isPending;
  const failed = upload.error ?? remove.error;
  const message = failed ? errorText(failed, t('photo.failed')) : null;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="dj-photo">
      {photoUrl ? (
        <img
          src={photoUrl}
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-2xl bg-night-800 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-24 place-items-center rounded-2xl bg-night-800 text-3xl font-black text-white/60"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={`inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-white/15 px-4 text-sm font-semibold text-white/80 hover:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${busy ? 'opacity-60' : ''}`}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending ? t('photo.uploading') : photoUrl ? t('photo.change') : t('photo.choose')}
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              className={`sr-only ${focusRing}`}
              disabled={busy}
              aria-label={t('photo.label')}
              aria-invalid={message !== null}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file, { onSuccess: () => toast.success(t('photo.saved')) });
              }}
            />
          </label>
          {photoUrl && (
            <Button
              tone="secondary"
              type="button"
              className="h-11"
              disabled={busy}
              onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(t('photo.removed')) })}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {t('photo.remove')}
            </Button>
          )}
        </div>
        <p className="text-xs text-white/50">{t('photo.hint')}</p>
      </div>
      {message && (
        <p role="alert" className="w-full text-sm text-flame-500">
          {message}
        </p>
      )}
    </div>
  );
}
